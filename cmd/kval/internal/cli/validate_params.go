package cli

import (
	"github.com/spf13/pflag"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/params"
)

// paramsOptions are kval validate's flags for KUDO Instances: with
// OperatorVersions given, an Instance's create or update is also judged by
// the immutable-parameter rules, the params extension of the catalog
// (params.InstanceCheck), as kval serve --kudo-instances judges it in a
// cluster: after kube-apiserver's own checks accepted it, its errors (a
// missing OperatorVersion included) in the object's one Invalid status.
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

// engineOptions list the params extension with --operator-versions.
func (o *paramsOptions) engineOptions() engine.Options {
	if o.operatorVersions == nil {
		return engine.Options{}
	}
	finder := o.operatorVersions.Finder("not among the --operator-versions")
	return engine.Options{Extensions: []engine.Extension{params.InstanceCheck(finder)}}
}
