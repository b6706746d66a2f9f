package engine

import (
	"context"
	"testing"
)

// validate runs a request and fails the test when it cannot run.
func validate(t *testing.T, v *Validator, req Request) *Result {
	t.Helper()
	res, err := v.Validate(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", req.Operation, err)
	}
	return res
}

func create(t *testing.T, v *Validator, obj map[string]any) *Result {
	t.Helper()
	return validate(t, v, Request{Operation: Create, Object: obj})
}

func update(t *testing.T, v *Validator, old, obj map[string]any) *Result {
	t.Helper()
	return validate(t, v, Request{Operation: Update, Object: obj, OldObject: old})
}

func updateStatus(t *testing.T, v *Validator, old, obj map[string]any) *Result {
	t.Helper()
	return validate(t, v, Request{Operation: Update, Subresource: StatusSubresource, Object: obj, OldObject: old})
}

// updateWithoutRatcheting is an update with ratcheting disabled.
func updateWithoutRatcheting(t *testing.T, v *Validator, old, obj map[string]any) *Result {
	t.Helper()
	return validate(t, v, Request{Operation: Update, Object: obj, OldObject: old, DisableRatcheting: true})
}

// ratchetedStrings are the ratcheted errors as strings.
func ratchetedStrings(res *Result) []string {
	var out []string
	for _, e := range res.Ratcheted {
		out = append(out, e.Error())
	}
	return out
}
