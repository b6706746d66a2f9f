package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/kval-dev/kval/gen/crd"
)

// genCRDFlags are the options of `kval gen crd`.
type genCRDFlags struct {
	lint           bool
	lower          bool
	dir            string
	ignorePrefixes []string
	annotations    map[string]string
	// embeddedObjectMeta and allowDangerousTypes are controller-gen's
	// crd:generateEmbeddedObjectMeta and crd:allowDangerousTypes.
	embeddedObjectMeta  bool
	allowDangerousTypes bool
}

func newGenCRDCommand(s streams) *cobra.Command {
	var f genCRDFlags
	cmd := &cobra.Command{
		Use:   "crd PKG...",
		Short: "Generate CustomResourceDefinitions from tagged Go types",
		Long: `crd turns the Go types of the given packages into CustomResourceDefinitions:
one per kind (+kubebuilder:object:root types of a package with +groupName),
every version of the kind in one CRD, the storage version marked. Schemas
come from the Go types (JSON names, omitempty, inlined structs, metav1 and
other well-known types), +k8s: tags, kval's +immutable markers
(x-kubernetes-mutability) and controller-gen's +kubebuilder: markers.

Every unknown or misused marker and every Go shape a CRD cannot express is
reported with its file and line; nothing is written unless there are none,
and every CRD is checked as kval lint checks it.

Markers in packages outside the modules of the given packages (k8s.io/api,
other projects' APIs) are other tools' business: there, as controller-gen
does, only controller-gen's markers are read and the others left alone.
--generate-embedded-object-meta and --allow-dangerous-types are
controller-gen's crd:generateEmbeddedObjectMeta=true and
crd:allowDangerousTypes=true.

With --lower, the mutability extensions are rewritten as CEL transition rules
(x-kubernetes-validations) that kube-apiserver 1.29 and later enforces with no
kval webhook, and dropped; a marker with no faithful CEL form is a problem,
with the maxItems, maxProperties or maxLength that would fix it.`,
		Example: `  # print the CRDs as YAML documents
  kval gen crd ./api/...
  # write <group>_<plural>.yaml files
  kval gen crd -o config/crd ./api/...
  # check the markers, write nothing
  kval gen crd --lint ./api/...
  # enforce +immutable with CEL rules, as kval lower does
  kval gen crd --lower ./api/...`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runGenCRD(s, f, args)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.lint, "lint", false, "check the markers and the CRDs, write nothing")
	fl.BoolVar(&f.lower, "lower", false, "rewrite the +immutable markers' extensions as CEL transition rules, as kval lower does")
	fl.StringVarP(&f.dir, "output-dir", "o", "", "write one file per CRD into this directory instead of printing them")
	fl.StringSliceVar(&f.ignorePrefixes, "ignore-prefix", nil, "leave markers of another tool starting with this prefix alone, e.g. gateway: (repeatable; other unknown markers stay errors)")
	fl.BoolVar(&f.embeddedObjectMeta, "generate-embedded-object-meta", false, "give an ObjectMeta below the root (a PodTemplateSpec's) the name, namespace, labels, annotations and finalizers properties, so they are not pruned, as controller-gen's crd:generateEmbeddedObjectMeta=true does")
	fl.BoolVar(&f.allowDangerousTypes, "allow-dangerous-types", false, "accept float32 and float64 fields as type number, as controller-gen's crd:allowDangerousTypes=true does")
	fl.StringToStringVar(&f.annotations, "annotation", nil, "set this annotation (key=value) on every CRD, e.g. api-approved.kubernetes.io=<URL> for a *.k8s.io group (repeatable)")
	return cmd
}

func runGenCRD(s streams, f genCRDFlags, args []string) error {
	if len(args) == 0 {
		return badInput("gen crd needs at least one package pattern, e.g. ./api/...")
	}
	res, err := crd.Generate(crd.Options{Patterns: args, IgnorePrefixes: f.ignorePrefixes, Annotations: f.annotations, Lower: f.lower,
		GenerateEmbeddedObjectMeta: f.embeddedObjectMeta, AllowDangerousTypes: f.allowDangerousTypes})
	if err != nil {
		return badInput("%v", err)
	}
	for _, p := range res.Problems {
		p.Pos.File = relativeToWorkingDir(p.Pos.File)
		fmt.Fprintln(s.err, p)
	}
	if len(res.Problems) > 0 {
		fmt.Fprintf(s.err, "%d problem(s)\n", len(res.Problems))
		return errInvalid
	}
	switch {
	case f.lint:
		fmt.Fprintf(s.out, "no problems, %d CRD(s)\n", len(res.CRDs))
	case f.dir != "":
		return writeCRDs(s, f.dir, res.CRDs)
	default:
		for _, c := range res.CRDs {
			if _, err := s.out.Write(c.YAML); err != nil {
				return err
			}
		}
	}
	return nil
}

func writeCRDs(s streams, dir string, crds []*crd.CRD) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return badInput("%v", err)
	}
	for _, c := range crds {
		path := filepath.Join(dir, c.FileName)
		if err := os.WriteFile(path, c.YAML, 0o644); err != nil {
			return badInput("%v", err)
		}
		fmt.Fprintln(s.out, "wrote", path)
	}
	return nil
}

// relativeToWorkingDir is an absolute path relative to the working
// directory, as the package patterns were given and compilers print
// positions.
func relativeToWorkingDir(path string) string {
	wd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(path) {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil {
		return rel
	}
	return path
}
