package gen_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// gatedField is a field N with the given tags, one a line.
func gatedField(lines ...string) string {
	return "type T struct {\n\t// " + strings.Join(lines, "\n\t// ") + "\n\tN *string `json:\"n\"`\n}\n"
}

// TestRequirednessUnderOptions: requiredness tags under exclusive gates
// (+k8s:ifEnabled(X) and +k8s:ifDisabled(X)) never apply together, and a
// gated tag refines an ungated one as Kubernetes' own types write a field
// behind a feature gate; tags that contradict each other under some set of
// options are still reported.
func TestRequirednessUnderOptions(t *testing.T) {
	const conflict = "types.go:5:5: %s: conflicts with +%s on the same field (keep one of +k8s:required, +k8s:optional and +k8s:forbidden)"
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"enabled optional, disabled forbidden", []string{"+k8s:ifDisabled(G)=+k8s:forbidden", "+k8s:ifEnabled(G)=+k8s:optional", "+k8s:maxLength=3"}, nil},
		{"quoted gate names", []string{`+k8s:ifDisabled("G")=+k8s:forbidden`, `+k8s:ifEnabled("G")=+k8s:optional`}, nil},
		{"KEP-5073's spelling", []string{"+k8s:ifOptionDisabled(G)=+k8s:forbidden", "+k8s:ifOptionEnabled(G)=+k8s:required"}, nil},
		{"optional, forbidden while disabled", []string{"+k8s:optional", "+k8s:ifDisabled(G)=+k8s:forbidden"}, nil},
		{"forbidden while disabled, then optional", []string{"+k8s:ifDisabled(G)=+k8s:forbidden", "+k8s:optional"}, nil},
		{"optional, required while enabled", []string{"+k8s:optional", "+k8s:ifEnabled(G)=+k8s:required"}, nil},
		{"required, forbidden while disabled", []string{"+k8s:required", "+k8s:ifDisabled(G)=+k8s:forbidden"},
			[]string{fmt.Sprintf(conflict, "+k8s:ifDisabled(G)=+k8s:forbidden", "k8s:required")}},
		{"required, optional while enabled", []string{"+k8s:required", "+k8s:ifEnabled(G)=+k8s:optional"},
			[]string{fmt.Sprintf(conflict, "+k8s:ifEnabled(G)=+k8s:optional", "k8s:required")}},
		{"same gate, two answers", []string{"+k8s:ifEnabled(G)=+k8s:optional", "+k8s:ifEnabled(G)=+k8s:required"},
			[]string{fmt.Sprintf(conflict, "+k8s:ifEnabled(G)=+k8s:required", "k8s:optional")}},
		{"different gates both on", []string{"+k8s:ifEnabled(G)=+k8s:required", "+k8s:ifEnabled(H)=+k8s:forbidden"},
			[]string{fmt.Sprintf(conflict, "+k8s:ifEnabled(H)=+k8s:forbidden", "k8s:required")}},
		{"ungated optional and forbidden", []string{"+k8s:optional", "+k8s:beta=+k8s:forbidden"},
			[]string{fmt.Sprintf(conflict, "+k8s:beta=+k8s:forbidden", "k8s:optional")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := lintPackage(t, generated, gatedField(tt.lines...))
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}

// TestDefaultOnAFieldForbiddenWhileAGateIsOff: a field forbidden only while
// its feature gate is off is defaulted while it is on, so its +default is
// no conflict; a field forbidden under every set of options still is.
func TestDefaultOnAFieldForbiddenWhileAGateIsOff(t *testing.T) {
	gated := gatedField("+k8s:ifDisabled(G)=+k8s:forbidden", "+k8s:ifEnabled(G)=+k8s:optional", `+default="a"`)
	if _, got := lintPackage(t, generated, gated); len(got) != 0 {
		t.Errorf("got %q, want no problem", got)
	}
	forbidden := gatedField("+k8s:beta=+k8s:forbidden", `+default="a"`)
	want := []string{`types.go:5:5: +default="a": a forbidden field must stay unset, so it cannot have a default (drop the default or +k8s:forbidden)`}
	if _, got := lintPackage(t, generated, forbidden); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
