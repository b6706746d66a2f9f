package crd

import (
	"fmt"
	"go/constant"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/schema"
)

// itemsMarker returns m applied to the items of a list instead, for
// controller-gen's +kubebuilder:validation:items:<Marker>.
func itemsMarker(m *marker) *marker {
	c := *m
	c.schema = func(n *node, u use) error {
		if n.s.Items == nil {
			return u.errorf("items: is for lists")
		}
		elem, _ := shape.Elem(n.t)
		return m.schema(&node{b: n.b, s: n.s.Items, t: elem}, u)
	}
	return &c
}

func setMutability(n *node, u use) error {
	m, err := mutability(u)
	n.s.Mutability = m
	return err
}

func setKeyMutability(n *node, u use) error {
	if n.s.Type != "array" && n.s.AdditionalPropertiesSchema() == nil {
		return u.errorf("is for lists and maps")
	}
	m, err := mutability(u)
	n.s.KeyMutability = m
	return err
}

func mutability(u use) (*schema.Mutability, error) {
	m := schema.Immutable
	if u.hasValue {
		m = schema.Mutability(u.value)
	}
	for _, ok := range schema.Mutabilities {
		if m == ok {
			return &m, nil
		}
	}
	return nil, u.errorf("%q is not Immutable, AddOnly or RemoveOnly", u.value)
}

func setOptional(n *node, _ use) error { return setRequiredness(n, false) }
func setRequired(n *node, _ use) error { return setRequiredness(n, true) }

func setRequiredness(n *node, required bool) error {
	if n.required != nil && *n.required != required {
		return fmt.Errorf("the field is marked both required and optional")
	}
	n.required = &required
	return nil
}

func setNullable(n *node, _ use) error {
	n.s.Nullable = true
	return nil
}

func setDefault(n *node, u use) error {
	if ref, ok := defaultRef(u); ok {
		return checkDefaultRef(n, u, ref)
	}
	v, err := anyValue(u.value)
	if err != nil {
		return u.errorf("%v", err)
	}
	// A bare word default on a number is a typo, not a string.
	if s, ok := v.(string); ok && (n.s.Type == "integer" || n.s.Type == "number") {
		return u.errorf("%q is not a number", s)
	}
	n.s.Default = v
	return nil
}

// setEnumFromConsts makes the values of the type's constants its enum,
// leaving out those marked +k8s:enumExclude.
func setEnumFromConsts(n *node, u use) error {
	named, ok := shape.Named(n.t)
	if !ok || !shape.IsString(named) {
		return u.errorf("is for named string types")
	}
	values := enumValues(n.b, named)
	if len(values) == 0 {
		return u.errorf("type %s has no constants", named.Obj().Name())
	}
	n.s.Enum = values
	return nil
}

func enumValues(b *builder, named *types.Named) []any {
	pkg := named.Obj().Pkg()
	decls := b.prog.declsOf(pkg.Path())
	type entry struct {
		pos   int
		value string
	}
	var entries []entry
	for _, name := range pkg.Scope().Names() {
		c, ok := pkg.Scope().Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), named) || excluded(decls.consts[name]) {
			continue
		}
		entries = append(entries, entry{int(c.Pos()), constant.StringVal(c.Val())})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].pos < entries[j].pos })
	var values []any
	for _, e := range entries {
		values = append(values, e.value)
	}
	return values
}

func excluded(c *constDecl) bool {
	if c == nil {
		return false
	}
	for _, l := range c.doc {
		if t := trimmedTag(l.Text); t == "k8s:enumExclude" {
			return true
		}
	}
	return false
}

func setListType(n *node, u use) error {
	if n.s.Type != "array" {
		return u.errorf("is for lists")
	}
	switch u.value {
	case schema.ListTypeAtomic, schema.ListTypeSet, schema.ListTypeMap:
	default:
		return u.errorf("%q is not atomic, set or map", u.value)
	}
	v := u.value
	n.s.ListType = &v
	return nil
}

func addListMapKey(n *node, u use) error {
	if n.s.Type != "array" {
		return u.errorf("is for lists")
	}
	k, err := stringValue(u.value)
	if err != nil {
		return u.errorf("%v", err)
	}
	n.s.ListMapKeys = append(n.s.ListMapKeys, k)
	return nil
}

