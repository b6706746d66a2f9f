package params

import (
	"context"
	"maps"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/schema"
)

const zkV1, zkV2 = "zookeeper-3.4.14-0.1.0", "zookeeper-3.4.14-0.2.0"

// instanceObject is Instance zk of namespace default as a request holds it.
func instanceObject(ov string, parameters map[string]any) map[string]any {
	spec := map[string]any{"operatorVersion": map[string]any{"name": ov}}
	if parameters != nil {
		spec["parameters"] = parameters
	}
	return map[string]any{"apiVersion": APIVersion, "kind": InstanceKind,
		"metadata": map[string]any{"name": "zk", "namespace": "default"}, "spec": spec}
}

// instanceValidator checks Instances with the example package's versions,
// through a catalog as every frontend does.
func instanceValidator(t *testing.T) *engine.Validator {
	t.Helper()
	ovs := exampleFinder(t).ovs.Finder("in the test")
	cat := catalog.New(catalog.Options{Engine: engine.Options{Extensions: []engine.Extension{InstanceCheck(ovs)}}, Fallback: []*schema.CRD{InstanceCRD()}})
	v, err := cat.ForObject(t.Context(), APIVersion, InstanceKind)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestInstanceCheckRunsTheRulesInTheEngine: the rules' errors, a missing
// OperatorVersion and an Instance without one are field errors of the
// engine's result, in every scope.
func TestInstanceCheckRunsTheRulesInTheEngine(t *testing.T) {
	v := instanceValidator(t)
	stored := instanceObject(zkV1, map[string]any{"DISK_SIZE": "5Gi"})
	for _, tc := range []struct {
		name     string
		obj, old map[string]any
		want     string // the one error; "" for valid
	}{
		{"an install", instanceObject(zkV1, nil), nil, ""},
		{"an update changing an immutable value", instanceObject(zkV1, map[string]any{"DISK_SIZE": "6Gi"}), stored,
			`spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but was changed from "5Gi" to "6Gi"`},
		{"a missing OperatorVersion", instanceObject("zookeeper-9", nil), nil,
			`spec.operatorVersion.name: Not found: "zookeeper-9": no OperatorVersion of that name in namespace "default" (in the test), so the parameters cannot be checked`},
		{"an upgrade from a missing OperatorVersion", instanceObject(zkV2, nil), instanceObject("gone", map[string]any{"DISK_SIZE": "5Gi"}),
			`spec.operatorVersion.name: Not found: "gone": no OperatorVersion of that name in namespace "default" (in the test), so the parameters cannot be checked`},
		{"an update leaving a missing OperatorVersion alone", instanceObject("gone", nil), instanceObject("gone", nil), ""},
		{"no OperatorVersion named", map[string]any{"apiVersion": APIVersion, "kind": InstanceKind, "metadata": map[string]any{"name": "zk", "namespace": "default"}}, nil,
			`spec.operatorVersion.name: Required value: an Instance names its OperatorVersion`},
	} {
		for _, scope := range []engine.Scope{engine.AllChecks, engine.BeyondKubeAPIServer} {
			t.Run(tc.name, func(t *testing.T) {
				req := engine.Request{Operation: engine.Create, Object: tc.obj, Scope: scope}
				if tc.old != nil {
					req.Operation, req.OldObject = engine.Update, tc.old
				}
				res, err := v.Validate(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				if got := errorText(res.Errors); got != tc.want {
					t.Errorf("scope %d: got %q, want %q", scope, got, tc.want)
				}
			})
		}
	}
}

func errorText(errs field.ErrorList) string {
	if len(errs) == 0 {
		return ""
	}
	return errs.ToAggregate().Error()
}

// TestDefaultedIsTheMutation: an install pins the immutable defaults, an
// upgrade drops the values of removed parameters, anything else is kept.
func TestDefaultedIsTheMutation(t *testing.T) {
	ovs := exampleFinder(t).ovs.Finder("in the test")
	for _, tc := range []struct {
		name     string
		obj, old map[string]any
		want     map[string]string
	}{
		{"an install", instanceObject(zkV1, map[string]any{"NODE_COUNT": "5"}), nil, map[string]string{"NODE_COUNT": "5", "DISK_SIZE": "5Gi"}},
		{"an install the rules refuse", instanceObject(zkV1, map[string]any{"NODE_COUNT": "many"}), nil, nil},
		{"an update", instanceObject(zkV1, map[string]any{"DISK_SIZE": "5Gi"}), instanceObject(zkV1, map[string]any{"DISK_SIZE": "5Gi"}), nil},
		{"an upgrade", instanceObject(zkV2, map[string]any{"DISK_SIZE": "5Gi", "LEGACY_MODE": "true", "CLIENT_PORT": "2181", "STORAGE_CLASS": "fast"}),
			instanceObject(zkV1, map[string]any{"DISK_SIZE": "5Gi", "LEGACY_MODE": "true"}),
			map[string]string{"DISK_SIZE": "5Gi", "CLIENT_PORT": "2181", "STORAGE_CLASS": "fast"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, got, err := Defaulted(context.Background(), ovs, tc.obj, tc.old)
			if err != nil || !maps.Equal(got, tc.want) {
				t.Errorf("got %v (%v), want %v", got, err, tc.want)
			}
		})
	}
	_, _, err := Defaulted(context.Background(), ovs, instanceObject("zookeeper-9", nil), nil)
	if _, missing := err.(*MissingOperatorVersionError); !missing {
		t.Errorf("a missing OperatorVersion: %v, want MissingOperatorVersionError", err)
	}
}
