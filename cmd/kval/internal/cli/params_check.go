package cli

import (
	"fmt"

	"github.com/spf13/cobra"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/params"
)

type paramsCheckOptions struct {
	output                  string
	pkg, instance, from, to string
	values                  requestedValues
	helm                    helmOptions
}

func newParamsCheckCommand(s streams) *cobra.Command {
	o := &paramsCheckOptions{}
	cmd := &cobra.Command{
		Use:   "check (--package P | --package P --instance I | --from OLD --to NEW --instance I | --chart DIR [--old-chart OLD] --old-values A --values B) [-p NAME=VALUE]... [-P FILE]...",
		Short: "Check an install, update or upgrade of an operator's Instance offline",
		Long: `Check runs the rules the webhook runs on an Instance, offline, and prints the
parameters the Instance ends with (spec.parameters) and every violation:

  install:  --package P [-p NAME=VALUE]... [-P values.yaml]...
            immutable parameters without a value get their default
  update:   --package P --instance current.yaml [-p ...] [-P ...]
            no immutable parameter may change (set, changed or removed)
  upgrade:  --from OLD --to NEW --instance current.yaml [-p ...] [-P ...]
            the Instance's values are carried over and -p, -P set over them;
            parameters made immutable or added as immutable need a value,
            immutable ones keep theirs, removed ones leave the Instance
  Helm:     --chart DIR --old-values A.yaml --values B.yaml [--old-chart OLD]
            x-kubernetes-mutability in the chart's values.schema.json, on
            the chart's values.yaml merged under each values file; with
            --old-chart, OLD's values.yaml under A.yaml instead, so that a
            new chart version changing an immutable default is caught

P, OLD and NEW are package directories or files holding a kudo.dev/v1beta1
OperatorVersion; the Instance must refer to the OperatorVersion given (P or
OLD). -P files are YAML maps of parameter names to values (lists and maps
become YAML text), -p values are text and win over -P.

Exit status: 0 when allowed, 1 when refused, 2 when an input cannot be used
(an OperatorVersion with invalid parameters included).`,
		Example: `  kval params check --package examples/params/v1 -p NODE_COUNT=5
  kval params check --package examples/params/v1 --instance examples/params/instance.yaml -p DISK_SIZE=10Gi
  kval params check --from examples/params/v1 --to examples/params/v2 --instance examples/params/instance.yaml -p STORAGE_CLASS=standard`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runParamsCheck(s, o) },
	}
	f := cmd.Flags()
	f.StringVarP(&o.output, "output", "o", "text", "output format: text, json or yaml")
	f.StringVar(&o.pkg, "package", "", "the operator package or OperatorVersion file to install or update")
	f.StringVar(&o.instance, "instance", "", "the current Instance (kudo.dev/v1beta1) to update or upgrade")
	f.StringVar(&o.from, "from", "", "the package or OperatorVersion the Instance is on (upgrade)")
	f.StringVar(&o.to, "to", "", "the package or OperatorVersion to upgrade to")
	f.StringArrayVarP(&o.values.pairs, "parameter", "p", nil, "a parameter value NAME=VALUE (repeatable)")
	f.StringArrayVarP(&o.values.files, "parameter-file", "P", nil, "a YAML file of parameter values (repeatable)")
	o.helm.addFlags(cmd)
	return cmd
}

// checkResult is the outcome of one check, in the JSON and YAML output.
type checkResult struct {
	Operation       string            `json:"operation"`
	Instance        string            `json:"instance,omitempty"`
	OperatorVersion string            `json:"operatorVersion,omitempty"`
	From            string            `json:"from,omitempty"`
	Chart           string            `json:"chart,omitempty"`
	Allowed         bool              `json:"allowed"`
	Parameters      map[string]string `json:"parameters,omitempty"`
	Values          map[string]any    `json:"values,omitempty"`
	Errors          []fieldError      `json:"errors"`

	fieldErrs field.ErrorList
}

func runParamsCheck(s streams, o *paramsCheckOptions) error {
	if err := checkOutput(o.output); err != nil {
		return err
	}
	r, err := o.run(s)
	if err != nil {
		return err
	}
	r.Allowed, r.Errors = len(r.fieldErrs) == 0, toFieldErrors(r.fieldErrs)
	if err := printCheck(s, o.output, r); err != nil {
		return badInput("%v", err)
	}
	if !r.Allowed {
		return errInvalid
	}
	return nil
}

