package prune

import (
	"context"
	"fmt"
	"sort"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/walkstop"
	"github.com/kval-dev/kval/schema"
)

// Options control one pruning run.
type Options struct {
	// ResourceRoot treats the value as the root of a resource: apiVersion,
	// kind and metadata are implicitly specified, as for an embedded resource.
	ResourceRoot bool
}

// Result is what a pruning run did.
type Result struct {
	// Pruned are the paths of the removed fields, sorted, in kube-apiserver's
	// warning format ("spec.foo", "spec.list[0].bar").
	Pruned []string
	// Conflicts are values whose JSON type contradicts the schema; they are
	// kept and reported.
	Conflicts field.ErrorList
	// MayHoldNulls is false when the run found no null that dropping the
	// non-nullable nulls (defaults.PruneNulls, which walks the same
	// schema) could remove: no field the schema specifies is null, and no
	// apiVersion, kind or metadata the run leaves alone is null or has a
	// schema with fields below it. The callers then skip that walk, a
	// sixth of the webhook's work on an update (issue 30). True when the
	// run ended early.
	MayHoldNulls bool
}

// metaFields are implicitly specified at resource roots and in embedded resources.
var metaFields = map[string]bool{"apiVersion": true, "kind": true, "metadata": true}

// Prune removes, in place, the fields of obj that s does not specify.
// A nil schema specifies nothing: every field of an object below it is removed.
func Prune(obj any, s *schema.Schema, opts Options) Result {
	return PruneContext(context.Background(), obj, s, opts)
}

// PruneContext is Prune that stops early once ctx ends: obj is then pruned
// only in part, and the Result is incomplete (the caller must check ctx).
func PruneContext(ctx context.Context, obj any, s *schema.Schema, opts Options) Result {
	// Room for the paths of most objects at once: grown from nothing, the
	// trail took five allocations a run.
	p := pruner{stop: walkstop.New(ctx), trail: make(trail, 0, 16)}
	if opts.ResourceRoot {
		p.prune(obj, s, true)
	} else {
		p.prune(obj, s, s != nil && s.EmbeddedResource)
	}
	if p.stop.Ended() {
		p.result.MayHoldNulls = true
	}
	sort.Strings(p.result.Pruned)
	sort.Slice(p.result.Conflicts, func(i, j int) bool {
		return p.result.Conflicts[i].Field < p.result.Conflicts[j].Field
	})
	return p.result
}

type pruner struct {
	stop   walkstop.Stopper
	trail  trail
	result Result
}

// prune prunes x with s; embedded says x is a resource whose apiVersion, kind
// and metadata are left alone.
func (p *pruner) prune(x any, s *schema.Schema, embedded bool) {
	if p.stop.Ended() {
		return
	}
	if s.PreservesUnknownFields() {
		p.preserve(x, s, embedded)
		return
	}
	p.checkType(x, s)
	switch x := x.(type) {
	case map[string]any:
		p.pruneObject(x, s, embedded)
	case []any:
		var items *schema.Schema
		if s != nil {
			items = s.Items
		}
		for i, v := range x {
			p.trail.pushIndex(i)
			p.prune(v, items, items.IsEmbedded())
			p.trail.pop()
		}
	}
}

func (p *pruner) pruneObject(x map[string]any, s *schema.Schema, embedded bool) {
	if s == nil && !embedded {
		for k := range x {
			p.result.Pruned = append(p.result.Pruned, p.trail.childString(k))
			delete(x, k)
		}
		return
	}
	for k, v := range x {
		if embedded && metaFields[k] {
			p.noteLeftAlone(v, s, k)
			continue
		}
		if child, known := p.childSchema(s, k); known {
			p.noteNull(v)
			p.trail.pushKey(k)
			p.prune(v, child, child.IsEmbedded())
			p.trail.pop()
			continue
		}
		// At the top of a value that is not a resource, kube-apiserver removes
		// apiVersion, kind and metadata without reporting them.
		if !metaFields[k] || len(p.trail) > 0 {
			p.result.Pruned = append(p.result.Pruned, p.trail.childString(k))
		}
		delete(x, k)
	}
}

// noteNull notes the value of a specified field: a null may be dropped.
func (p *pruner) noteNull(v any) {
	if v == nil {
		p.result.MayHoldNulls = true
	}
}

// noteLeftAlone notes the value of apiVersion, kind or metadata (k) of a
// resource, which pruning leaves alone and dropping nulls does not: a
// null there, or below it where s specifies fields, may be dropped.
func (p *pruner) noteLeftAlone(v any, s *schema.Schema, k string) {
	if v == nil {
		p.result.MayHoldNulls = true
		return
	}
	if child, known := p.childSchema(s, k); known && fieldsBelow(child) {
		p.result.MayHoldNulls = true
	}
}

// fieldsBelow reports whether s specifies any field, item or additional
// property below it.
func fieldsBelow(s *schema.Schema) bool {
	return s != nil && (len(s.Properties) > 0 || s.AdditionalPropertiesSchema() != nil || s.Items != nil)
}

// childSchema returns the schema of key k of an object with schema s, and
// whether s specifies k at all (by properties or additionalProperties).
func (p *pruner) childSchema(s *schema.Schema, k string) (*schema.Schema, bool) {
	if s == nil {
		return nil, false
	}
	if prop, ok := s.Properties[k]; ok {
		return prop, true
	}
	if s.AdditionalProperties != nil {
		return s.AdditionalProperties.Schema, true
	}
	return nil, false
}

// preserve walks a subtree under x-kubernetes-preserve-unknown-fields: nothing
// is removed here, but children specified by the schema are pruned again.
func (p *pruner) preserve(x any, s *schema.Schema, embedded bool) {
	if s == nil || p.stop.Ended() {
		return
	}
	p.checkType(x, s)
	switch x := x.(type) {
	case map[string]any:
		for k, v := range x {
			if embedded && metaFields[k] {
				p.noteLeftAlone(v, s, k)
				continue
			}
			if child, known := p.childSchema(s, k); known {
				p.noteNull(v)
				p.trail.pushKey(k)
				p.prune(v, child, child.IsEmbedded())
				p.trail.pop()
			}
		}
	case []any:
		// Items of a preserved array stay preserved whatever their schema
		// says; only their specified children are pruned again.
		for i, v := range x {
			p.trail.pushIndex(i)
			p.preserve(v, s.Items, s.Items.IsEmbedded())
			p.trail.pop()
		}
	}
}

// checkType records a value whose JSON type contradicts the schema's type.
func (p *pruner) checkType(x any, s *schema.Schema) {
	if s == nil || s.Type == "" || x == nil {
		return
	}
	got := jsonType(x)
	if compatible(s.Type, got) {
		return
	}
	path := p.trail.fieldPath()
	p.result.Conflicts = append(p.result.Conflicts, field.TypeInvalid(path, got,
		fmt.Sprintf("%s in body must be of type %s: %q", path, s.Type, got)))
}

// compatible reports whether a value of JSON type got may have schema type want.
// Only the structural kinds matter here; scalar types are value validation.
func compatible(want, got string) bool {
	wantStructure := want == "object" || want == "array"
	gotStructure := got == "object" || got == "array"
	if wantStructure || gotStructure {
		return want == got
	}
	return true
}

func jsonType(x any) string {
	switch x.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case int64:
		return "integer"
	default:
		return "number"
	}
}
