package lint

import (
	"fmt"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// crdOf is a CRD whose versions (name: root schema, in flow style) are all
// served; conversion is its spec.conversion.strategy, "" for none.
func crdOf(t *testing.T, conversion string, versions ...[2]string) *schema.CRD {
	t.Helper()
	doc := "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: foos.example.com}\n" +
		"spec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: foos, singular: foo, kind: Foo, listKind: FooList}\n"
	if conversion != "" {
		doc += "  conversion: {strategy: " + conversion + "}\n"
	}
	doc += "  versions:\n"
	for i, v := range versions {
		doc += fmt.Sprintf("  - {name: %s, served: true, storage: %t, schema: {openAPIV3Schema: %s}}\n", v[0], i == 0, v[1])
	}
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

const immutableRule = `x-kubernetes-validations: [{rule: self == oldSelf, message: immutable}]`

func TestTransitionRulesThatAParentsRemovalBypasses(t *testing.T) {
	root := func(required, engine string) string {
		return `{type: object, ` + required + ` properties: {spec: {type: object, ` + engine + `}}}`
	}
	engine := func(required, extra string) string {
		return required + ` properties: {engine: {type: string, ` + extra + `}}`
	}
	tests := []struct {
		name, schema string
		want         []string // substrings, one warning each
	}{{
		name:   "an optional parent",
		schema: root("", engine("required: [engine],", immutableRule)),
		want: []string{"spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[engine].x-kubernetes-validations[0].rule: " +
			"the transition rule on spec.engine is bypassed by two updates, one removing spec (optional) and one adding it back: " +
			"kube-apiserver runs it only where spec.engine is in both objects; use x-kubernetes-mutability on spec.engine " +
			"(kval judges a parent's removal and addition as its fields'), a rule on the root comparing has(self.spec) with has(oldSelf.spec), or make spec required"},
	}, {
		name:   "an optional node",
		schema: root("required: [spec],", engine("", immutableRule)),
		want:   []string{"one removing spec.engine (optional)"},
	}, {
		name:   "a required chain",
		schema: root("required: [spec],", engine("required: [engine],", immutableRule)),
	}, {
		name:   "optionalOldSelf",
		schema: root("", engine("", `x-kubernetes-validations: [{rule: "oldSelf.hasValue() ? self == oldSelf.value() : true", optionalOldSelf: true}]`)),
	}, {
		name:   "not a transition rule",
		schema: root("", engine("", `x-kubernetes-validations: [{rule: "self != 'x'"}]`)),
	}, {
		name:   "x-kubernetes-mutability on the chain",
		schema: root("", engine("", `x-kubernetes-mutability: AddOnly, `+immutableRule)),
	}, {
		name: "a rule that lets any change through the empty value",
		schema: root("", `x-kubernetes-validations: [{rule: "!has(oldSelf.engine) || !has(self.engine) || self.engine == oldSelf.engine"}],
		  properties: {engine: {type: string}}`),
	}, {
		name: "the same rule where the empty value is invalid",
		schema: root("", `required: [engine], x-kubernetes-validations: [{rule: "!has(oldSelf.engine) || !has(self.engine) || self.engine == oldSelf.engine"}],
		  properties: {engine: {type: string}}`),
		want: []string{"the transition rule on spec is bypassed by two updates, one removing spec (optional)"},
	}, {
		name:   "a self == oldSelf rule above the optional node",
		schema: root("required: [spec],", immutableRule+`, `+engine("", immutableRule)),
	}, {
		name: "a rule on the parent keeps the optional node once set",
		schema: root("required: [spec],", `x-kubernetes-validations: [{rule: "!has(oldSelf.engine) || has(self.engine)", message: required once set}], `+
			engine("", immutableRule)),
	}, {
		name: "a rule on the parent that other fields can satisfy keeps nothing",
		schema: root("required: [spec],", `x-kubernetes-validations: [{rule: "!has(oldSelf.engine) || has(self.engine) || has(self.other)"}], `+
			`properties: {other: {type: string}, engine: {type: string, `+immutableRule+`}}`),
		want: []string{"one removing spec.engine (optional)"},
	}, {
		name: "the chain starts again at list-map items",
		schema: `{type: object, required: [spec], properties: {spec: {type: object, required: [users], properties: {users: {type: array,
		  x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name], items: {type: object, required: [name],
		  properties: {name: {type: string}, role: {type: object, properties: {kind: {type: string, ` + immutableRule + `}}}}}}}}}}`,
		want: []string{"the transition rule on spec.users[*].role.kind is bypassed by two updates, one removing spec.users[*].role (optional)" +
			" and one adding it back: kube-apiserver runs it only where spec.users[*].role.kind is in both objects; use x-kubernetes-mutability on spec.users[*].role.kind" +
			" (kval judges a parent's removal and addition as its fields'), a rule on spec.users[*] comparing has(self.role) with has(oldSelf.role), or make spec.users[*].role required"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ImmutabilityWarnings(crdOf(t, "", [2]string{"v1", tc.schema}))
			if len(got) != len(tc.want) {
				t.Fatalf("got %d warnings, want %d: %q", len(got), len(tc.want), got)
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("warning\n%s\nlacks\n%s", got[i], w)
				}
			}
		})
	}
}

func TestServedVersionsThatDisagreeOnTheExtensions(t *testing.T) {
	with := `{type: object, properties: {spec: {type: object, properties: {engine: {type: string, x-kubernetes-mutability: Immutable},
	  tags: {type: array, x-kubernetes-key-mutability: AddOnly, items: {type: string}}}}}}`
	without := `{type: object, properties: {spec: {type: object, properties: {engine: {type: string},
	  tags: {type: array, x-kubernetes-key-mutability: AddOnly, items: {type: string}}}}}}`
	renamed := `{type: object, properties: {spec: {type: object, properties: {kind: {type: string}}}}}`
	want := "served versions disagree on the mutability extensions at spec.engine (v1: x-kubernetes-mutability: Immutable; v2: neither extension): " +
		"an update through a version without them changes the field; give every served version the same extensions, or register kval's webhook " +
		"for the versions that define them only, with matchPolicy: Equivalent, so that kube-apiserver converts requests to them"
	if got := ImmutabilityWarnings(crdOf(t, "", [2]string{"v1", with}, [2]string{"v2", without})); len(got) != 1 || got[0] != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	webhookWarning := "conversion is Webhook, which kval cannot run: kval validate, kvaltest and kval lower's rules check an object " +
		"in each version with that version's mutability extensions only, at that version's paths; in a cluster, register kval's webhook " +
		"for the versions that define them only, with matchPolicy: Equivalent, so that kube-apiserver converts requests to them"
	got := ImmutabilityWarnings(crdOf(t, "Webhook", [2]string{"v1", with}, [2]string{"v2", without}))
	if len(got) != 2 || got[0] != want || got[1] != webhookWarning {
		t.Errorf("with Webhook conversion: %q", got)
	}
	// Where conversion is Webhook, the paths may differ: it warns even
	// where nothing is compared.
	got = ImmutabilityWarnings(crdOf(t, "Webhook", [2]string{"v1", with}, [2]string{"v2", renamed}))
	if len(got) != 1 || got[0] != webhookWarning {
		t.Errorf("with Webhook conversion and other paths: %q", got)
	}
	for name, versions := range map[string][][2]string{
		"the same extensions": {{"v1", with}, {"v2", with}},
		"a field v2 lacks":    {{"v1", with}, {"v2", renamed}},
		"one version":         {{"v1", with}},
	} {
		if got := ImmutabilityWarnings(crdOf(t, "", versions...)); len(got) != 0 {
			t.Errorf("%s: got %q", name, got)
		}
	}
}
