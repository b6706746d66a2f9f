package engine

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/defaults"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/prune"
	"github.com/kval-dev/kval/schema"
)

// FuzzDecode runs arbitrary objects through pruning, null pruning, object
// meta coercion and defaulting with arbitrary schemas: decoding never panics
// and decoding a decoded object again changes nothing, nor does defaulting
// it again (what readBackDecoded relies on).
func FuzzDecode(f *testing.F) {
	f.Add(`{"type":"object","properties":{"spec":{"type":"object","default":{"a":1},"properties":{"a":{"type":"integer","default":2},"b":{"type":"string"}}}}}`,
		`{"apiVersion":"example.com/v1","kind":"Foo","metadata":{"name":"x","junk":1},"spec":{"b":null,"c":3}}`)
	f.Add(`{"type":"object","properties":{"r":{"type":"object","x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true,"default":{"apiVersion":"v1","kind":"K","metadata":{"name":"n","x":1}}}}}`,
		`{"r":null,"metadata":{"labels":{"a":"b"}}}`)
	f.Add(`{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string","default":"d"}}}}}}}`,
		`{"m":{"x":[{},null,{"k":null}]}}`)
	f.Fuzz(func(t *testing.T, schemaText, objectText string) {
		s, obj, ok := fuzzInput(schemaText, objectText)
		if !ok {
			return
		}
		v := &Validator{crd: &schema.CRD{}, codec: codec{schema: s, prunes: true, defaulter: defaults.Compile(s)}}
		first := v.Decode(obj)
		if !first.Valid() {
			return
		}
		defaulted := runtime.DeepCopyJSON(first.Object)
		v.defaulter.Default(defaulted)
		if !reflect.DeepEqual(defaulted, first.Object) {
			t.Fatalf("defaulting a decoded object changed it:\nfirst:     %v\ndefaulted: %v", first.Object, defaulted)
		}
		again := runtime.DeepCopyJSON(first.Object)
		second := v.Decode(again)
		if !second.Valid() || len(second.Pruned) > 0 || !reflect.DeepEqual(second.Object, first.Object) {
			t.Fatalf("decoding is not idempotent:\nfirst:  %v\nsecond: %v\npruned: %q errors: %v",
				first.Object, second.Object, second.Pruned, second.Errors)
		}
	})
}

func fuzzInput(schemaText, objectText string) (*schema.Schema, map[string]any, bool) {
	read := func(text string) (map[string]any, bool) {
		docs, errs := manifest.ReadAll("fuzz", strings.NewReader(text))
		if len(errs) > 0 || len(docs) != 1 {
			return nil, false
		}
		return docs[0].Object, true
	}
	schemaObj, ok := read(schemaText)
	if !ok {
		return nil, nil, false
	}
	s, errs := schema.Parse(nil, schemaObj)
	if len(errs) > 0 {
		return nil, nil, false
	}
	obj, ok := read(objectText)
	return s, obj, ok
}

// FuzzPruningNotesEveryDroppableNull: when pruning says no null is left
// that dropping non-nullable nulls could remove (MayHoldNulls false, and
// decoding skips that walk), dropping them indeed changes nothing.
func FuzzPruningNotesEveryDroppableNull(f *testing.F) {
	f.Add(`{"type":"object","properties":{"metadata":{"type":"object","properties":{"name":{"type":"string"}}},"spec":{"type":"object","properties":{"a":{"type":"string"}}}}}`,
		`{"apiVersion":"v1","kind":"K","metadata":{"name":null},"spec":{"a":"x"}}`)
	f.Add(`{"type":"object","properties":{"spec":{"x-kubernetes-preserve-unknown-fields":true,"type":"object","properties":{"a":{"type":"object"}}}}}`,
		`{"spec":{"a":null,"b":null}}`)
	f.Add(`{"type":"object","properties":{"r":{"type":"object","x-kubernetes-embedded-resource":true,"x-kubernetes-preserve-unknown-fields":true,"properties":{"metadata":{"type":"object","additionalProperties":{"type":"string"}}}}}}`,
		`{"r":{"apiVersion":"v1","kind":"K","metadata":{"x":null}}}`)
	f.Add(`{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"}}}}}}}`,
		`{"m":{"x":[{"k":null},null]}}`)
	f.Fuzz(func(t *testing.T, schemaText, objectText string) {
		s, obj, ok := fuzzInput(schemaText, objectText)
		if !ok {
			return
		}
		if prune.Prune(obj, s, prune.Options{ResourceRoot: true}).MayHoldNulls {
			return
		}
		before := runtime.DeepCopyJSON(obj)
		defaults.Compile(s).PruneNulls(obj)
		if !reflect.DeepEqual(obj, before) {
			t.Fatalf("pruning noted no droppable null, yet dropping nulls changed\n%v\ninto\n%v", before, obj)
		}
	})
}
