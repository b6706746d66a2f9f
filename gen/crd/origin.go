package crd

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/tags"
)

// origin is where a schema node's keywords were written: kube-apiserver's
// verdict on a generated CRD names a schema path and a keyword, and the
// user needs the marker's line, not the kind's.
type origin struct {
	decl      tags.Pos            // the field or type the node is the schema of
	byKeyword map[string]tags.Pos // the marker that last set each keyword
	rules     []tags.Pos          // the marker of each x-kubernetes-validations rule, by index
}

func (b *builder) originOf(s *schema.Schema) *origin {
	if b.origins == nil {
		b.origins = map[*schema.Schema]*origin{}
	}
	o := b.origins[s]
	if o == nil {
		o = &origin{byKeyword: map[string]tags.Pos{}}
		b.origins[s] = o
	}
	return o
}

// declared records the field or type a node is the schema of. A field's
// schema is made by its type's, so the field, recorded after, wins.
func (b *builder) declared(s *schema.Schema, pos tags.Pos) {
	b.originOf(s).decl = pos
}

// keywords are a node's own keywords as JSON, without its subschemas, to
// see which a marker changed.
func keywords(s *schema.Schema) map[string]any {
	own := *s
	own.Properties, own.Items, own.AdditionalProperties = nil, nil, nil
	own.AllOf, own.AnyOf, own.OneOf, own.Not = nil, nil, nil, nil
	return schemaObject(&own)
}

// wrote attributes to the marker at pos what changed in s since before,
// its keywords then, and the rules it appended.
func (b *builder) wrote(s *schema.Schema, before map[string]any, rulesBefore int, pos tags.Pos) {
	o := b.originOf(s)
	after := keywords(s)
	for k, v := range after {
		if !reflect.DeepEqual(before[k], v) {
			o.byKeyword[k] = pos
		}
	}
	for len(o.rules) < len(s.Validations) {
		o.rules = append(o.rules, tags.Pos{})
	}
	for i := rulesBefore; i < len(s.Validations); i++ {
		o.rules[i] = pos
	}
}

// The path expressions are compiled at their first use, not when the
// process starts: every kval command (a one-file kval validate included)
// would pay for them, and only kval gen crd's problems need them.
var (
	versionIndex = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^spec\.versions\[(\d+)\]`) })
	pathStep     = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\.(?:properties\[([^\]]+)\]|(items)|(additionalProperties)|([A-Za-z-]+)(?:\[(\d+)\])?)`)
	})
)

// locate finds the marker or declaration behind a CRD check's field path
// (spec.versions[0].schema.openAPIV3Schema.properties[spec].items.maxItems
// or spec.validation.openAPIV3Schema...): the marker that set the keyword
// named, else the field or type whose schema it is; ok is false when the
// path is not in a schema the run built.
func (b *builder) locate(kinds []*kindInfo, path string) (tags.Pos, bool) {
	_, rest, found := strings.Cut(path, "openAPIV3Schema")
	if !found {
		return tags.Pos{}, false
	}
	candidates := kinds
	if m := versionIndex().FindStringSubmatch(path); m != nil {
		if i, _ := strconv.Atoi(m[1]); i < len(kinds) {
			candidates = kinds[i : i+1]
		}
	}
	for _, k := range candidates {
		if k.version.Schema == nil {
			continue
		}
		if pos, ok := b.locateIn(k.version.Schema.OpenAPIV3Schema, rest); ok {
			return pos, true
		}
	}
	return tags.Pos{}, false
}

func (b *builder) locateIn(s *schema.Schema, rest string) (tags.Pos, bool) {
	var best tags.Pos
	for s != nil {
		o := b.origins[s]
		if o != nil && o.decl.File != "" {
			best = o.decl
		}
		m := pathStep().FindStringSubmatch(rest)
		if m == nil {
			break
		}
		rest = rest[len(m[0]):]
		switch {
		case m[1] != "":
			s = s.Properties[m[1]]
		case m[2] != "":
			s = s.Items
		case m[3] != "":
			s = s.AdditionalPropertiesSchema()
		default:
			return o.at(m[4], m[5], best)
		}
	}
	return best, best.File != ""
}

// at is the marker that set a keyword (or rule i of the node's
// x-kubernetes-validations), else the node's declaration.
func (o *origin) at(keyword, index string, decl tags.Pos) (tags.Pos, bool) {
	if o != nil {
		if i, err := strconv.Atoi(index); err == nil && keyword == "x-kubernetes-validations" && i < len(o.rules) && o.rules[i].File != "" {
			return o.rules[i], true
		}
		if pos, ok := o.byKeyword[keyword]; ok {
			return pos, true
		}
	}
	return decl, decl.File != ""
}
