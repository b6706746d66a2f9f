package validators

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	itemTag = "k8s:item"
	// listMapItemTag is KEP-5073's virtual-field name for +k8s:item.
	listMapItemTag = "k8s:listMapItem"
)

// item implements +k8s:item(key: value, ...)=<tag>: the payload applies to
// the one item of a list-map whose keys have the given values. Under its
// KEP-5073 name, +k8s:listMapItem(key: value, ...), it is the same tag.
type item struct {
	r   *Registry
	tag string // itemTag or listMapItemTag
}

func (v *item) Doc() Doc {
	d := v.doc()
	if v.tag == listMapItemTag {
		d.Tag = listMapItemTag
		d.Usage = "+k8s:listMapItem(stringKey: \"value\")=<validation-tag>"
		d.Docs = "KEP-5073's name for +k8s:item (a list-map item as a virtual field); both mean the same. " +
			"The KEP's pairs: [[key, value], ...] form is refused: name each key. " + d.Docs
	}
	return d
}

func (*item) doc() Doc {
	return Doc{
		Tag: itemTag, Stability: StabilityStable, Scopes: anyValueScopes,
		Description: "Applies the payload rule to the one item of a list-map whose keys have the given values.",
		Usage:       "+k8s:item(stringKey: \"value\", intKey: 42, boolKey: true)=<validation-tag>",
		Docs: "Name every key field of the list (+k8s:listMapKey) by its JSON name, with a string, integer " +
			"or boolean value. A list without that item is not checked; on update, the item is matched with " +
			"the old item of the same keys.",
		AcceptsUnknownArgs: true,
		Payloads:           []PayloadDoc{{Description: "<validation-tag>", Docs: "The rule the selected item must follow."}},
		PayloadKind:        tags.TagValue, PayloadRequired: true,
	}
}

func (v *item) Validations(ctx Context, t tags.Tag) (Result, error) {
	elem, ok := shape.Elem(shape.NonPointer(ctx.Type))
	if !ok || !shape.IsSlice(shape.NonPointer(ctx.Type)) {
		return Result{}, errorf("can only be used on list types, not %s", describeType(ctx.Type))
	}
	itemType := shape.NonPointer(elem)
	if !shape.IsStruct(itemType) {
		return Result{}, errorf("can only be used on lists of structs")
	}
	if _, ok := t.NamedArg("pairs"); ok {
		return Result{}, fixf(`name each key of the list by its JSON name: +k8s:listMapItem(type: "Succeeded")`,
			"the pairs: argument is not supported")
	}
	criteria, err := selectorFromArgs(t.Args)
	if err != nil {
		return Result{}, err
	}
	key := selectorKey(criteria)
	inner := Context{Scope: ScopeListVal, Type: itemType, Path: Key(ctx.Path, key), ListSelector: criteria,
		ParentPath: ctx.Path, ParentType: ctx.Type, Level: ctx.Level}
	payload, err := v.r.Validations(inner, *t.Payload)
	if err != nil {
		return Result{}, err
	}
	sel := itemSelection{r: v.r, ctx: ctx, criteria: criteria, itemType: itemType, elem: elem, cohort: key}
	out := payload
	out.Checks, out.Later = nil, nil
	if len(payload.Checks) > 0 {
		checks := payload.Checks
		out.Later = append(out.Later, Later{Target: Here, Build: func() (Result, error) { return sel.wrap(checks) }})
	}
	for _, l := range payload.Later {
		out.Later = append(out.Later, sel.wrapLater(l))
	}
	return out, nil
}

// itemSelection wraps checks so they run on one selected list item.
type itemSelection struct {
	r        *Registry
	ctx      Context
	criteria []SelectorTerm
	itemType types.Type // the item's struct type
	elem     types.Type // the list's element type (maybe a pointer)
	cohort   string
}

func (s itemSelection) wrap(checks []code.Check) (Result, error) {
	wrapCheck, err := s.wrapper()
	if err != nil {
		return Result{}, err
	}
	var out Result
	for _, c := range checks {
		out.AddCheck(wrapCheck(c))
	}
	return out, nil
}

// wrapLater wraps what a nested Later builds. A payload check bound for its
// enclosing place (e.g. a union of list items) already validates the whole
// list, so it runs on the list, unwrapped.
func (s itemSelection) wrapLater(l Later) Later {
	return Later{Target: Here, Build: func() (Result, error) {
		built, err := l.Build()
		if err != nil {
			return Result{}, err
		}
		wrapCheck, err := s.wrapper()
		if err != nil {
			return Result{}, err
		}
		return mapChecksFor(built, func(c code.Check, target Target) code.Check {
			if target == Enclosing {
				return c
			}
			return wrapCheck(c)
		}, l.Target), nil
	}}
}

// wrapper returns the function wrapping one check, once list-map keys are
// known.
func (s itemSelection) wrapper() (func(code.Check) code.Check, error) {
	match, err := s.matchItem()
	if err != nil {
		return nil, err
	}
	fn := "SliceItem"
	if shape.IsPointer(s.elem) {
		fn = "PtrSliceItem"
	}
	equiv := equalFunc(s.itemType)
	return func(c code.Check) code.Check {
		return code.Check{Tag: itemTag, Func: code.Runtime(fn), Flags: c.Flags, Cohort: s.cohort,
			Args: []code.Expr{match, equiv, code.Wrap{Check: c, Value: types.NewPointer(s.itemType)}}}
	}, nil
}

