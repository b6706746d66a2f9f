package cli

import (
	"context"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
)

// paramsOptions are kval validate's flags for KUDO Instances: with
// OperatorVersions given, an Instance's create or update is also judged by
// the immutable-parameter rules (package params), as kval serve
// --kudo-instances judges it in a cluster.
type paramsOptions struct {
	operatorVersionPaths []string
	operatorVersions     *params.Index
}

func (o *paramsOptions) addFlags(f *pflag.FlagSet) {
	f.StringSliceVar(&o.operatorVersionPaths, "operator-versions", nil,
		"KUDO package directories or OperatorVersion files, verified as kval params verify does: kudo.dev/v1beta1 Instances (served by a --crd) are also checked with their immutable-parameter rules, as kval serve --kudo-instances checks them")
}

// loadOperatorVersions reads and verifies --operator-versions; objects
// that are not usable OperatorVersions make the input unusable.
func (o *paramsOptions) loadOperatorVersions() error {
	if len(o.operatorVersionPaths) == 0 {
		return nil
	}
	ovs, err := params.ReadVerified(o.operatorVersionPaths...)
	if err != nil {
		return badInput("--operator-versions: %v", err)
	}
	o.operatorVersions = ovs
	return nil
}

// OperatorVersion implements params.Finder over --operator-versions.
func (o *paramsOptions) OperatorVersion(_ context.Context, namespace, name string) (*params.OperatorVersion, error) {
	if ov, ok := o.operatorVersions.Find(namespace, name); ok {
		return ov, nil
	}
	return nil, fmt.Errorf("OperatorVersion %q of namespace %q is not among the --operator-versions", name, namespace)
}

// checkInstance adds the parameter rules' errors to the result of an
// Instance's create or update. They run, as kval's webhook does, only on
// a request kube-apiserver's own validation accepted.
func (o *paramsOptions) checkInstance(ctx context.Context, r *objectResult, req engine.Request, res *engine.Result) {
	if o.operatorVersions == nil || !params.IsInstance(req.Object) || !res.Valid() {
		return
	}
	inst, err := params.DecodeInstance(manifest.Document{Source: manifest.Source{File: r.File, Line: r.Line, Item: -1}, Object: req.Object})
	var old *params.Instance
	if err == nil && req.OldObject != nil {
		old, err = params.DecodeInstance(manifest.Document{Source: manifest.Source{File: r.File, Item: -1}, Object: req.OldObject})
	}
	if err != nil {
		r.Error = err.Error()
		return
	}
	errs, err := params.Check(ctx, o, r.Namespace, old, inst)
	if err != nil {
		r.Error = fmt.Sprintf("cannot check Instance %q: %v", inst.Name, err)
		return
	}
	if len(errs) > 0 {
		valid := false
		r.Valid = &valid
		r.setErrors(append(r.fieldErrs, errs...))
	}
}
