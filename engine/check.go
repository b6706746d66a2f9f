package engine

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// Extension is how a package outside the engine adds checks to the requests
// of a CRD version (the operator parameter rules, say) without editing the
// pipeline: it is called once per compiled version and returns the checks
// that apply there, none when it has nothing to check.
type Extension func(crd *schema.CRD, version string) ([]Check, error)

// Check is one validation an Extension adds. It runs after kval's built-in
// steps on the requests On names, in every Scope (kube-apiserver never runs
// it), unless an earlier step stopped the request.
type Check struct {
	Name     string
	On       Ops
	Validate func(ctx context.Context, in CheckInput) field.ErrorList
}

// CheckInput is what a Check sees of a request. The objects are decoded,
// defaulted and prepared as they would be stored; a Check must not change
// them.
type CheckInput struct {
	Operation   Operation
	Subresource string
	Object      map[string]any
	// OldObject is nil on create.
	OldObject map[string]any
	CRD       *schema.CRD
	Version   string
}

func (r *run) checkInput() CheckInput {
	return CheckInput{
		Operation:   r.req.Operation,
		Subresource: r.req.Subresource,
		Object:      r.obj,
		OldObject:   r.old,
		CRD:         r.v.crd,
		Version:     r.v.version,
	}
}

// compileChecks asks every extension for its checks on the validator's version.
func compileChecks(v *Validator, extensions []Extension) ([]Check, error) {
	var out []Check
	for _, ext := range extensions {
		checks, err := ext(v.crd, v.version)
		if err != nil {
			return nil, err
		}
		out = append(out, checks...)
	}
	return out, nil
}