func setMapType(n *node, u use) error {
	if n.s.Type != "object" {
		return u.errorf("is for maps and structs")
	}
	if u.value != schema.MapTypeAtomic && u.value != schema.MapTypeGranular {
		return u.errorf("%q is not atomic or granular", u.value)
	}
	v := u.value
	n.s.MapType = &v
	return nil
}

func numberSetter(set func(s *schema.Schema, v float64)) func(*node, use) error {
	return func(n *node, u use) error {
		v, err := numberValue(u.value)
		if err != nil {
			return u.errorf("%v", err)
		}
		set(n.s, v)
		return nil
	}
}

func countSetter(set func(s *schema.Schema, v int64)) func(*node, use) error {
	return func(n *node, u use) error {
		v, err := intValue(u.value)
		if err != nil {
			return u.errorf("%v", err)
		}
		if v < 0 {
			return u.errorf("must not be negative")
		}
		set(n.s, v)
		return nil
	}
}

var (
	setMinimum       = numberSetter(func(s *schema.Schema, v float64) { s.Minimum = &v })
	setMaximum       = numberSetter(func(s *schema.Schema, v float64) { s.Maximum = &v })
	setMultipleOf    = numberSetter(func(s *schema.Schema, v float64) { s.MultipleOf = &v })
	setMinLength     = countSetter(func(s *schema.Schema, v int64) { s.MinLength = &v })
	setMaxLength     = countSetter(func(s *schema.Schema, v int64) { s.MaxLength = &v })
	setMinItems      = countSetter(func(s *schema.Schema, v int64) { s.MinItems = &v })
	setMaxItems      = countSetter(func(s *schema.Schema, v int64) { s.MaxItems = &v })
	setMinProperties = countSetter(func(s *schema.Schema, v int64) { s.MinProperties = &v })
	setMaxProperties = countSetter(func(s *schema.Schema, v int64) { s.MaxProperties = &v })
)

func flagValue(u use) (bool, error) {
	if !u.hasValue {
		return true, nil
	}
	b, err := strconv.ParseBool(u.value)
	if err != nil {
		return false, u.errorf("%q is not true or false", u.value)
	}
	return b, nil
}

func setExclusiveMinimum(n *node, u use) error {
	b, err := flagValue(u)
	n.s.ExclusiveMinimum = b
	return err
}

func setExclusiveMaximum(n *node, u use) error {
	b, err := flagValue(u)
	n.s.ExclusiveMaximum = b
	return err
}

// setExclusiveMinimumBound is +k8s:exclusiveMinimum=N: OpenAPI v3.0
// writes it as minimum N with exclusiveMinimum true.
func setExclusiveMinimumBound(n *node, u use) error {
	n.s.ExclusiveMinimum = true
	return setMinimum(n, u)
}

// setExclusiveMaximumBound is +k8s:exclusiveMaximum=N, likewise.
func setExclusiveMaximumBound(n *node, u use) error {
	n.s.ExclusiveMaximum = true
	return setMaximum(n, u)
}

func setUniqueItems(n *node, u use) error {
	b, err := flagValue(u)
	n.s.UniqueItems = b
	return err
}

func setPattern(n *node, u use) error {
	p, err := stringValue(u.value)
	n.s.Pattern = p
	return err
}

func setFormat(n *node, u use) error {
	f, err := stringValue(u.value)
	n.s.Format = f
	return err
}

func setTitle(n *node, u use) error {
	t, err := stringValue(u.value)
	n.s.Title = t
	return err
}

func setExample(n *node, u use) error {
	v, err := anyValue(u.value)
	n.s.Example = v
	return err
}

func setType(n *node, u use) error {
	switch u.value {
	case "string", "integer", "number", "boolean", "object", "array":
	default:
		return u.errorf("%q is not a JSON type", u.value)
	}
	n.s.Type = u.value
	return nil
}

