package engine

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

const statusSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      replicas: {type: integer}
  status:
    type: object
    properties:
      phase: {type: string}
`

// compileWith compiles the schema with the given subresources and scope.
func compileWith(t testing.TB, schemaYAML string, sub *schema.Subresources, scope string) *Validator {
	t.Helper()
	v := compileSchema(t, schemaYAML)
	v.crd.Spec.Subresources = sub
	v.crd.Spec.Scope = scope
	v, err := Compile(v.crd, "v1", Options{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func errorStrings(res *Result) []string {
	var out []string
	for _, e := range res.Errors {
		out = append(out, e.Error())
	}
	return out
}

func TestCreateDropsStatusWithTheStatusSubresource(t *testing.T) {
	v := compileWith(t, statusSchema, &schema.Subresources{Status: true}, schema.NamespaceScoped)
	res := create(t, v, yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: ns}, status: {phase: Up}}`))
	if !res.Valid() {
		t.Fatalf("unexpected errors: %v", res.Errors)
	}
	if _, has := res.Object["status"]; has {
		t.Errorf("status must be dropped on create: %v", res.Object)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "status is ignored") {
		t.Errorf("dropping status must be noted: %q", res.Notes)
	}
}

func TestCreateMetadata(t *testing.T) {
	tests := []struct {
		name, scope, in string
		want            []string
		wantName        string
	}{{
		name:  "namespaced objects need a namespace",
		scope: schema.NamespaceScoped,
		in:    `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}}`,
		want:  []string{"metadata.namespace: Required value"},
	}, {
		name:     "cluster-scoped objects lose their namespace",
		scope:    schema.ClusterScoped,
		in:       `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: ns}}`,
		wantName: "a",
	}, {
		name:  "the name must be a DNS subdomain",
		scope: schema.ClusterScoped,
		in:    `{apiVersion: example.com/v1, kind: Foo, metadata: {name: Not_OK}}`,
		want: []string{`metadata.name: Invalid value: "Not_OK": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', ` +
			`and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`},
	}, {
		name:     "a name is generated from generateName",
		scope:    schema.ClusterScoped,
		in:       `{apiVersion: example.com/v1, kind: Foo, metadata: {generateName: web-}}`,
		wantName: "web-xxxxx",
	}, {
		name:  "a missing name is required",
		scope: schema.ClusterScoped,
		in:    `{apiVersion: example.com/v1, kind: Foo, metadata: {labels: {a: b}}}`,
		want:  []string{"metadata.name: Required value: name or generateName is required"},
	}, {
		name:  "the kind must be the CRD's",
		scope: schema.ClusterScoped,
		in:    `{apiVersion: example.com/v1, kind: Bar, metadata: {name: Not_OK}}`,
		want:  []string{`kind: Invalid value: "Bar": must be Foo`},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := compileWith(t, statusSchema, nil, tc.scope)
			res := create(t, v, yamlObject(t, tc.in))
			if got := errorStrings(res); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("errors %q, want %q", got, tc.want)
			}
			if tc.wantName == "" {
				return
			}
			meta := res.Object["metadata"].(map[string]any)
			if meta["name"] != tc.wantName {
				t.Errorf("name %v, want %v", meta["name"], tc.wantName)
			}
			if _, has := meta["namespace"]; has && tc.scope == schema.ClusterScoped {
				t.Errorf("namespace kept on a cluster-scoped object: %v", meta)
			}
		})
	}
}

