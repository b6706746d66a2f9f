package gen_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kval-dev/kval/gen"
)

// releaseTypes has one type with TypeMeta (a root under TypesWithField)
// and one without.
const releaseTypes = "type TypeMeta struct{}\n\ntype Obj struct {\n\tTypeMeta `json:\",inline\"`\n\t// +k8s:optional\n\t// +k8s:maxLength=3\n\tS *string `json:\"s\"`\n}\n\n" +
	"type Other struct {\n\t// +k8s:optional\n\t// +k8s:maxLength=3\n\tS *string `json:\"s\"`\n}\n"

// generateCase writes a module with one package and generates it.
func generateCase(t *testing.T, pkgTags, decls string) *gen.Result {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":     "module example.com/gencase\n\ngo 1.26\n",
		"p/doc.go":   pkgTags + "\npackage p\n",
		"p/types.go": "package p\n\n" + decls,
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
	res, err := gen.Generate(gen.Options{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestBarePackageTagIsKubernetes136sFieldFilter: 1.36's
// +k8s:validation-gen=TypeMeta selects the types with a TypeMeta field,
// as TypesWithField=TypeMeta does, with a note naming the current form.
func TestBarePackageTagIsKubernetes136sFieldFilter(t *testing.T) {
	const registry = "\n// +k8s:validation-gen-scheme-registry=nil"
	old := generateCase(t, "// +k8s:validation-gen=TypeMeta"+registry, releaseTypes)
	current := generateCase(t, "// +k8s:validation-gen=TypesWithField=TypeMeta"+registry, releaseTypes)
	if len(old.Problems) != 0 || len(old.Files) != 1 {
		t.Fatalf("1.36's form: problems %v, %d files", old.Problems, len(old.Files))
	}
	if string(old.Files[0].Content) != string(current.Files[0].Content) {
		t.Errorf("1.36's form generates\n%s\nthe current form\n%s", old.Files[0].Content, current.Files[0].Content)
	}
	if !strings.Contains(string(old.Files[0].Content), "func Validate_Obj(") || strings.Contains(string(old.Files[0].Content), "func Validate_Other(") {
		t.Errorf("want Validate_Obj only, got\n%s", old.Files[0].Content)
	}
	note := slices.IndexFunc(old.Warnings, func(w string) bool {
		return strings.Contains(w, "+k8s:validation-gen=TypeMeta: Kubernetes 1.36's form") && strings.Contains(w, "write +k8s:validation-gen=TypesWithField=TypeMeta")
	})
	if note < 0 {
		t.Errorf("no note naming the current form in %q", old.Warnings)
	}
}

// TestPackageTagKeywordsAreNoFieldNames: "true" is no field name.
func TestPackageTagKeywordsAreNoFieldNames(t *testing.T) {
	res := generateCase(t, "// +k8s:validation-gen=true", releaseTypes)
	if len(res.Problems) != 1 || !strings.Contains(res.Problems[0].Msg, "unknown value for package tag") {
		t.Errorf("got %v, want the unknown value reported", res.Problems)
	}
}

// modeTypes is a struct with a mode discriminator in either release's
// spelling: disc and member are the tag names, then the argument names.
func modeTypes(disc, name, member, group, value string) string {
	return "type Obj struct {\n\tTypeMeta `json:\",inline\"`\n\t// +k8s:required\n\t// +k8s:alpha(since: \"1.36\")=+" + disc + "(" + name + ": g)\n\tType string `json:\"type\"`\n" +
		"\t// +k8s:optional\n\t// +k8s:alpha(since: \"1.36\")=+" + member + "(" + group + ": g, " + value + ": \"Limited\")=+k8s:required\n" +
		"\t// +k8s:beta=+" + member + "(" + group + ": g, " + value + ": \"Exempt\")=+k8s:forbidden\n\tLimited *string `json:\"limited\"`\n}\n\ntype TypeMeta struct{}\n"
}

// TestKubernetes136ModeTagsAreReadAsCurrent: 1.36's +k8s:discriminator
// and +k8s:member generate what 1.37's +k8s:modeDiscriminator and
// +k8s:ifMode do, with a note naming the current form.
func TestKubernetes136ModeTagsAreReadAsCurrent(t *testing.T) {
	const pkg = "// +k8s:validation-gen=TypesWithField=TypeMeta\n// +k8s:validation-gen-scheme-registry=nil"
	old := generateCase(t, pkg, modeTypes("k8s:discriminator", "name", "k8s:member", "discriminator", "value"))
	current := generateCase(t, pkg, modeTypes("k8s:modeDiscriminator", "modality", "k8s:ifMode", "modality", "mode"))
	if len(old.Problems) != 0 || len(current.Problems) != 0 {
		t.Fatalf("problems: 1.36 %v, 1.37 %v", old.Problems, current.Problems)
	}
	if string(old.Files[0].Content) != string(current.Files[0].Content) {
		t.Errorf("1.36's tags generate\n%s\n1.37's\n%s", old.Files[0].Content, current.Files[0].Content)
	}
	if !strings.Contains(string(old.Files[0].Content), "Limited") {
		t.Errorf("no mode rule generated:\n%s", old.Files[0].Content)
	}
	for _, want := range []string{"+k8s:discriminator, read as +k8s:modeDiscriminator", "+k8s:member, read as +k8s:ifMode"} {
		if !slices.ContainsFunc(old.Warnings, func(w string) bool { return strings.Contains(w, want) }) {
			t.Errorf("no note %q in %q", want, old.Warnings)
		}
	}
}
