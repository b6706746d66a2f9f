package builtin

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// resolver turns the embedded definitions into schemas without
// references: each "$ref" is replaced by the definition it names, with the
// keywords written beside the reference (a default, a map type) on top.
// Definitions are resolved once and shared by every schema using them
// (schemas are immutable once loaded); the generator removed recursion, so
// resolution ends.
type resolver struct {
	raw      map[string][]byte
	resolved map[string]*schema.Schema
	// active guards against a reference cycle in a damaged file.
	active map[string]bool
}

func newResolver(f *file) *resolver {
	r := &resolver{raw: map[string][]byte{}, resolved: map[string]*schema.Schema{}, active: map[string]bool{}}
	for name, def := range f.Definitions {
		r.raw[name] = def
	}
	return r
}

// definition returns the resolved schema of a definition.
func (r *resolver) definition(name string) (*schema.Schema, error) {
	if s, done := r.resolved[name]; done {
		return s, nil
	}
	raw, found := r.raw[name]
	switch {
	case !found:
		return nil, fmt.Errorf("no definition %s", name)
	case r.active[name]:
		return nil, fmt.Errorf("definition %s refers to itself", name)
	}
	r.active[name] = true
	defer delete(r.active, name)
	value, err := manifest.DecodeObject(raw)
	if err != nil {
		return nil, fmt.Errorf("definition %s: %w", name, err)
	}
	parsed, errs := schema.Parse(field.NewPath(name), value)
	if len(errs) > 0 {
		return nil, fmt.Errorf("definition %s: %w", name, errs.ToAggregate())
	}
	s, err := r.node(parsed)
	if err != nil {
		return nil, err
	}
	r.resolved[name] = s
	return s, nil
}

// node returns a copy of s with every reference below it resolved.
func (r *resolver) node(s *schema.Schema) (*schema.Schema, error) {
	if s == nil {
		return nil, nil
	}
	if s.Unsupported != nil && s.Unsupported.Ref != nil {
		return r.reference(s)
	}
	out := *s
	var err error
	if out.Properties, err = r.properties(s.Properties); err != nil {
		return nil, err
	}
	if out.Items, err = r.node(s.Items); err != nil {
		return nil, err
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		resolved, err := r.node(s.AdditionalProperties.Schema)
		if err != nil {
			return nil, err
		}
		out.AdditionalProperties = &schema.SchemaOrBool{Allows: true, Schema: resolved}
	}
	for _, list := range []*[]*schema.Schema{&out.AllOf, &out.AnyOf, &out.OneOf} {
		if *list, err = r.list(*list); err != nil {
			return nil, err
		}
	}
	if out.Not, err = r.node(s.Not); err != nil {
		return nil, err
	}
	return &out, nil
}

// reference resolves a node holding "$ref": the definition, with the
// node's own keywords on top. The generator writes only these beside a
// reference (see internal/gen's normalize).
func (r *resolver) reference(s *schema.Schema) (*schema.Schema, error) {
	target, err := r.definition(*s.Unsupported.Ref)
	if err != nil {
		return nil, err
	}
	out := *target
	if s.Default != nil {
		out.Default = s.Default
	}
	out.Nullable = out.Nullable || s.Nullable
	if s.ListType != nil {
		out.ListType, out.ListMapKeys = s.ListType, s.ListMapKeys
	}
	if s.MapType != nil {
		out.MapType = s.MapType
	}
	return &out, nil
}

func (r *resolver) properties(props map[string]*schema.Schema) (map[string]*schema.Schema, error) {
	if props == nil {
		return nil, nil
	}
	out := make(map[string]*schema.Schema, len(props))
	for name, p := range props {
		resolved, err := r.node(p)
		if err != nil {
			return nil, err
		}
		out[name] = resolved
	}
	return out, nil
}

func (r *resolver) list(list []*schema.Schema) ([]*schema.Schema, error) {
	if list == nil {
		return nil, nil
	}
	out := make([]*schema.Schema, len(list))
	for i, s := range list {
		resolved, err := r.node(s)
		if err != nil {
			return nil, err
		}
		out[i] = resolved
	}
	return out, nil
}