func TestUpdate(t *testing.T) {
	const old = `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, uid: u1, generation: 3}, spec: {replicas: 1}, status: {phase: Up}}`
	v := compileWith(t, statusSchema, &schema.Subresources{Status: true}, schema.ClusterScoped)

	t.Run("status changes are reset and reported", func(t *testing.T) {
		res := update(t, v, yamlObject(t, old), yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {replicas: 2}, status: {phase: Down}}`))
		if !res.Valid() {
			t.Fatalf("unexpected errors: %v", res.Errors)
		}
		status := res.Object["status"].(map[string]any)
		if status["phase"] != "Up" {
			t.Errorf("status must keep the old value, got %v", status)
		}
		meta := res.Object["metadata"].(map[string]any)
		if meta["uid"] != "u1" || meta["generation"] != int64(4) {
			t.Errorf("uid comes from the old object, generation is the old one plus one (spec changed): %v", meta)
		}
		if _, has := meta["resourceVersion"]; has {
			t.Errorf("the borrowed resourceVersion must not stay in the result: %v", meta)
		}
		if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "status changes are ignored") {
			t.Errorf("notes %q", res.Notes)
		}
	})

	t.Run("a status update takes only the status", func(t *testing.T) {
		res := updateStatus(t, v, yamlObject(t, old), yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {replicas: 9}, status: {phase: Down}}`))
		if !res.Valid() {
			t.Fatalf("unexpected errors: %v", res.Errors)
		}
		want := yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, uid: u1, generation: 3}, spec: {replicas: 1}, status: {phase: Down}}`)
		if !reflect.DeepEqual(res.Object, want) {
			t.Errorf("stored %v\nwant   %v", res.Object, want)
		}
	})

	t.Run("metadata that cannot change", func(t *testing.T) {
		res := update(t, v, yamlObject(t, old), yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: b, uid: u2}}`))
		// kube-apiserver reports them twice, from the generic registry and
		// from the strategy; kubectl prints each once.
		want := []string{
			`metadata.name: Invalid value: "b": field is immutable`,
			`metadata.uid: Invalid value: "u2": field is immutable`,
			`metadata.name: Invalid value: "b": field is immutable`,
			`metadata.uid: Invalid value: "u2": field is immutable`,
		}
		if got := errorStrings(res); !reflect.DeepEqual(got, want) {
			t.Errorf("errors %q, want %q", got, want)
		}
	})

	t.Run("an old object that does not decode", func(t *testing.T) {
		res := update(t, v, yamlObject(t, `{kind: 5}`), yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}}`))
		if got := errorStrings(res); len(got) != 1 || !strings.Contains(got[0], "in the old object: must be a string") {
			t.Errorf("errors %q", got)
		}
	})
}

func TestFinalizerWarnings(t *testing.T) {
	v := compileWith(t, statusSchema, nil, schema.ClusterScoped)
	old := yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, finalizers: [cleanup]}}`)
	res := update(t, v, old, yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, finalizers: [cleanup, example.com, example.com/ok, kubernetes]}}`))
	want := []string{`metadata.finalizers: "example.com": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers`}
	if !reflect.DeepEqual(res.Warnings, want) {
		t.Errorf("warnings %q, want only the added, unqualified finalizer: %q", res.Warnings, want)
	}
}

func TestScaleSubresource(t *testing.T) {
	selector := ".status.selector"
	sub := &schema.Subresources{Scale: &schema.Scale{SpecReplicasPath: ".spec.replicas", StatusReplicasPath: ".status.replicas", LabelSelectorPath: &selector}}
	v := compileWith(t, `{type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}},
	  status: {type: object, properties: {replicas: {type: integer}, selector: {type: integer}}}}}`, sub, schema.ClusterScoped)
	res := create(t, v, yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {replicas: -1}, status: {replicas: 3000000000, selector: 5}}`))
	want := []string{
		".spec.replicas: Invalid value: -1: should be a non-negative integer",
		".status.replicas: Invalid value: 3000000000: should be less than or equal to 2147483647",
		`.status.selector: Invalid value: "": .status.selector accessor error: 5 is of the type int64, expected string`,
	}
	if got := errorStrings(res); !reflect.DeepEqual(got, want) {
		t.Errorf("errors\n%q\nwant\n%q", got, want)
	}
}

