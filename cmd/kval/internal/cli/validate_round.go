package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
)

// One round in CI: kube-apiserver refuses a document with unknown fields
// under strict field validation (400) before it validates anything, so a
// user who fixes them learns of the next error only in the next run.
// kval validate then also reports what kube-apiserver answers once the
// unknown fields are gone (the same request with fieldValidation=Ignore),
// each such error marked.

// roundMark ends the detail of an error found once the unknown fields are
// removed, in the formats people read; JSON and YAML say it in
// afterUnknownFieldsRemoved.
const roundMark = " (once the unknown fields are removed)"

// secondRound validates the request again without its unknown fields when
// strict field validation refused it, and records the errors of that
// answer after the refusal.
func (r *objectResult) secondRound(ctx context.Context, v *engine.Validator, req engine.Request, first *engine.Result) error {
	var unknown *engine.UnknownFieldsError
	if !errors.As(first.BadRequest, &unknown) {
		return nil
	}
	r.unknown, r.Pruned = r.Pruned, []string{}
	req.FieldValidation = engine.FieldValidationIgnore
	res, err := v.Validate(ctx, req)
	if err != nil {
		return fmt.Errorf("validating again without the unknown fields: %w", err)
	}
	r.setResultErrors(res)
	r.markSecondRound()
	return nil
}

// markSecondRound marks every field error as found once the unknown
// fields are removed.
func (r *objectResult) markSecondRound() {
	marked := make(field.ErrorList, len(r.fieldErrs))
	for i, e := range r.fieldErrs {
		c := *e
		c.Detail = strings.TrimPrefix(c.Detail+roundMark, " ")
		marked[i] = &c
		r.Errors[i].AfterUnknownFieldsRemoved = true
	}
	r.fieldErrs = marked
}
