package validators

import (
	"go/types"
	"sort"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
)

// memberModeCheck builds validate.Discriminated for one member field: the
// rules for each mode, and the default rule (the member is forbidden) for
// modes without one.
func memberModeCheck(parent types.Type, discriminator *Member, m *modeMember) (code.Check, error) {
	field := m.member
	value, prefix := field.Type, ""
	if !shape.Nilable(value) {
		value, prefix = types.NewPointer(value), "&"
	}
	forbid, err := forbidMember(field.Type)
	if err != nil {
		return code.Check{}, err
	}
	if level, uniform := uniformLevel(m.rules); uniform {
		forbid.Checks[0].Level = level
	}
	discType := discriminator.Type
	rules := code.SliceLit{Elem: code.Runtime("DiscriminatedRule"), TypeArgs: []types.Type{value, discType}}
	for _, mode := range modeValues(m.rules) {
		lit, err := modeLiteral(mode, discType)
		if err != nil {
			return code.Check{}, err
		}
		rule := code.StructLit{Fields: []code.FieldValue{{Name: "Value", Value: lit}}}
		// A mode whose rules cannot fail (e.g. only +k8s:optional) allows
		// the member unchecked.
		if checks := checksForMode(m.rules, mode); canFail(checks) {
			rule.Fields = append(rule.Fields, code.FieldValue{Name: "Validation", Value: code.WrapAll{Checks: checks, Value: value}})
		}
		rules.Elems = append(rules.Elems, rule)
	}
	parentPtr := types.NewPointer(parent)
	return code.Check{
		Tag: modeDiscriminatorTag, Func: code.Runtime("Discriminated"), LevelSetInside: true,
		Args: []code.Expr{
			code.Lit{Value: memberPathName(field)},
			code.FuncLit{Params: []code.Param{{Name: "obj", Type: parentPtr}}, Results: []types.Type{value},
				Body: code.Text("return " + prefix + "obj." + field.Name)},
			code.FuncLit{Params: []code.Param{{Name: "obj", Type: parentPtr}}, Results: []types.Type{discType},
				Body: code.Text("return obj." + discriminator.Name)},
			equalFunc(field.Type),
			forbid,
			rules,
		},
	}, nil
}

// canFail reports whether any check can report an error.
func canFail(checks []code.Check) bool {
	for _, c := range checks {
		if !c.Flags.Has(code.NonError) {
			return true
		}
	}
	return false
}

// memberPathName is the name a member has in error paths.
func memberPathName(m *Member) string {
	if m.JSON != "" {
		return m.JSON
	}
	return m.Name
}

// forbidMember is the default rule: the member must not be set.
func forbidMember(t types.Type) (code.WrapAll, error) {
	if shape.IsStruct(t) {
		return code.WrapAll{}, fixf("make the field a pointer", "discriminated member fields of struct type must be pointers")
	}
	c := requirednessCheck(forbiddenTag, "Forbidden", t, 0)
	return code.WrapAll{Checks: []code.Check{c}, Value: shape.NilableForm(t)}, nil
}

// uniformLevel returns the stability all rules share, if they share one.
func uniformLevel(rules []modeRule) (code.Level, bool) {
	level := rules[0].level
	for _, r := range rules[1:] {
		if r.level != level {
			return "", false
		}
	}
	return level, level != code.Stable
}

// modeValues returns the distinct modes of the rules, sorted.
func modeValues(rules []modeRule) []string {
	seen := map[string]bool{}
	var values []string
	for _, r := range rules {
		if !seen[r.value] {
			seen[r.value] = true
			values = append(values, r.value)
		}
	}
	sort.Strings(values)
	return values
}

// checksForMode merges the checks of every rule for mode, each marked with
// its own rule's stability.
func checksForMode(rules []modeRule, mode string) []code.Check {
	var checks []code.Check
	for _, r := range rules {
		if r.value != mode {
			continue
		}
		for _, c := range r.checks {
			if r.level != code.Stable {
				c.Level = r.level
			}
			checks = append(checks, c)
		}
	}
	return checks
}

// modeLiteral converts a mode to a literal of the discriminator's type.
func modeLiteral(mode string, disc types.Type) (code.Expr, error) {
	if shape.IsBool(disc) {
		b, err := parseBool(mode)
		if err != nil {
			return nil, errorf("invalid discriminator value %q: %v", mode, err)
		}
		return code.Lit{Value: b}, nil
	}
	return code.Lit{Value: mode}, nil
}
