package objectmeta

import (
	"context"
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestOwnerReferencesAsKubeAPIServer136: kube-apiserver v1.36 reports each
// problem of an owner reference as Invalid at ownerReferences.<field>,
// without the reference's index, on create, on update and in the generic
// registry's checks.
func TestOwnerReferencesAsKubeAPIServer136(t *testing.T) {
	obj := func(refs ...any) map[string]any {
		return map[string]any{"metadata": map[string]any{"name": "a", "namespace": "ns", "resourceVersion": "1", "ownerReferences": refs}}
	}
	ok := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "name": "o", "uid": "1", "controller": true}
	tests := []struct {
		name string
		obj  map[string]any
		want string
	}{
		{"valid", obj(ok), "[]"},
		{"no uid", obj(map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "name": "o"}),
			`[metadata.ownerReferences.uid: Invalid value: "": must not be empty]`},
		{"nothing set", obj(map[string]any{}),
			`[metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty metadata.ownerReferences.kind: Invalid value: "": must not be empty ` +
				`metadata.ownerReferences.name: Invalid value: "": must not be empty metadata.ownerReferences.uid: Invalid value: "": must not be empty]`},
		{"an Event", obj(map[string]any{"apiVersion": "v1", "kind": "Event", "name": "o", "uid": "1"}),
			`[metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event","name":"o","uid":"1"}: /v1, Kind=Event is disallowed from being an owner]`},
		{"two controllers", obj(ok, map[string]any{"apiVersion": "v1", "kind": "Secret", "name": "s", "uid": "2", "controller": true}),
			`[metadata.ownerReferences: Invalid value: [{"apiVersion":"v1","kind":"ConfigMap","name":"o","uid":"1","controller":true},{"apiVersion":"v1","kind":"Secret","name":"s","uid":"2","controller":true}]: ` +
				`Only one reference can have Controller set to true. Found "true" in references for ConfigMap/o and Secret/s]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checks := map[string]func() string{
				"ValidateRoot":         func() string { return errorsText(ValidateRoot(context.Background(), tt.obj, true)) },
				"ValidateRootUpdate":   func() string { return errorsText(ValidateRootUpdate(context.Background(), tt.obj, tt.obj, true)) },
				"ValidateCommon":       func() string { return errorsText(ValidateCommon(tt.obj, true)) },
				"ValidateCommonUpdate": func() string { return errorsText(dedup(ValidateCommonUpdate(tt.obj, tt.obj, true))) },
			}
			for name, check := range checks {
				if got := check(); got != tt.want {
					t.Errorf("%s: %s\nwant %s", name, got, tt.want)
				}
			}
		})
	}
}

func errorsText(errs field.ErrorList) string {
	parts := make([]string, len(errs))
	for i, e := range errs {
		parts[i] = e.Error()
	}
	return fmt.Sprint(parts)
}

// dedup drops repeated errors: the generic registry's update check runs
// the create check too, as upstream's does.
func dedup(errs field.ErrorList) field.ErrorList {
	seen := map[string]bool{}
	var out field.ErrorList
	for _, e := range errs {
		if !seen[e.Error()] {
			seen[e.Error()] = true
			out = append(out, e)
		}
	}
	return out
}
