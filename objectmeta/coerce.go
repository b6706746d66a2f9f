package objectmeta

import (
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// CoerceOptions control Coerce.
type CoerceOptions struct {
	// ResourceRoot coerces apiVersion, kind and metadata of the root too.
	ResourceRoot bool
	// DropInvalidFields drops apiVersion, kind and metadata fields of the
	// wrong type instead of failing.
	DropInvalidFields bool
	// ReturnUnknownFieldPaths reports the paths of pruned metadata fields.
	ReturnUnknownFieldPaths bool
}

// Coerce checks the types of apiVersion and kind and decodes metadata of every
// embedded resource in obj (and of obj itself with ResourceRoot), writing
// metadata back normalized: unknown fields are dropped. It stops at the first
// error, as kube-apiserver's decoder does, and returns the pruned metadata
// paths when asked.
func Coerce(path *field.Path, obj any, s *schema.Schema, opts CoerceOptions) (*field.Error, []string) {
	if opts.ResourceRoot && s == nil {
		s = &schema.Schema{}
	}
	c := coercer{opts: opts}
	err := c.coerce(path, obj, s, opts.ResourceRoot || s.IsEmbedded())
	return err, c.unknown
}

type coercer struct {
	opts    CoerceOptions
	unknown []string
}

func (c *coercer) coerce(path *field.Path, x any, s *schema.Schema, embedded bool) *field.Error {
	if s == nil {
		return nil
	}
	switch x := x.(type) {
	case map[string]any:
		if embedded {
			if err := c.coerceResource(path, x); err != nil {
				return err
			}
		}
		for k, v := range x {
			if prop, ok := s.Properties[k]; ok {
				if err := c.coerce(path.Child(k), v, prop, prop.IsEmbedded()); err != nil {
					return err
				}
			} else if ap := s.AdditionalPropertiesSchema(); s.AdditionalProperties != nil {
				if err := c.coerce(path.Key(k), v, ap, ap.IsEmbedded()); err != nil {
					return err
				}
			}
		}
	case []any:
		for i, v := range x {
			if err := c.coerce(path.Index(i), v, s.Items, s.Items.IsEmbedded()); err != nil {
				return err
			}
		}
	}
	return nil
}

// coerceResource checks apiVersion and kind and normalizes metadata of one resource.
func (c *coercer) coerceResource(path *field.Path, x map[string]any) *field.Error {
	for _, k := range []string{"apiVersion", "kind"} {
		v, found := x[k]
		if _, isString := v.(string); !found || isString {
			continue
		}
		if !c.opts.DropInvalidFields {
			return field.Invalid(path.Child(k), v, "must be a string")
		}
		delete(x, k)
	}
	v, found := x["metadata"]
	if !found || IsNormalized(v) {
		return nil
	}
	meta, found, unknown, err := GetObjectMeta(x, MetaOptions{
		DropMalformedFields:     c.opts.DropInvalidFields,
		ReturnUnknownFieldPaths: c.opts.ReturnUnknownFieldPaths,
		ParentPath:              path,
	})
	c.unknown = append(c.unknown, unknown...)
	if err != nil {
		if c.opts.DropInvalidFields {
			return nil
		}
		return field.Invalid(path.Child("metadata"), v, err.Error())
	}
	if !found {
		return nil
	}
	if err := SetObjectMeta(x, meta); err != nil {
		return field.Invalid(path.Child("metadata"), v, err.Error())
	}
	if meta.CreationTimestamp.IsZero() {
		if m, ok := x["metadata"].(map[string]any); ok {
			delete(m, "creationTimestamp")
		}
	}
	return nil
}

// HasEmbeddedResources reports whether s declares an embedded resource
// anywhere: without one, Coerce (without ResourceRoot) has nothing to do.
func HasEmbeddedResources(s *schema.Schema) bool {
	if s == nil {
		return false
	}
	if s.EmbeddedResource {
		return true
	}
	for _, p := range s.Properties {
		if HasEmbeddedResources(p) {
			return true
		}
	}
	return HasEmbeddedResources(s.Items) || HasEmbeddedResources(s.AdditionalPropertiesSchema())
}
