package crd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/tags"
)

// The +k8s: tags. Where OpenAPI has a keyword the tag sets it; otherwise
// the tag becomes x-kubernetes-validations rules whose messages are the
// details of the errors the generated Go code (package validate) returns.

var (
	reasonForbidden = "FieldValueForbidden"
	reasonRequired  = "FieldValueRequired"
)

func tagInt(u use) (string, error) {
	if u.tag.Kind != tags.Int {
		return "", u.errorf("needs an integer value")
	}
	return u.tag.Value, nil
}

// viaTag adapts a keyword setter to a +k8s: tag's integer value.
func viaTag(set func(*node, use) error) func(*node, use) error {
	return func(n *node, u use) error {
		if _, ok := u.tag.NamedArg("constraint"); ok {
			return refuse("a bound on another field's value has no CRD form yet: write the rule with +kubebuilder:validation:XValidation on the struct")(n, u)
		}
		v, err := tagInt(u)
		if err != nil {
			return err
		}
		u.value, u.hasValue = v, true
		return set(n, u)
	}
}

var (
	k8sMinimum          = viaTag(setMinimum)
	k8sMaximum          = viaTag(setMaximum)
	k8sExclusiveMinimum = viaTag(setExclusiveMinimumBound)
	k8sExclusiveMaximum = viaTag(setExclusiveMaximumBound)
	k8sMinLength        = viaTag(setMinLength)
	k8sMaxLength        = viaTag(setMaxLength)
	k8sMinItems         = viaTag(setMinItems)
	k8sMaxItems         = viaTag(setMaxItems)
	k8sMinProperties    = viaTag(setMinProperties)
	k8sMaxProperties    = viaTag(setMaxProperties)
)

func k8sListType(n *node, u use) error {
	u.value = u.tag.Value
	return setListType(n, u)
}

func k8sListMapKey(n *node, u use) error {
	u.value = strconv.Quote(u.tag.Value)
	return addListMapKey(n, u)
}

// k8sMaxBytes bounds the UTF-8 size; kube-apiserver reports a rule, not
// TooLong, so only the type of error differs from the Go code's.
func k8sMaxBytes(n *node, u use) error {
	v, err := tagInt(u)
	if err != nil {
		return err
	}
	n.addRule(schema.ValidationRule{Rule: "size(bytes(self)) <= " + v, Message: "may not be more than " + v + " bytes"})
	return nil
}

// formats maps declarative validation's formats to kube-apiserver's CEL
// format library (Kubernetes 1.31 and later).
var formats = map[string]string{
	"k8s-short-name":        "dns1123Label",
	"k8s-long-name":         "dns1123Subdomain",
	"k8s-label-value":       "labelValue",
	"k8s-label-key":         "qualifiedName",
	"k8s-uuid":              "uuid",
	"k8s-path-segment-name": "",
}

func k8sFormat(n *node, u use) error {
	lib, ok := formats[u.tag.Value]
	if !ok || lib == "" {
		return u.errorf("format %q has no CRD form", u.tag.Value)
	}
	check := "format." + lib + "().validate(self)"
	// The Go code reports each problem; a messageExpression listing them
	// has an unbounded estimated cost, so the message is the format's.
	n.addRule(schema.ValidationRule{Rule: "!" + check + ".hasValue()", Message: "must be a valid " + u.tag.Value})
	return nil
}

// k8sForbidden: the Go code reports Forbidden with no detail; a rule needs
// a message.
func k8sForbidden(n *node, u use) error {
	return n.parentRule(u, "!has(self.%[1]s)", "may not be set", &reasonForbidden)
}

// k8sImmutable is a transition rule on the parent, where the presence of
// the field can be compared too; on a type, the value itself.
func k8sImmutable(n *node, u use) error {
	if n.parent == nil {
		n.addRule(schema.ValidationRule{Rule: "self == oldSelf", Message: "field is immutable"})
		return nil
	}
	return n.parentRule(u, "has(self.%[1]s) == has(oldSelf.%[1]s) && (!has(self.%[1]s) || self.%[1]s == oldSelf.%[1]s)", "field is immutable", nil)
}

var updateRules = map[string]struct{ rule, message string }{
	"NoSet":    {"!has(self.%[1]s) || has(oldSelf.%[1]s)", "field cannot be set once created"},
	"NoUnset":  {"has(self.%[1]s) || !has(oldSelf.%[1]s)", "field cannot be cleared once set"},
	"NoModify": {"!has(self.%[1]s) || !has(oldSelf.%[1]s) || self.%[1]s == oldSelf.%[1]s", "field cannot be modified once set"},
}

