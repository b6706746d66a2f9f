package webhook

import (
	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/params"
	"github.com/kval-dev/kval/schema"
)

// CatalogOptions are the options of the catalog of a server with opts:
// its validators compiled for the scope of its mode (in the default mode,
// without the value validation and CEL rules kube-apiserver runs itself);
// with OperatorVersions, KUDO Instances are checked by the params
// extension (params.InstanceCheck) in the engine, with the engine's order
// and answer, and served without a CRD of theirs (params.InstanceCRD)
// when no source gives one.
func CatalogOptions(opts Options) catalog.Options {
	out := catalog.Options{Engine: engine.Options{Scope: opts.Mode.scope()}}
	if opts.OperatorVersions != nil {
		out.Engine.Extensions = []engine.Extension{params.InstanceCheck(opts.OperatorVersions)}
		out.Fallback = []*schema.CRD{params.InstanceCRD()}
	}
	return out
}