func TestMutabilityExtensionsOnUpdate(t *testing.T) {
	const s = `{type: object, properties: {spec: {type: object, properties: {
	  engine: {type: string, maxLength: 3, x-kubernetes-mutability: Immutable}}}}}`
	v := compileWith(t, s, nil, schema.ClusterScoped)
	obj := func(engine string) map[string]any {
		return yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {engine: `+engine+`}}`)
	}
	if res := create(t, v, obj("postgres")); len(res.Errors) != 0 {
		// maxLength is not checked until value validation is wired; the
		// extensions never apply on create.
		for _, e := range res.Errors {
			if e.Origin == "mutability=Immutable" {
				t.Errorf("mutability checked on create: %v", e)
			}
		}
	}
	res := update(t, v, obj("postgres"), obj("sql"))
	want := "spec.engine: Forbidden: field is immutable"
	found := false
	for _, e := range res.Errors {
		found = found || e.Error() == want
	}
	if !found {
		t.Errorf("errors %v, want %q", res.Errors, want)
	}
	res = update(t, v, obj("postgres"), obj("postgres"))
	for _, e := range res.Errors {
		if e.Origin == "mutability=Immutable" {
			t.Errorf("an unchanged value is accepted: %v", e)
		}
	}
}

func TestValueValidationRatchets(t *testing.T) {
	const s = `{type: object, properties: {spec: {type: object, properties: {
	  size: {type: integer, maximum: 5}, name: {type: string, maxLength: 3}}},
	  status: {type: object, properties: {phase: {type: string, enum: [Up, Down]}}}}}`
	v := compileWith(t, s, &schema.Subresources{Status: true}, schema.ClusterScoped)
	old := `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {size: 9, name: ab}, status: {phase: Sideways}}`

	res := update(t, v, yamlObject(t, old), yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {size: 9, name: abcd}}`))
	if got, want := errorStrings(res), []string{`spec.name: Too long: may not be more than 3 bytes`}; !reflect.DeepEqual(got, want) {
		t.Errorf("errors %q, want only the changed value's %q", got, want)
	}
	ratcheted := `spec.size: Invalid value: 9: spec.size in body should be less than or equal to 5`
	if !containsString(ratchetedStrings(res), ratcheted) {
		t.Errorf("ratcheted %q, want %q", ratchetedStrings(res), ratcheted)
	}

	res = updateWithoutRatcheting(t, v, yamlObject(t, old), yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {size: 9, name: ab}}`))
	// The status subresource keeps the old, invalid status: without
	// ratcheting it is reported too.
	want := []string{
		`spec.size: Invalid value: 9: spec.size in body should be less than or equal to 5`,
		`status.phase: Unsupported value: "Sideways": supported values: "Up", "Down"`,
	}
	if got := errorStrings(res); !reflect.DeepEqual(got, want) {
		t.Errorf("without ratcheting: errors %q, want %q", got, want)
	}

	res = updateStatus(t, v, yamlObject(t, old), yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {size: 100}, status: {phase: Left}}`))
	if got, want := errorStrings(res), []string{`status.phase: Unsupported value: "Left": supported values: "Up", "Down"`}; !reflect.DeepEqual(got, want) {
		t.Errorf("status update: errors %q, want %q (spec changes are ignored)", got, want)
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestAnEndedContextStopsTheSteps: once the caller's context ends, no
// further step runs (a webhook that answered on its timeout gets its
// memory back soon), and Validate returns the context's error.
func TestAnEndedContextStopsTheSteps(t *testing.T) {
	const s = `{type: object, properties: {spec: {type: object, properties: {
	  engine: {type: string, x-kubernetes-mutability: Immutable}}}}}`
	v := compileWith(t, s, nil, schema.ClusterScoped)
	obj := func(engine string) map[string]any {
		return yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {engine: `+engine+`}}`)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := v.Validate(ctx, Request{Operation: Update, Object: obj("sql"), OldObject: obj("postgres"), Scope: BeyondKubeAPIServer})
	if !errors.Is(err, context.Canceled) || res == nil || !onlyInternalError(res) {
		t.Errorf("got %v, %v; want no step run, only the internal error, and context.Canceled", res, err)
	}
}

// An unchanged cluster-scoped manifest that sets metadata.namespace (as Helm
// charts stamping {{ .Release.Namespace }} do) is a valid update: both
// objects lose their namespace, as kube-apiserver stores neither.
func TestUpdateClusterScopedWithNamespace(t *testing.T) {
	const doc = `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: ns}, spec: {replicas: 1}, status: {phase: Up}}`
	v := compileWith(t, statusSchema, &schema.Subresources{Status: true}, schema.ClusterScoped)
	for name, run := range map[string]func(*testing.T, *Validator, map[string]any, map[string]any) *Result{"update": update, "status update": updateStatus} {
		t.Run(name, func(t *testing.T) {
			res := run(t, v, yamlObject(t, doc), yamlObject(t, doc))
			if got := errorStrings(res); len(got) != 0 {
				t.Fatalf("unchanged cluster-scoped object rejected: %q", got)
			}
			if _, has := res.Object["metadata"].(map[string]any)["namespace"]; has {
				t.Errorf("namespace kept: %v", res.Object["metadata"])
			}
		})
	}
}

// onlyInternalError reports whether the result's one error is the internal
// error of a request whose context ended.
func onlyInternalError(res *Result) bool {
	return len(res.Errors) == 1 && res.Errors[0].Type == field.ErrorTypeInternal
}
