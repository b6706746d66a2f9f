package lint

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

const specPath = "spec.validation.openAPIV3Schema.properties[spec]"

// crdWith returns a v1 CRD whose spec property has the given schema (YAML
// flow or block, unindented).
func crdWith(t *testing.T, specSchema string) *schema.CRD {
	t.Helper()
	lines := strings.Split(strings.Trim(specSchema, "\n"), "\n")
	for i := range lines {
		lines[i] = "            " + lines[i]
	}
	doc := `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: foos.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: foos, singular: foo, kind: Foo, listKind: FooList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
` + strings.Join(lines, "\n")
	var obj map[string]any
	if err := yaml.Unmarshal([]byte(doc), &obj); err != nil {
		t.Fatal(err)
	}
	crd, errs := schema.DecodeCRD(manifest.Document{Object: ints(obj).(map[string]any)})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return crd
}

// ints turns integral float64s from sigs.k8s.io/yaml into int64, as the manifest reader does.
func ints(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = ints(x)
		}
	case []any:
		for i, x := range v {
			v[i] = ints(x)
		}
	case float64:
		if v == float64(int64(v)) {
			return int64(v)
		}
	}
	return v
}

func errorStrings(errs field.ErrorList) string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.Error()
	}
	return strings.Join(out, "\n")
}

