package gen_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kval-dev/kval/gen"
)

// lintCasePkg is the import path of the package lintPackage writes.
const lintCasePkg = "example.com/lintcase/p"

// lintPackage writes a module with one package (doc.go with the package
// tags, types.go with decls), lints it and returns the result and its
// problems, without the directory.
func lintPackage(t *testing.T, pkgTags, decls string) (*gen.Result, []string) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":       "module example.com/lintcase\n\ngo 1.26\n",
		"p/doc.go":     pkgTags + "\npackage p\n",
		"p/types.go":   "package p\n\n" + decls,
		"p/helpers.go": "package p\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := gen.Lint(gen.Options{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range res.Problems {
		out = append(out, strings.ReplaceAll(p.String(), filepath.Join(dir, "p")+string(filepath.Separator), ""))
	}
	return res, out
}

const generated = "// +k8s:validation-gen=*\n// +k8s:validation-gen-scheme-registry=nil"

// TestLintGaps: bounds that no value can pass, a one-value tag written
// again with another value, and tags in capitals (which generators ignore
// silently) are reported; what is fine is not.
func TestLintGaps(t *testing.T) {
	tests := []struct {
		name, pkgTags, decls string
		want                 []string
	}{
		{"minimum above maximum", generated, taggedField("+k8s:minimum=10", "+k8s:maximum=5", "N int32"),
			[]string{"types.go:5:5: +k8s:minimum=10: greater than +k8s:maximum=5, so no value can pass (swap or fix the bounds)"}},
		{"negative bounds", generated, taggedField("+k8s:maximum=-10", "+k8s:minimum=-5", "N int32"),
			[]string{"types.go:6:5: +k8s:minimum=-5: greater than +k8s:maximum=-10, so no value can pass (swap or fix the bounds)"}},
		{"equal bounds", generated, taggedField("+k8s:minimum=5", "+k8s:maximum=5", "N int32"), nil},
		{"lengths, items and properties", generated,
			taggedField("+k8s:minLength=3", "+k8s:maxLength=2", "S string") + taggedField("+k8s:minItems=3", "+k8s:maxItems=2", "L []string") +
				taggedField("+k8s:minProperties=3", "+k8s:maxProperties=2", "M map[string]string"),
			[]string{"types.go:5:5: +k8s:minLength=3: greater than +k8s:maxLength=2, so no value can pass (swap or fix the bounds)",
				"types.go:12:5: +k8s:minItems=3: greater than +k8s:maxItems=2, so no value can pass (swap or fix the bounds)",
				"types.go:19:5: +k8s:minProperties=3: greater than +k8s:maxProperties=2, so no value can pass (swap or fix the bounds)"}},
		{"bounds of the elements", generated, taggedField("+k8s:eachVal=+k8s:minimum=10", "+k8s:eachVal=+k8s:maximum=5", "L []int32"),
			[]string{"types.go:5:5: +k8s:eachVal=+k8s:minimum=10: greater than +k8s:maximum=5, so no value can pass (swap or fix the bounds)"}},
		{"bounds at different places", generated, taggedField("+k8s:minimum=10", `+k8s:ifEnabled("Gate")=+k8s:maximum=5`, "N int32"), nil},
		{"repeated maximum", generated, taggedField("+k8s:maximum=5", "+k8s:maximum=10", "N int32"),
			[]string{"types.go:6:5: +k8s:maximum=10: repeats +k8s:maximum=5 with another value; both apply (keep one +k8s:maximum)"}},
		{"repeated format", generated, taggedField("+k8s:format=k8s-uuid", "+k8s:format=k8s-ip", "S string"),
			[]string{`types.go:6:5: +k8s:format=k8s-ip: repeats +k8s:format="k8s-uuid" with another value; both apply (keep one +k8s:format)`}},
		{"identical repeat is a duplicate", generated, taggedField("+k8s:maximum=5", "+k8s:maximum=5", "N int32"),
			[]string{"types.go:6:5: +k8s:maximum=5: duplicate tag (remove one of them)"}},
		{"repeats that may differ", generated, taggedField("+k8s:alpha=+k8s:neq=1", "+k8s:alpha=+k8s:neq=2", "N int32"), nil},
		{"capitals on a field", generated, taggedField("+K8S:maxLength=5", "+K8s:minLength=1", "S string"),
			[]string{"types.go:5:5: +K8S:maxLength=5: tag in capitals, which generators ignore (write +k8s:maxLength=5)",
				"types.go:6:5: +K8s:minLength=1: tag in capitals, which generators ignore (write +k8s:minLength=1)"}},
		{"capitals on a type", generated, "// +K8S:maxLength=5\ntype Name string\n\ntype T struct {\n\t// +k8s:optional\n\tN Name `json:\"n\"`\n}\n",
			[]string{"types.go:3:4: +K8S:maxLength=5: tag in capitals, which generators ignore (write +k8s:maxLength=5)"}},
		{"capitals in the package tags", "// +K8S:validation-gen=*", taggedField("+k8s:maxLength=5", "", "S string"),
			[]string{"doc.go:1:4: +K8S:validation-gen=*: tag in capitals, which generators ignore (write +k8s:validation-gen=*)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := lintPackage(t, tt.pkgTags, tt.decls)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}

// taggedField declares a struct T with one optional field (decl) carrying two
// tags; successive calls number their types T, T2, ... by line.
func taggedField(tag1, tag2, decl string) string {
	return "type T" + strings.Fields(decl)[0] + " struct {\n\t// +k8s:optional\n\t// " + tag1 + "\n\t// " + tag2 + "\n\t" +
		decl + " `json:\"" + strings.ToLower(strings.Fields(decl)[0]) + "\"`\n}\n\n"
}

// TestProblemSummaryNamesPackages: the packages a summary names are those
// the problems are in, also when none of them is generated.
func TestProblemSummaryNamesPackages(t *testing.T) {
	tests := []struct {
		name, pkgTags, decls string
	}{
		{"a generated package", generated, taggedField("+k8s:maximum=5", "+k8s:maximum=10", "N int32")},
		{"a package whose tags are in capitals", "// +K8S:validation-gen=*", taggedField("+k8s:maxLength=5", "", "S string")},
		{"a package with a bad tag value", "// +k8s:validation-gen=TypesWithPrefix=X", taggedField("+k8s:maxLength=5", "", "S string")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, problems := lintPackage(t, tt.pkgTags, tt.decls)
			if len(problems) == 0 || !slices.Equal(res.ProblemPackages, []string{lintCasePkg}) {
				t.Errorf("problems %q in packages %q, want them in %s", problems, res.ProblemPackages, lintCasePkg)
			}
		})
	}
}

// TestLintDefaults: a default (either spelling) is checked against the
// field's type and the rules written on the field, and is refused on a
// forbidden field; a defaulted field takes +k8s:optional (KEP-5073's tables:
// +k8s:optional +default=X), not +k8s:required.
func TestLintDefaults(t *testing.T) {
	const fix = "objects that omit the field are refused (change the default or +"
	tests := []struct {
		name, decls string
		want        []string
	}{
		{"a string default on an int", taggedField(`+default="abc"`, "+k8s:minimum=1", "N *int32"),
			[]string{`types.go:5:5: +default="abc": the default does not fit the field's type int32 (want an integer) (write a default of the field's type)`}},
		{"KEP spelling is read the same", taggedField(`+k8s:default="abc"`, "+k8s:minimum=1", "N *int32"),
			[]string{`types.go:5:5: +k8s:default="abc": the default does not fit the field's type int32 (want an integer) (write a default of the field's type)`}},
		{"a fraction on an int", taggedField("+default=1.5", "+k8s:minimum=1", "N *int32"),
			[]string{"types.go:5:5: +default=1.5: the default does not fit the field's type int32 (want an integer) (write a default of the field's type)"}},
		{"below the minimum", taggedField("+default=0", "+k8s:minimum=1", "N *int32"),
			[]string{"types.go:5:5: +default=0: the default 0 breaks +k8s:minimum=1, so " + fix + "k8s:minimum=1)"}},
		{"a beta maximum counts", taggedField("+k8s:default=9", "+k8s:beta=+k8s:maximum=5", "N *int64"),
			[]string{"types.go:5:5: +k8s:default=9: the default 9 breaks +k8s:maximum=5, so " + fix + "k8s:maximum=5)"}},
		{"too long a string", taggedField(`+default="abcdef"`, "+k8s:maxLength=3", "S *string"),
			[]string{`types.go:5:5: +default="abcdef": the default "abcdef" breaks +k8s:maxLength=3, so ` + fix + "k8s:maxLength=3)"}},
		{"too few items", taggedField(`+default=[]`, "+k8s:minItems=1", "L []string"),
			[]string{"types.go:5:5: +default=[]: the default [] breaks +k8s:minItems=1, so " + fix + "k8s:minItems=1)"}},
		{"not JSON", taggedField("+default=abc", "+k8s:maxLength=3", "S *string"),
			[]string{`types.go:4:5: +k8s:optional: cannot parse the +default value "abc" as JSON (write the default as JSON, e.g. +default="value" or +default=0)`}},
		{"a default that fits", taggedField("+k8s:default=3", "+k8s:minimum=1", "N *int32") + taggedField(`+default="ab"`, "+k8s:maxLength=3", "S *string"), nil},
		{"conditional rules are not checked", taggedField("+default=0", `+k8s:ifEnabled("G")=+k8s:minimum=1`, "N *int32"), nil},
		{"a forbidden field", "type T struct {\n\t// +k8s:beta=+k8s:forbidden\n\t// +default=1\n\tN *int32 `json:\"n\"`\n}\n",
			[]string{"types.go:5:5: +default=1: a forbidden field must stay unset, so it cannot have a default (drop the default or +k8s:forbidden)"}},
		{"a required field", "type T struct {\n\t// +k8s:required\n\t// +k8s:default=1\n\tN *int32 `json:\"n\"`\n}\n",
			[]string{"types.go:4:5: +k8s:required: a field with a default cannot be required (drop +k8s:required: a field with a +default is optional, and required once defaulted)"}},
		{"no requiredness", "type T struct {\n\t// +k8s:default=1\n\t// +k8s:minimum=1\n\tN *int32 `json:\"n\"`\n}\n",
			[]string{"types.go:6:2: field N has validations but no +k8s:optional, +k8s:required or +k8s:forbidden (add +k8s:optional: a field with a default is optional, and required once defaulted)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := lintPackage(t, generated, tt.decls)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}