func k8sUpdate(n *node, u use) error {
	switch u.tag.Value {
	case "NoAddItem":
		return n.itemRule(u, "self", "oldSelf", "item may not be added")
	case "NoRemoveItem":
		return n.itemRule(u, "oldSelf", "self", "item may not be removed")
	}
	r, ok := updateRules[u.tag.Value]
	if !ok {
		return u.errorf("%q has no CRD form (NoSet, NoUnset, NoModify, NoAddItem and NoRemoveItem have)", u.tag.Value)
	}
	return n.parentRule(u, r.rule, r.message, nil)
}

// itemRule is NoAddItem (from self, to oldSelf) or NoRemoveItem (from
// oldSelf, to self): every item of from is in to, matched as the Go code
// matches them: a set's items whole, a list-map's by key, a map's keys.
// It is a rule on the parent, so that a field the update sets or clears
// counts as an empty list or map, as it does to the Go code. The Go code
// reports each added item at its index or key; a rule reports the field.
func (n *node) itemRule(u use, from, to, message string) error {
	target := to + ".%[1]s" // parentRule puts the field's name in
	var in string
	switch {
	case n.s.Type == "object" && n.s.AdditionalPropertiesSchema() != nil,
		n.s.Type == "array" && n.s.ListType != nil && *n.s.ListType == "set":
		in = "x in " + target
	case n.s.Type == "array" && n.s.ListType != nil && *n.s.ListType == "map" && len(n.s.ListMapKeys) > 0:
		var same []string
		for _, k := range n.s.ListMapKeys {
			same = append(same, "y."+k+" == x."+k)
		}
		in = target + ".exists(y, " + strings.Join(same, " && ") + ")"
	default:
		return u.errorf("is for sets, list-maps and maps (KEP-5073 refuses it on atomic lists)")
	}
	rule := "!has(" + from + ".%[1]s) || " + from + ".%[1]s.all(x, has(" + target + ") && " + in + ")"
	return n.parentRule(u, rule, message, &reasonForbidden)
}

func k8sMonotonic(n *node, _ use) error {
	// The Go detail names the old value; a messageExpression doing so
	// (string(oldSelf)) has an unbounded estimated cost, which
	// kube-apiserver refuses.
	n.addRule(schema.ValidationRule{Rule: "self >= oldSelf", Message: "may not be decreased"})
	return nil
}

func k8sNeq(n *node, u use) error {
	lit, detail := u.tag.Value, "must not be equal to "+u.tag.Value
	if u.tag.Kind == tags.String {
		lit, detail = strconv.Quote(u.tag.Value), "must not be equal to "+strconv.Quote(u.tag.Value)
	}
	n.addRule(schema.ValidationRule{Rule: "self != " + lit, Message: detail})
	return nil
}

func k8sDependentRequired(n *node, u use) error {
	return n.dependent(u, "!has(self.%[1]s) || has(self.%[2]s)", "must be set when %[1]s is set", &reasonRequired)
}

func k8sDependentForbidden(n *node, u use) error {
	return n.dependent(u, "!has(self.%[1]s) || !has(self.%[2]s)", "may not be set when %[1]s is set", &reasonForbidden)
}

func (n *node) dependent(u use, rule, message string, reason *string) error {
	a, ok := u.tag.PositionalArg()
	if n.parent == nil || !ok {
		return u.errorf("needs the sibling's JSON name, on a field")
	}
	n.parent.Validations = append(n.parent.Validations, schema.ValidationRule{
		Rule: fmt.Sprintf(rule, n.field, a.Value), Message: fmt.Sprintf(message, n.field),
		FieldPath: "." + a.Value, Reason: reason})
	return nil
}

func (n *node) addRule(r schema.ValidationRule) { n.s.Validations = append(n.s.Validations, r) }

// parentRule adds a rule about the field to its parent, with the field as
// fieldPath so that the error names the field as the Go code's does.
func (n *node) parentRule(u use, rule, message string, reason *string) error {
	if n.parent == nil {
		return u.errorf("is for fields")
	}
	n.parent.Validations = append(n.parent.Validations, schema.ValidationRule{
		Rule: fmt.Sprintf(rule, n.field), Message: message, FieldPath: "." + n.field, Reason: reason})
	return nil
}