func TestDefaults(t *testing.T) {
	cases := []struct {
		name, schema string
		want         []string
	}{
		{"valid defaults", "type: object\nproperties:\n  a: {type: string, default: x}\n  o: {type: object, properties: {x: {type: string}}, default: {x: a}}", nil},
		{"unpruned", "type: object\nproperties: {x: {type: string}}\ndefault: {x: a, other: b}", []string{
			specPath + `.default: Invalid value: {"other":"b","x":"a"}: must not have unknown fields`,
		}},
		{"unpruned in items", "type: array\nitems: {type: object, properties: {x: {type: string}}}\ndefault: [{x: a, z: 1}]", []string{
			specPath + `.default: Invalid value: [{"x":"a","z":1}]: must not have unknown fields`,
		}},
		{"preserved subtree", "type: object\nx-kubernetes-preserve-unknown-fields: true\ndefault: {anything: 1}", nil},
		{"embedded resource default", "type: object\nx-kubernetes-embedded-resource: true\nproperties: {spec: {type: object}}\ndefault: {spec: {}}", []string{
			specPath + ".default.apiVersion: Required value",
			specPath + ".default.kind: Required value",
		}},
		{"embedded resource apiVersion type", "type: object\nx-kubernetes-embedded-resource: true\nproperties: {spec: {type: object}}\ndefault: {apiVersion: 1, kind: K}", []string{
			specPath + ".default.apiVersion: Invalid value: 1: must be a string",
		}},
		{"default inside embedded meta", `
type: object
x-kubernetes-embedded-resource: true
properties:
  apiVersion: {type: string, default: not/a/version}
  kind: {type: string, default: Good}
  metadata: {type: object, properties: {name: {type: string, default: ok}}}`, []string{
			specPath + `.properties[apiVersion].default: Invalid value: "not/a/version": must result in valid metadata: apiVersion: Invalid value: "not/a/version": unexpected GroupVersion string: not/a/version`,
		}},
		{"value of a default", "type: object\nproperties:\n  a: {type: integer, maximum: 1, default: 2}", []string{
			specPath + ".properties[a].default: Invalid value: 2:  in body should be less than or equal to 1",
		}},
		{"format names the type, as in the conversion of defaults", "type: object\nx-kubernetes-preserve-unknown-fields: true\nformat: date-time\ndefault: 5", []string{
			specPath + `.default: Invalid value: "int64":  in body must be of type date-time: "int64"`,
		}},
		{"int-or-string default is untyped", "type: object\nproperties:\n  a: {x-kubernetes-int-or-string: true, default: {}}", nil},
		{"value inside embedded metadata", `
type: object
x-kubernetes-embedded-resource: true
properties:
  apiVersion: {type: string}
  kind: {type: string}
  metadata: {type: object, properties: {name: {type: string, maxLength: 2, default: abc}}}`, []string{
			specPath + ".properties[metadata].properties[name].default: Too long: may not be more than 2 bytes",
		}},
		{"rule on a default", "type: object\nproperties:\n  a: {type: integer, default: 0, x-kubernetes-validations: [{rule: 'self > 0'}]}", []string{
			specPath + ".properties[a].default: Invalid value: 0: failed rule: self > 0",
		}},
		{"structural errors skip defaults", "type: object\nproperties:\n  a: {type: object, default: {x: 1}}\n  b: {type: array}", []string{
			specPath + ".properties[b].items: Required value: must be specified",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The zero Options: kval's own value validation and CEL.
			got := errorStrings(CheckCRD(context.Background(), crdWith(t, c.schema), Options{}))
			if want := strings.Join(c.want, "\n"); got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// recorder is a fake of every plug-in: it records the calls and returns
// the errors it was given.
type recorder struct {
	calls      []string
	valueErrs  field.ErrorList
	ruleErrs   field.ErrorList
	budgetUsed int64
}

func (r *recorder) ValidateDefault(path *field.Path, s *schema.Schema, value any) field.ErrorList {
	r.calls = append(r.calls, "values "+path.String())
	return r.valueErrs
}

func (r *recorder) EvaluateDefault(_ context.Context, path *field.Path, s *schema.Schema, resourceRoot bool, value any, budget int64) (field.ErrorList, int64) {
	r.calls = append(r.calls, "default rules "+path.String())
	return r.ruleErrs, budget - r.budgetUsed
}

func (r *recorder) Begin(path *field.Path, root *schema.Schema) schema.RuleScope {
	r.calls = append(r.calls, "begin "+path.String())
	return r
}

func (r *recorder) CheckRules(node schema.RuleNode) field.ErrorList {
	old := "<nil>"
	if node.Uncorrelatable != nil {
		old = node.Uncorrelatable.String()
	}
	r.calls = append(r.calls, "rules "+node.Path.String()+" oldSelf forbidden below "+old)
	return nil
}

func (r *recorder) Finish() field.ErrorList {
	r.calls = append(r.calls, "finish")
	return nil
}

func options(r *recorder) Options {
	return Options{Values: r, DefaultRules: r, Rules: r}
}

func TestPluginsRunWhereUpstreamRunsThem(t *testing.T) {
	crd := crdWith(t, `
type: object
x-kubernetes-validations: [{rule: "true"}]
properties:
  a: {type: string, default: x}
  list:
    type: array
    items: {type: object, x-kubernetes-validations: [{rule: "true"}], properties: {x: {type: string}}}`)
	r := &recorder{}
	if errs := CheckCRD(context.Background(), crd, options(r)); len(errs) > 0 {
		t.Fatal(errs)
	}
	want := []string{
		"values " + specPath + ".properties[a].default",
		"default rules " + specPath + ".properties[a].default",
		"begin spec.validation.openAPIV3Schema",
		"rules " + specPath + ".properties[list].items oldSelf forbidden below " + specPath + ".properties[list]",
		"rules " + specPath + " oldSelf forbidden below <nil>",
		"finish",
	}
	if got := strings.Join(r.calls, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

func TestValueErrorsStopRulesOnDefaults(t *testing.T) {
	r := &recorder{valueErrs: field.ErrorList{field.Invalid(field.NewPath("x"), 1, "bad")}}
	errs := CheckCRD(context.Background(), crdWith(t, "type: object\nproperties: {a: {type: string, default: x}}"), options(r))
	if got := errorStrings(errs); got != "x: Invalid value: 1: bad" {
		t.Errorf("errors: %s", got)
	}
	for _, call := range r.calls {
		if strings.HasPrefix(call, "default rules") || strings.HasPrefix(call, "begin") {
			t.Errorf("unexpected call after a value error: %s", call)
		}
	}
}

func TestExhaustedBudgetStopsDefaults(t *testing.T) {
	r := &recorder{budgetUsed: celrules.RuntimeCELCostBudget + 1}
	CheckCRD(context.Background(), crdWith(t, "type: object\nproperties:\n  a: {type: string, default: x}\n  b: {type: string, default: y}"), options(r))
	for _, call := range r.calls {
		if strings.Contains(call, "properties[b]") {
			t.Errorf("default of b checked after the budget ran out: %s", call)
		}
	}
}

func TestSchemaErrorsStopRules(t *testing.T) {
	r := &recorder{}
	CheckCRD(context.Background(), crdWith(t, "type: object\nx-kubernetes-validations: [{rule: 'true'}]\nproperties: {a: {type: array, items: {type: string}, uniqueItems: true}}"), options(r))
	for _, call := range r.calls {
		if strings.HasPrefix(call, "rules") {
			t.Errorf("rules compiled above a schema error: %s", call)
		}
	}
}
