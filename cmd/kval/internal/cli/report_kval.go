package cli

import (
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
)

// kvalMark ends the detail of an error of kval's own checks in the
// formats people read (text, github, sarif, junit; JSON, YAML and TAP's
// diagnostics have origin): kube-apiserver would not report it, kval's webhook (or
// the CEL rules kval lower writes) would, once kube-apiserver accepts the
// object.
const kvalMark = " (kval's check)"

// originKval is fieldError.Origin for the errors of kval's own checks.
const originKval = "kval"

// setResultErrors records an engine result's errors, kval's own marked.
func (r *objectResult) setResultErrors(res *engine.Result) {
	own := make(map[*field.Error]bool, len(res.KvalErrors))
	for _, e := range res.KvalErrors {
		own[e] = true
	}
	errs := make(field.ErrorList, len(res.Errors))
	for i, e := range res.Errors {
		if own[e] {
			marked := *e
			marked.Detail += kvalMark
			e = &marked
		}
		errs[i] = e
	}
	r.setErrors(errs)
	// JSON and YAML keep the webhook's words (the answer every frontend
	// gives) and say whose check it is in origin.
	for i, e := range res.Errors {
		if own[e] {
			r.Errors[i].Detail, r.Errors[i].Message, r.Errors[i].Origin = e.Detail, e.Error(), originKval
		}
	}
}
