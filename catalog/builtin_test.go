package catalog

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kval-dev/kval/builtin"
	"github.com/kval-dev/kval/engine"
)

func builtinCatalog(t *testing.T) *Catalog {
	t.Helper()
	set, err := builtin.Version(builtin.Newest())
	if err != nil {
		t.Fatal(err)
	}
	return New(Options{Builtins: set})
}

// TestBuiltinKindsCompile compiles every built-in kind of the newest
// version: the embedded schemas are usable by the engine, and each serves
// its own kind and apiVersion.
func TestBuiltinKindsCompile(t *testing.T) {
	cat := builtinCatalog(t)
	kinds := cat.opts.Builtins.Kinds()
	if len(kinds) < 90 {
		t.Fatalf("only %d built-in kinds", len(kinds))
	}
	for _, gvk := range kinds {
		parts := strings.Split(gvk, "/")
		apiVersion := strings.TrimPrefix(parts[0]+"/"+parts[1], "/")
		v, err := cat.ForObject(context.Background(), apiVersion, parts[2])
		if err != nil {
			t.Errorf("%s: %v", gvk, err)
			continue
		}
		if v.APIVersion() != apiVersion || v.Kind() != parts[2] {
			t.Errorf("%s: validator of %s %s", gvk, v.APIVersion(), v.Kind())
		}
	}
}

// TestBuiltinLookups: built-in kinds are served when no CRD defines their
// group; an unknown kind of a built-in group is "no matches"; other groups
// stay not covered; without Builtins nothing changes.
func TestBuiltinLookups(t *testing.T) {
	ctx := context.Background()
	cat := builtinCatalog(t)
	if _, err := cat.ForObject(ctx, "apps/v1", "Deployment"); err != nil {
		t.Errorf("Deployment: %v", err)
	}
	if v, err := cat.ForResource(ctx, "", "v1", "configmaps"); err != nil || v.Kind() != "ConfigMap" {
		t.Errorf("configmaps: %v", err)
	}
	var noMatch *NoMatchError
	if _, err := cat.ForObject(ctx, "apps/v1beta1", "Deployment"); !errors.As(err, &noMatch) {
		t.Errorf("apps/v1beta1 Deployment: %v, want NoMatchError", err)
	}
	var notCovered *NotCoveredError
	if _, err := cat.ForObject(ctx, "example.com/v1", "Widget"); !errors.As(err, &notCovered) {
		t.Errorf("example.com Widget: %v, want NotCoveredError", err)
	}
	if _, err := New(Options{}).ForObject(ctx, "v1", "ConfigMap"); !errors.As(err, &notCovered) {
		t.Errorf("without builtins: %v, want NotCoveredError", err)
	}
}

// TestNotAnObject: a document without apiVersion or kind is no object,
// whatever the catalog serves, and the message says which is missing.
func TestNotAnObject(t *testing.T) {
	cat := builtinCatalog(t)
	for _, c := range []struct{ apiVersion, kind, want string }{
		{"", "", "not a Kubernetes object: apiVersion not set, kind not set"},
		{"v1", "", "not a Kubernetes object: kind not set"},
		{"", "ConfigMap", "not a Kubernetes object: apiVersion not set"},
	} {
		var notObject *NotAnObjectError
		_, err := cat.ForObject(context.Background(), c.apiVersion, c.kind)
		if !errors.As(err, &notObject) || err.Error() != c.want {
			t.Errorf("%q %q: %v, want %q", c.apiVersion, c.kind, err, c.want)
		}
	}
}

// TestBuiltinCRDsTakePrecedence: a CRD of a built-in group hides the
// group's built-in kinds.
func TestBuiltinCRDsTakePrecedence(t *testing.T) {
	cat := builtinCatalog(t)
	crd := strings.ReplaceAll(crdYAML("widgets.apps", 10), "group: example.com", "group: apps")
	if _, err := cat.LoadBytes("crd.yaml", []byte(crd)); err != nil {
		t.Fatal(err)
	}
	var noMatch *NoMatchError
	if _, err := cat.ForObject(context.Background(), "apps/v1", "Deployment"); !errors.As(err, &noMatch) {
		t.Errorf("Deployment beside a CRD of group apps: %v, want NoMatchError", err)
	}
}

// TestBuiltinValidation checks what built-in kinds get: schema errors,
// unknown fields, metadata, list-map keys with defaults, int-or-string,
// quantities and empty bytes.
func TestBuiltinValidation(t *testing.T) {
	cat := builtinCatalog(t)
	for _, tc := range []struct {
		name, apiVersion, kind string
		obj                    map[string]any
		want                   string // the first error, "" for valid
	}{
		{"deployment", "apps/v1", "Deployment", map[string]any{"spec": map[string]any{
			"selector": map[string]any{"matchLabels": map[string]any{"a": "b"}},
			"strategy": map[string]any{"rollingUpdate": map[string]any{"maxSurge": "25%", "maxUnavailable": int64(1)}},
			"template": map[string]any{"metadata": map[string]any{"creationTimestamp": nil, "labels": map[string]any{"a": "b"}},
				"spec": map[string]any{"containers": []any{map[string]any{"name": "c", "resources": map[string]any{"limits": map[string]any{"cpu": 0.5, "memory": "1Gi"}}}}}},
		}}, ""},
		{"replicas type", "apps/v1", "Deployment", map[string]any{"spec": map[string]any{"replicas": "3", "selector": map[string]any{}, "template": map[string]any{}}},
			`spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"`},
		{"secret base64", "v1", "Secret", map[string]any{"data": map[string]any{"k": "not base64!"}}, "data.k"},
		{"service port", "v1", "Service", map[string]any{"spec": map[string]any{"ports": []any{map[string]any{"port": int64(80), "targetPort": true}}}}, "spec.ports[0].targetPort"},
		{"namespace name", "v1", "Namespace", map[string]any{"metadata": map[string]any{"name": "Bad_Name"}}, "metadata.name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := cat.ForObject(context.Background(), tc.apiVersion, tc.kind)
			if err != nil {
				t.Fatal(err)
			}
			obj := tc.obj
			obj["apiVersion"], obj["kind"] = tc.apiVersion, tc.kind
			if _, has := obj["metadata"]; !has {
				obj["metadata"] = map[string]any{"name": "x", "namespace": "default"}
			}
			res, err := v.Validate(context.Background(), engine.Request{Operation: engine.Create, Object: obj, FieldValidation: engine.FieldValidationStrict})
			if err != nil || res.BadRequest != nil {
				t.Fatalf("%v %v", err, res.BadRequest)
			}
			got := ""
			if len(res.Errors) > 0 {
				got = res.Errors[0].Error()
			}
			if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