// run picks the check the flags ask for.
func (o *paramsCheckOptions) run(s streams) (*checkResult, error) {
	switch {
	case o.helm.chart != "":
		if o.pkg != "" || o.instance != "" || o.from != "" || o.to != "" {
			return nil, badInput("--chart checks Helm values: --package, --instance, --from and --to do not apply")
		}
		return o.helm.check()
	case o.from != "" || o.to != "":
		return o.upgrade(s)
	case o.pkg == "":
		return nil, badInput("give --package (install, or update with --instance), --from and --to (upgrade), or --chart")
	case o.instance != "":
		return o.update(s)
	}
	return o.install(s)
}

func (o *paramsCheckOptions) install(s streams) (*checkResult, error) {
	ov, err := loadVerified(s, o.pkg)
	if err != nil {
		return nil, err
	}
	given, err := o.values.read(ov)
	if err != nil {
		return nil, err
	}
	result, errs := params.Install(ov, given)
	return &checkResult{Operation: "install", OperatorVersion: ov.Name, Parameters: result, fieldErrs: errs}, nil
}

func (o *paramsCheckOptions) update(s streams) (*checkResult, error) {
	ov, inst, err := loadWithInstance(s, o.pkg, o.instance)
	if err != nil {
		return nil, err
	}
	values, err := o.values.read(ov)
	if err != nil {
		return nil, err
	}
	result, errs := params.Update(ov, inst.Parameters, merged(inst.Parameters, values))
	return &checkResult{Operation: "update", Instance: inst.Name, OperatorVersion: ov.Name, Parameters: result, fieldErrs: errs}, nil
}

func (o *paramsCheckOptions) upgrade(s streams) (*checkResult, error) {
	if o.from == "" || o.to == "" || o.instance == "" || o.pkg != "" {
		return nil, badInput("an upgrade needs --from, --to and --instance (and no --package)")
	}
	oldOV, inst, err := loadWithInstance(s, o.from, o.instance)
	if err != nil {
		return nil, err
	}
	newOV, err := loadVerified(s, o.to)
	if err != nil {
		return nil, err
	}
	values, err := o.values.read(newOV)
	if err != nil {
		return nil, err
	}
	result, errs := params.Upgrade(oldOV, newOV, inst.Parameters, merged(inst.Parameters, values))
	return &checkResult{Operation: "upgrade", Instance: inst.Name, From: oldOV.Name, OperatorVersion: newOV.Name, Parameters: result, fieldErrs: errs}, nil
}

// loadWithInstance reads an OperatorVersion and the Instance on it.
func loadWithInstance(s streams, ovPath, instPath string) (*params.OperatorVersion, *params.Instance, error) {
	ov, err := loadVerified(s, ovPath)
	if err != nil {
		return nil, nil, err
	}
	inst, err := params.LoadInstance(instPath)
	if err != nil {
		return nil, nil, badInput("%v", err)
	}
	if err := inst.RefersTo(ov); err != nil {
		return nil, nil, badInput("%v", err)
	}
	return ov, inst, nil
}

func printCheck(s streams, output string, r *checkResult) error {
	if output != "text" {
		return printData(s.out, output, r)
	}
	verdict := "allowed"
	if !r.Allowed {
		verdict = "refused"
	}
	fmt.Fprintf(s.out, "%s: %s\n", r.title(), verdict)
	for _, e := range r.fieldErrs {
		fmt.Fprintf(s.out, "* %s: %s\n", e.Field, e.ErrorBody())
	}
	if r.Values == nil {
		fmt.Fprint(s.out, describeParams(r.Parameters))
	}
	return nil
}

// title names the check: "update of Instance "zk" on OperatorVersion X".
func (r *checkResult) title() string {
	subject := fmt.Sprintf("%s of Instance %q", r.Operation, r.Instance)
	switch r.Operation {
	case "install":
		return "install of OperatorVersion " + r.OperatorVersion
	case "helm upgrade":
		return "helm upgrade of chart " + r.Chart
	case "upgrade":
		return fmt.Sprintf("%s from OperatorVersion %s to %s", subject, r.From, r.OperatorVersion)
	case "update":
		return fmt.Sprintf("%s on OperatorVersion %s", subject, r.OperatorVersion)
	}
	return r.Operation
}
