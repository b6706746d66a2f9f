package crd

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kval-dev/kval/gen/validators"
)

// TestProblems checks that unknown and misused markers and shapes a CRD
// cannot express are reported at their line, and nothing is generated.
func TestProblems(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/bad"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range res.Problems {
		got = append(got, fmt.Sprintf("%d: %s", p.Pos.Line, p.Msg))
	}
	want := []string{
		"14: unknown marker +frobnicate",
		`16: +immutable=Sometimes: "Sometimes" is not Immutable, AddOnly or RemoveOnly`,
		"18: +k8s:customValidation: no CRD form: hand-written Go code has no CRD form: add the rule as +kubebuilder:validation:XValidation",
		"20: +listType=map: is for lists",
		"23: float64: floats are not portable across languages (controller-gen refuses them too); use an integer, a resource.Quantity or a string, or allow them (Options.AllowDangerousTypes, kval gen crd --allow-dangerous-types)",
		"24: +k8s:maximum(constraint: size): no CRD form: a bound on another field's value has no CRD form yet: write the rule with +kubebuilder:validation:XValidation on the struct",
		`26: +k8s:maxLength on field Skipped does nothing: json:"-" leaves the field out of the JSON form and the schema (controller-gen skips such fields too); remove the marker`,
		"28: +k8s:maxLength on field hidden does nothing: the field is unexported, so in neither the JSON form nor the schema (controller-gen skips such fields too); remove the marker",
		"30: +k8s:memberOf(group: g): " + refusal(t, "k8s:memberOf"),
		"32: +k8s:union(union: g): " + refusal(t, "k8s:union"),
		"34: +k8s:update=NoAddItem: is for sets, list-maps and maps (KEP-5073 refuses it on atomic lists)",
		"39: recursive type Node: a structural schema cannot describe a value that contains itself (Node -> Node)",
		"40: +default=ref(NoSuchConstant): NoSuchConstant is not a constant of github.com/kval-dev/kval/gen/crd/testdata/bad",
		"42: +default=ref(example.com/unimported.Value): package example.com/unimported is neither github.com/kval-dev/kval/gen/crd/testdata/bad nor imported by it",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(res.CRDs) != 0 {
		t.Errorf("CRDs generated despite problems")
	}
}

// refusal is kval gen's reason for refusing a tag, which kval gen crd
// gives too.
func refusal(t *testing.T, name string) string {
	t.Helper()
	msg, hint, ok := validators.Refusal(name)
	if !ok {
		t.Fatalf("kval gen does not refuse +%s", name)
	}
	return msg + " (" + hint + ")"
}

// TestLintErrorsAtTheMarker: a misuse only kube-apiserver's checks of the
// generated CRD catch is reported at the marker that wrote the keyword or
// the rule, not at the kind.
func TestLintErrorsAtTheMarker(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/linted"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range res.Problems {
		_, path, _ := strings.Cut(p.Msg, "is invalid: ")
		path, _, _ = strings.Cut(path, ": ")
		got = append(got, fmt.Sprintf("%d:%d %s", p.Pos.Line, p.Pos.Column, path))
	}
	want := []string{
		"17:4 spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].rule",
		"22:5 spec.validation.openAPIV3Schema.properties[spec].properties[list].x-kubernetes-mutability",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestEveryTagHasAnEntry keeps the marker table in step with kval gen's
// tag registry: every +k8s: tag is mapped, or refused with a reason.
func TestEveryTagHasAnEntry(t *testing.T) {
	for _, name := range validators.New(nil).Names() {
		m, ok := byName[name]
		if !ok {
			t.Errorf("+%s is in kval gen's registry but not in the marker table", name)
			continue
		}
		if m.schema == nil && m.ignored == "" {
			t.Errorf("+%s has neither a schema function nor a reason to be ignored", name)
		}
	}
}