// k8sOpaqueType keeps the Go code from calling the validation of the
// field's type. A well-known type's schema (known.go) has no rules from
// tags, so the CRD already matches; any other type's schema carries its
// rules, which a CRD cannot leave out for one field.
func k8sOpaqueType(n *node, u use) error {
	if named, ok := shape.Named(shape.NonPointer(n.t)); ok {
		if _, isKnown := n.b.knownSchema(named); isKnown {
			return nil
		}
	}
	return u.errorf("no CRD form: a CRD field's schema always includes its type's rules")
}

// k8sEachVal applies the payload to every item or map value.
func k8sEachVal(n *node, u use) error {
	inner := n.s.Items
	if inner == nil {
		inner = n.s.AdditionalPropertiesSchema()
	}
	if inner == nil || u.tag.Payload == nil {
		return u.errorf("is for lists and maps, with a payload")
	}
	return n.payload(&node{b: n.b, s: inner, t: elemType(n.t)}, u)
}

func k8sSubfield(n *node, u use) error {
	a, ok := u.tag.PositionalArg()
	if !ok || u.tag.Payload == nil || n.s.Properties[a.Value] == nil {
		return u.errorf("needs a property name of the struct and a payload")
	}
	return n.payload(&node{b: n.b, s: n.s.Properties[a.Value], parent: n.s, field: a.Value}, u)
}

// k8sBeta applies its payload: beta rules are enforced unless a gate is
// turned off, and a CRD has no gates.
func k8sBeta(n *node, u use) error { return n.payload(n, u) }

// k8sAlpha leaves its payload out: alpha rules run in shadow mode (their
// errors are measured, not returned), and every CRD rule is enforced.
func k8sAlpha(*node, use) error { return nil }

// payload applies a chained tag to target.
func (n *node) payload(target *node, u use) error {
	p := *u.tag.Payload
	m, ok := byName[p.Name]
	if !ok || m.schema == nil {
		return u.errorf("payload +%s has no CRD form", p.Name)
	}
	return m.schema(target, use{m: m, pos: u.pos, text: p.String(), tag: p})
}

// unionMember and zeroOrOneOfMember collect the members of a struct's
// unions; object() writes one rule per union once the struct is built.
func k8sUnionMember(n *node, u use) error       { return n.unionMember(u, false) }
func k8sZeroOrOneOfMember(n *node, u use) error { return n.unionMember(u, true) }

func (n *node) unionMember(u use, zeroOrOne bool) error {
	if n.parent == nil {
		return u.errorf("is for fields")
	}
	name := ""
	if a, ok := u.tag.NamedArg("union"); ok {
		name = a.Value
	}
	member := n.field
	if a, ok := u.tag.NamedArg("memberName"); ok {
		member = a.Value
	}
	un := n.b.unionOf(n.parent, name, zeroOrOne)
	un.fields = append(un.fields, n.field)
	un.names = append(un.names, "`"+member+"`")
	return nil
}

type union struct {
	zeroOrOne     bool
	fields, names []string
}

func (b *builder) unionOf(s *schema.Schema, name string, zeroOrOne bool) *union {
	if b.unions == nil {
		b.unions = map[*schema.Schema]map[string]*union{}
	}
	if b.unions[s] == nil {
		b.unions[s] = map[string]*union{}
	}
	key := name + "/" + strconv.FormatBool(zeroOrOne)
	if b.unions[s][key] == nil {
		b.unions[s][key] = &union{zeroOrOne: zeroOrOne}
	}
	return b.unions[s][key]
}

// unionRules writes the rules of the unions collected on s, with the Go
// code's messages.
func (b *builder) unionRules(s *schema.Schema) {
	for _, key := range sortedKeys(b.unions[s]) {
		un := b.unions[s][key]
		has := make([]string, len(un.fields))
		for i, f := range un.fields {
			has[i] = "has(self." + f + ")"
		}
		count := "[" + strings.Join(has, ", ") + "].filter(x, x).size()"
		names := strings.Join(un.names, ", ")
		r := schema.ValidationRule{Rule: count + " == 1",
			MessageExpression: count + " == 0 ? 'must specify one of: " + names + "' : 'must specify exactly one of: " + names + "'"}
		if un.zeroOrOne {
			r = schema.ValidationRule{Rule: count + " <= 1", Message: "must specify at most one of: " + names}
		}
		s.Validations = append(s.Validations, r)
	}
	delete(b.unions, s)
}