// setEnumList reads controller-gen's enum: values separated by semicolons,
// each a JSON value or a bare string.
func setEnumList(n *node, u use) error {
	n.s.Enum = nil
	for _, item := range listValue(u.value) {
		v, err := anyValue(item)
		if err != nil {
			return u.errorf("%v", err)
		}
		n.s.Enum = append(n.s.Enum, v)
	}
	return nil
}

func addXValidation(n *node, u use) error {
	var r schema.ValidationRule
	var err error
	if r.Rule, err = stringValue(u.args["rule"]); err != nil || r.Rule == "" {
		return u.errorf("needs rule=\"...\"")
	}
	for name, dst := range map[string]*string{"message": &r.Message, "messageExpression": &r.MessageExpression, "fieldPath": &r.FieldPath} {
		if *dst, err = stringValue(u.args[name]); err != nil {
			return u.errorf("%s: %v", name, err)
		}
	}
	if v, ok := u.args["reason"]; ok {
		reason, err := stringValue(v)
		if err != nil {
			return u.errorf("reason: %v", err)
		}
		r.Reason = &reason
	}
	if v, ok := u.args["optionalOldSelf"]; ok {
		b := v == "true"
		r.OptionalOldSelf = &b
	}
	n.s.Validations = append(n.s.Validations, r)
	return nil
}

// oneOf is what a +kubebuilder:validation:*OneOf marker asks of its
// fields.
type oneOf int

const (
	atMostOne oneOf = iota
	exactlyOne
	atLeastOne
)

// addOneOfRule adds the x-kubernetes-validations rule of controller-gen's
// AtMostOneOf, ExactlyOneOf or AtLeastOneOf marker on a struct, with the
// rule and message controller-gen writes for it (CRDs generated by either
// tool then compare equal): a count of the fields present compared with
// 1, or a disjunction of has() for AtLeastOneOf. The fields are JSON
// names of the struct's properties; a name that is not one is an error,
// where controller-gen would write a rule kube-apiserver refuses.
func addOneOfRule(kind oneOf) func(n *node, u use) error {
	return func(n *node, u use) error {
		fields := listValue(u.value)
		if len(fields) == 0 {
			return u.errorf("needs the fields' JSON names, separated by semicolons")
		}
		if n.s.Type != "object" || n.s.Properties == nil {
			return u.errorf("may be written on a struct only")
		}
		for _, f := range fields {
			if _, ok := n.s.Properties[f]; !ok {
				return u.errorf("%q is not a JSON field of %s", f, n.t)
			}
		}
		var r schema.ValidationRule
		switch kind {
		case atLeastOne:
			has := make([]string, len(fields))
			for i, f := range fields {
				has[i] = "has(self." + f + ")"
			}
			r.Rule = strings.Join(has, "||")
			r.Message = fmt.Sprintf("at least one of the fields in %v must be set", fields)
		default:
			count := make([]string, len(fields))
			for i, f := range fields {
				count[i] = "(has(self." + f + ")?1:0)"
			}
			r.Rule, r.Message = strings.Join(count, "+")+" <= 1", fmt.Sprintf("at most one of the fields in %v may be set", fields)
			if kind == exactlyOne {
				r.Rule, r.Message = strings.Join(count, "+")+" == 1", fmt.Sprintf("exactly one of the fields in %v must be set", fields)
			}
		}
		n.s.Validations = append(n.s.Validations, r)
		return nil
	}
}

func setEmbedded(n *node, _ use) error {
	n.s.EmbeddedResource = true
	n.s.Type = "object"
	return nil
}

func setIntOrString(n *node, _ use) error {
	n.s.IntOrString = true
	n.s.Type = ""
	n.s.AnyOf = []*schema.Schema{{Type: "integer"}, {Type: "string"}}
	return nil
}

// schemalessMarker is read by the builder before the field's schema is
// made (fieldSchema): the marker itself then has nothing left to do.
const schemalessMarker = "kubebuilder:validation:Schemaless"

func setSchemaless(*node, use) error { return nil }

func setPreserve(n *node, _ use) error {
	t := true
	n.s.PreserveUnknownFields = &t
	return nil
}

// refuse makes a table entry for a tag no CRD can express: an error where
// it is written.
func refuse(why string) func(*node, use) error {
	return func(_ *node, u use) error { return u.errorf("no CRD form: %s", why) }
}
