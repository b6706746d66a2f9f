package celrules

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// parse reads a YAML document the way objects and schemas are read.
func parse(t testing.TB, text string) map[string]any {
	t.Helper()
	docs, errs := manifest.ReadAll("test", strings.NewReader("---\n"+text))
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("bad test input %q: %v", text, errs)
	}
	return docs[0].Object
}

func parseSchema(t testing.TB, text string) *schema.Schema {
	t.Helper()
	s, errs := schema.Parse(nil, parse(t, text))
	if len(errs) > 0 {
		t.Fatalf("bad test schema: %v", errs)
	}
	return s
}

// compileRoot compiles the rules of a resource's root schema.
func compileRoot(t testing.TB, schemaYAML string) *Validator {
	t.Helper()
	v, err := Compile(parseSchema(t, schemaYAML), nil)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func create(v *Validator, obj map[string]any) Result {
	return v.Validate(context.Background(), nil, obj, nil, EvalOptions{Budget: RuntimeCELCostBudget})
}

func update(v *Validator, obj, old map[string]any, ratcheting bool) Result {
	return v.Validate(context.Background(), nil, obj, old, EvalOptions{Budget: RuntimeCELCostBudget, Ratcheting: ratcheting})
}

func messages(errs field.ErrorList) []string {
	out := []string{}
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}
