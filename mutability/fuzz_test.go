package mutability

import (
	"strings"
	"testing"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// FuzzCheck runs the checks on arbitrary schemas and objects: they never
// panic, and an object is always an allowed update of itself.
func FuzzCheck(f *testing.F) {
	f.Add(errorsSchema, `{"spec": {"users": [{"name": "a"}], "labels": {"x": "y"}}}`, `{"spec": {"users": [{"name": "b"}, {"role": 1}]}}`)
	f.Add(`{"type": "object", "properties": {"foo": {"type": "array", "x-kubernetes-list-type": "set", "x-kubernetes-key-mutability": "AddOnly", "items": {"type": "object"}}}}`,
		`{"foo": [{"a": 1}, {"a": 1}, null]}`, `{"foo": "not a list"}`)
	f.Fuzz(func(t *testing.T, schemaText, oldText, newText string) {
		s, ok := fuzzRead(schemaText)
		if !ok {
			return
		}
		parsed, errs := schema.Parse(nil, s)
		if len(errs) > 0 {
			return
		}
		old, okOld := fuzzRead(oldText)
		obj, okNew := fuzzRead(newText)
		if !okOld || !okNew {
			return
		}
		c := Compile(parsed)
		c.Check(nil, obj, old)
		if errs := c.Check(nil, old, old); len(errs) > 0 {
			t.Fatalf("an unchanged object is rejected: %v", errs)
		}
	})
}

func fuzzRead(text string) (map[string]any, bool) {
	docs, errs := manifest.ReadAll("fuzz", strings.NewReader(text))
	if len(errs) > 0 || len(docs) != 1 {
		return nil, false
	}
	return docs[0].Object, true
}