// matchItem returns the function selecting the item: its list-map keys
// equal the criteria, which must name every key.
func (s itemSelection) matchItem() (code.FuncLit, error) {
	lm := s.r.listOf(s.ctx)
	if lm == nil || lm.semantic != semanticMap || len(lm.keys) == 0 {
		return code.FuncLit{}, fixf("declare +k8s:listType=map (or +k8s:unique=map) and +k8s:listMapKey on the list",
			"found items with no list metadata - item tags require listType=map or unique=map with listMapKey")
	}
	if len(s.criteria) != len(lm.keyNames) {
		return code.FuncLit{}, fixf("name every list-map key: "+strings.Join(lm.keyNames, ", "),
			"number of arguments (%d) does not match number of listMapKey fields (%d)", len(s.criteria), len(lm.keyNames))
	}
	var ordered []SelectorTerm
	var missing []string
	for _, k := range lm.keyNames {
		term, ok := findTerm(s.criteria, k)
		if !ok {
			missing = append(missing, k)
			continue
		}
		ordered = append(ordered, term)
	}
	if len(missing) > 0 {
		return code.FuncLit{}, errorf("missing required listMapKey fields: %v", missing)
	}
	cond, err := matchConditions(s.r.universe, s.itemType, ordered, "item")
	if err != nil {
		return code.FuncLit{}, err
	}
	return code.FuncLit{
		Params:  []code.Param{{Name: "item", Type: types.NewPointer(s.itemType)}},
		Results: []types.Type{types.Typ[types.Bool]},
		Body:    code.Text("return " + cond),
	}, nil
}

func findTerm(terms []SelectorTerm, field string) (SelectorTerm, bool) {
	for _, t := range terms {
		if t.Field == field {
			return t, true
		}
	}
	return SelectorTerm{}, false
}

// selectorFromArgs reads +k8s:item's named arguments as key criteria.
func selectorFromArgs(args []tags.Arg) ([]SelectorTerm, error) {
	if len(args) == 0 {
		return nil, fixf("name the item's keys, e.g. +k8s:item(name: \"x\")=...", "no selection criteria was specified")
	}
	seen := map[string]bool{}
	var terms []SelectorTerm
	for _, a := range args {
		switch {
		case a.Name == "":
			return nil, fixf("write key: value pairs", "all arguments must be named")
		case seen[a.Name]:
			return nil, errorf("duplicate argument: %q", a.Name)
		}
		seen[a.Name] = true
		value, err := argValue(a)
		if err != nil {
			return nil, fmt.Errorf("invalid value for argument %q: %w", a.Name, err)
		}
		terms = append(terms, SelectorTerm{Field: a.Name, Value: value})
	}
	return terms, nil
}

func argValue(a tags.Arg) (any, error) {
	switch a.Kind {
	case tags.Int:
		return parseDecimal(a.Value)
	case tags.Bool:
		return parseBool(a.Value)
	}
	return a.Value, nil
}

// selectorKey renders criteria as a path key: {"name": "x", "port": 80}.
func selectorKey(terms []SelectorTerm) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = fmt.Sprintf("%q: %s", t.Field, goLiteral(t.Value))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// matchConditions renders "ref.Key == value && ..." for the terms, checking
// each value against its key field's type.
func matchConditions(u Universe, itemType types.Type, terms []SelectorTerm, ref string) (string, error) {
	var conds []string
	for _, t := range terms {
		m := memberByJSON(u, itemType, t.Field)
		if m == nil {
			return "", errorf("no field with JSON name %q", t.Field)
		}
		rhs, err := keyLiteral(m, t.Value)
		if err != nil {
			return "", err
		}
		if shape.IsPointer(m.Type) {
			conds = append(conds, fmt.Sprintf("%s.%s != nil && *%s.%s == %s", ref, m.Name, ref, m.Name, rhs))
		} else {
			conds = append(conds, fmt.Sprintf("%s.%s == %s", ref, m.Name, rhs))
		}
	}
	return strings.Join(conds, " && "), nil
}

// keyLiteral renders a criterion value as a literal of its key field's type.
func keyLiteral(m *Member, value any) (string, error) {
	switch {
	case shape.IsString(m.Type):
		if _, ok := value.(string); !ok {
			return "", errorf("type mismatch, field is string but value is not: %v", value)
		}
	case shape.IsBool(m.Type):
		if _, ok := value.(bool); !ok {
			return "", errorf("type mismatch, field is bool but value is not: %v", value)
		}
	case shape.IsInteger(m.Type):
		if _, ok := value.(int64); !ok {
			return "", errorf("type mismatch, field is int but value is not: %v", value)
		}
	default:
		return "", errorf("unsupported type %s for field %s", m.Type, m.Name)
	}
	return goLiteral(value), nil
}

// goLiteral renders a string, int64 or bool as Go source.
func goLiteral(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(v)
}
