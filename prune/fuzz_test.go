package prune

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// FuzzPrune prunes arbitrary objects with arbitrary schemas and checks that
// pruning never panics, is idempotent, and never removes a field the schema
// specifies.
func FuzzPrune(f *testing.F) {
	for _, ex := range seedExamples {
		f.Add(ex.schema, ex.in, ex.resourceRoot)
	}
	f.Add(`{"type":"object","properties":{"a":{"type":"array","items":{"x-kubernetes-preserve-unknown-fields":true,"properties":{"b":{"type":"object"}}}}}}`,
		`{"a":[{"b":{"c":1},"d":2},"x",null,[1]]}`, false)
	f.Fuzz(func(t *testing.T, schemaText, objectText string, resourceRoot bool) {
		s, ok := fuzzSchema(schemaText)
		if !ok {
			return
		}
		obj, ok := fuzzObject(objectText)
		if !ok {
			return
		}
		opts := Options{ResourceRoot: resourceRoot}
		first := Prune(obj, s, opts)
		for _, p := range first.Pruned {
			if specified(s, p) {
				t.Fatalf("pruned %q, which the schema specifies", p)
			}
		}
		again := runtime.DeepCopyJSON(obj)
		second := Prune(again, s, opts)
		if len(second.Pruned) > 0 || !reflect.DeepEqual(again, obj) {
			t.Fatalf("pruning is not idempotent: second run pruned %q", second.Pruned)
		}
	})
}

func fuzzSchema(text string) (*schema.Schema, bool) {
	docs, errs := manifest.ReadAll("schema", strings.NewReader(text))
	if len(errs) > 0 || len(docs) != 1 {
		return nil, false
	}
	s, perrs := schema.Parse(nil, docs[0].Object)
	return s, len(perrs) == 0
}

func fuzzObject(text string) (map[string]any, bool) {
	docs, errs := manifest.ReadAll("object", strings.NewReader(text))
	if len(errs) > 0 || len(docs) != 1 {
		return nil, false
	}
	return docs[0].Object, true
}

// specified reports whether a pruned path names a field that the schema
// specifies by properties (walking indices with items). Paths with keys
// containing "." or "[" are ambiguous and skipped.
func specified(s *schema.Schema, path string) bool {
	segments := splitPath(path)
	if segments == nil {
		return false
	}
	for i, seg := range segments {
		if s == nil {
			return false
		}
		if seg == "[]" {
			s = s.Items
			continue
		}
		prop, ok := s.Properties[seg]
		if !ok {
			if s.AdditionalProperties == nil || i == len(segments)-1 {
				return false
			}
			prop = s.AdditionalProperties.Schema
		}
		if i == len(segments)-1 {
			return true
		}
		s = prop
	}
	return false
}

// splitPath splits "a.b[0].c" into ["a", "b", "[]", "c"].
func splitPath(path string) []string {
	var out []string
	for _, dotted := range strings.Split(path, ".") {
		key, rest, _ := strings.Cut(dotted, "[")
		if key == "" && rest == "" {
			return nil
		}
		if key != "" {
			out = append(out, key)
		}
		for rest != "" {
			_, after, ok := strings.Cut(rest, "]")
			if !ok {
				return nil
			}
			out = append(out, "[]")
			rest = strings.TrimPrefix(after, "[")
		}
	}
	return out
}
