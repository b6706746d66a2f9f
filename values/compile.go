package values

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kval-dev/kval/schema"
)

// compiler turns schema nodes into validator nodes, the way one of
// kube-apiserver's schema conversions presents them to kube-openapi. A schema
// shared by several parents is compiled once.
type compiler struct {
	conv conversion
	done map[compileKey]*node
}

// compileKey identifies a compiled node: under allOf, anyOf, oneOf and not,
// the structural conversion drops keywords, so the same schema can compile
// to two nodes.
type compileKey struct {
	schema    *schema.Schema
	inJunctor bool
}

func newCompiler(conv conversion) *compiler {
	return &compiler{conv: conv, done: map[compileKey]*node{}}
}

// compile compiles s; inJunctor says s is inside an allOf, anyOf, oneOf or
// not branch (only the structural conversion cares).
func (c *compiler) compile(s *schema.Schema, path *schemaPath, inJunctor bool) (*node, error) {
	if s == nil {
		return nil, nil
	}
	key := compileKey{schema: s, inJunctor: inJunctor && c.conv == fromStructural}
	if n, ok := c.done[key]; ok {
		return n, nil
	}
	if err := checkSupported(s, path); err != nil {
		return nil, err
	}
	n := &node{}
	c.done[key] = n
	n.typeRule = c.conv.typeRule(s)
	n.formatCheck = formatChecker(n.format)
	n.str = compileString(s)
	n.num = compileNumbers(numberKeywords{
		multipleOf: s.MultipleOf, maximum: s.Maximum, minimum: s.Minimum,
		exclusiveMaximum: s.ExclusiveMaximum, exclusiveMinimum: s.ExclusiveMinimum,
	}, n.types, n.format)
	enum, err := compileEnum(s.Enum)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	n.enum = enum
	if err := c.compileArray(n, s, path, inJunctor); err != nil {
		return nil, err
	}
	if err := c.compileObject(n, s, path, inJunctor); err != nil {
		return nil, err
	}
	if err := c.compileComposition(n, s, path); err != nil {
		return nil, err
	}
	return n, nil
}

// checkSupported rejects the JSON Schema keywords CRDs forbid; kube-apiserver
// never validates objects against them.
func checkSupported(s *schema.Schema, path *schemaPath) error {
	u := s.Unsupported
	if u == nil {
		return nil
	}
	var found []string
	for _, kw := range []struct {
		name    string
		present bool
	}{
		{"id", u.ID != ""}, {"$schema", u.SchemaURI != ""}, {"$ref", u.Ref != nil},
		{"items (as an array)", u.ItemsArray != nil}, {"patternProperties", u.PatternProperties != nil},
		{"dependencies", u.Dependencies != nil}, {"additionalItems", u.AdditionalItems != nil},
		{"definitions", u.Definitions != nil},
	} {
		if kw.present {
			found = append(found, kw.name)
		}
	}
	if len(found) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %s not supported in CustomResourceDefinition schemas", path, strings.Join(found, ", "))
}

func kindsNamed(name string) jsonKinds {
	for k, tn := range jsonTypeNames {
		if tn.name == name && name != "" {
			return 1 << k
		}
	}
	return 0
}

func compileString(s *schema.Schema) *stringRules {
	if s.MaxLength == nil && s.MinLength == nil && s.Pattern == "" {
		return nil
	}
	r := &stringRules{}
	if s.MaxLength != nil {
		r.maxLength, r.hasMax = *s.MaxLength, true
	}
	if s.MinLength != nil {
		r.minLength, r.hasMin = *s.MinLength, true
	}
	if s.Pattern != "" {
		r.hasPattern = true
		re, err := schema.CompilePattern(s.Pattern)
		if err != nil {
			// kube-openapi reports the compile error on every string.
			r.patternText = s.Pattern + ", but pattern is invalid: " + err.Error()
		} else {
			r.pattern, r.patternText = re, s.Pattern
		}
	}
	return r
}

func (c *compiler) compileArray(n *node, s *schema.Schema, path *schemaPath, inJunctor bool) error {
	r := &n.array
	items, err := c.compile(s.Items, path.then(".items"), inJunctor)
	if err != nil {
		return err
	}
	r.items = items
	if s.MinItems != nil {
		r.minItems, r.hasMin = *s.MinItems, true
	}
	if s.MaxItems != nil {
		r.maxItems, r.hasMax = *s.MaxItems, true
	}
	r.unique = s.UniqueItems
	r.isMapList = s.IsMapList()
	r.isArray = s.Type == "array"
	r.mapKeys = s.ListMapKeys
	r.oneMapKey = len(s.ListMapKeys) == 1
	return nil
}

func (c *compiler) compileObject(n *node, s *schema.Schema, path *schemaPath, inJunctor bool) error {
	r := &n.object
	if len(s.Properties) > 0 {
		r.propIndex = make(map[string]*node, len(s.Properties))
	}
	for name, ps := range s.Properties {
		pn, err := c.compile(ps, path.then(".properties["+name+"]"), inJunctor)
		if err != nil {
			return err
		}
		r.props = append(r.props, property{name: name, node: pn})
		r.propIndex[name] = pn
	}
	slices.SortFunc(r.props, func(a, b property) int { return strings.Compare(a.name, b.name) })
	if ap := s.AdditionalProperties; ap != nil && c.conv.keepsAdditionalProperties(inJunctor) {
		switch {
		case ap.Schema != nil:
			add, err := c.compile(ap.Schema, path.then(".additionalProperties"), inJunctor)
			if err != nil {
				return err
			}
			r.additional, r.addSchema = additionalSchema, add
		case ap.Allows:
			r.additional = additionalAllowed
		default:
			r.additional = additionalForbidden
		}
	}
	r.required = s.Required
	if s.MinProperties != nil {
		r.minProps, r.hasMin = *s.MinProperties, true
	}
	if s.MaxProperties != nil {
		r.maxProps, r.hasMax = *s.MaxProperties, true
	}
	return nil
}

func (c *compiler) compileComposition(n *node, s *schema.Schema, path *schemaPath) error {
	var err error
	if n.allOf, err = c.compileList(s.AllOf, path.then(".allOf")); err != nil {
		return err
	}
	if n.anyOf, err = c.compileList(s.AnyOf, path.then(".anyOf")); err != nil {
		return err
	}
	if n.oneOf, err = c.compileList(s.OneOf, path.then(".oneOf")); err != nil {
		return err
	}
	if n.not, err = c.compile(s.Not, path.then(".not"), true); err != nil {
		return err
	}
	n.hasComposition = len(n.allOf) > 0 || len(n.anyOf) > 0 || len(n.oneOf) > 0 || n.not != nil
	return nil
}

func (c *compiler) compileList(list []*schema.Schema, path *schemaPath) ([]*node, error) {
	var out []*node
	for i, s := range list {
		n, err := c.compile(s, path.then(fmt.Sprintf("[%d]", i)), true)
		if err != nil {
			return nil, err
		}
		if n != nil {
			out = append(out, n)
		}
	}
	return out, nil
}
