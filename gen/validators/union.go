package validators

import (
	"go/types"
	"regexp"
	"sort"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	unionMemberTag        = "k8s:unionMember"
	unionDiscriminatorTag = "k8s:unionDiscriminator"
	zeroOrOneOfMemberTag  = "k8s:zeroOrOneOfMember"
)

// A union is a set of members of which exactly one (or, for zero-or-one-of,
// at most one) may be set: struct fields, or items of a list-map selected
// with +k8s:item. A discriminator field may name the member that is set.
type union struct {
	members       []unionMemberInfo
	fields        []*Member                 // struct-field members
	items         map[string][]SelectorTerm // list-item members by name
	discriminator *Member
}

type unionMemberInfo struct {
	name               string // JSON name, or list item selector, for errors
	discriminatorValue string
}

// unionSet holds the unions of one struct or list, by union name ("" for
// the unnamed one).
type unionSet map[string]*union

func (s unionSet) named(name string) *union {
	u := s[name]
	if u == nil {
		u = &union{items: map[string][]SelectorTerm{}}
		s[name] = u
	}
	return u
}

func unionsAt(all map[string]unionSet, path string) unionSet {
	if all[path] == nil {
		all[path] = unionSet{}
	}
	return all[path]
}

var unionTagScopes = []Scope{ScopeField, ScopeListVal}

func unionArgDocs(memberNameDocs string) []ArgDoc {
	return []ArgDoc{
		{Name: "union", Description: "<string>", Docs: "which union, when a struct has several", Kind: tags.String},
		{Name: "memberName", Description: "<string>", Docs: memberNameDocs, Default: "the field's name", Kind: tags.String},
	}
}

// unionMember implements +k8s:unionMember.
type unionMember struct{ r *Registry }

func (*unionMember) Doc() Doc {
	return Doc{
		Tag: unionMemberTag, Stability: StabilityStable, Scopes: unionTagScopes,
		Description: "Makes this field a member of a union: exactly one member must be set, the one the union's discriminator names, if it has one.",
		Args:        unionArgDocs("the discriminator value that selects this member"),
	}
}

func (v *unionMember) Validations(ctx Context, t tags.Tag) (Result, error) {
	return addUnionMember(v.r, v.r.facts.unions, ctx, t, unionKind{
		varPrefix: "unionMembershipFor", check: "Union", discriminated: "DiscriminatedUnion", tag: unionMemberTag,
	})
}

// zeroOrOneOfMember implements +k8s:zeroOrOneOfMember.
type zeroOrOneOfMember struct{ r *Registry }

func (*zeroOrOneOfMember) Doc() Doc {
	return Doc{
		Tag: zeroOrOneOfMemberTag, Stability: StabilityStable, Scopes: unionTagScopes,
		Description: "Makes this field a member of a zero-or-one-of union: at most one member may be set.",
		Docs:        "Unlike +k8s:unionMember, a union with no member set is valid.",
		Warning:     "Use it on list items (through +k8s:item), not on struct fields.",
		Args:        unionArgDocs("the name errors use for this member"),
	}
}

func (v *zeroOrOneOfMember) Validations(ctx Context, t tags.Tag) (Result, error) {
	return addUnionMember(v.r, v.r.facts.zeroOrOneOf, ctx, t, unionKind{
		varPrefix: "zeroOrOneOfMembershipFor", check: "ZeroOrOneOfUnion", tag: zeroOrOneOfMemberTag,
	})
}

// unionDiscriminator implements +k8s:unionDiscriminator.
type unionDiscriminator struct{ r *Registry }

func (*unionDiscriminator) Doc() Doc {
	return Doc{
		Tag: unionDiscriminatorTag, Stability: StabilityBeta, Scopes: unionTagScopes,
		Description: "Makes this string field the discriminator of a union: its value names the one member that must be set.",
		Args:        unionArgDocs("")[:1],
	}
}

func (v *unionDiscriminator) Validations(ctx Context, t tags.Tag) (Result, error) {
	if !shape.IsString(ctx.Type) {
		return Result{}, errorf("can only be used on string types, not %s", describeType(ctx.Type))
	}
	if ctx.Member == nil {
		return Result{}, errorf("can only be used on struct fields")
	}
	name, _ := t.NamedArg("union")
	unionsAt(v.r.facts.unions, ctx.ParentPath).named(name.Value).discriminator = ctx.Member
	return Result{}, nil
}

// unionKind distinguishes unions from zero-or-one-of unions.
type unionKind struct {
	varPrefix     string
	check         string // runtime check of undiscriminated unions
	discriminated string // runtime check of discriminated unions; "" if none
	tag           string
}

// addUnionMember records a member; the check is built for the enclosing
// struct (or list) once all its members are known.
func addUnionMember(r *Registry, all map[string]unionSet, ctx Context, t tags.Tag, kind unionKind) (Result, error) {
	var err error
	switch ctx.Scope {
	case ScopeField:
		err = addFieldMember(all, ctx, t)
	case ScopeListVal:
		err = addItemMember(all, ctx, t)
	}
	if err != nil {
		return Result{}, err
	}
	return Result{Later: []Later{{Target: Enclosing, Build: func() (Result, error) {
		return unionChecks(r, all, ctx.ParentPath, ctx.ParentType, kind)
	}}}}, nil
}

func addFieldMember(all map[string]unionSet, ctx Context, t tags.Tag) error {
	switch shape.Native(ctx.Member.Type).(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Basic:
	default:
		return fixf("make the member a pointer", "can only be used on nilable and primitive types, not %s", describeType(ctx.Member.Type))
	}
	if ctx.Member.JSON == "" {
		return fixf("give the field a JSON name", "field %s is a union member but has no JSON name", ctx.Member.Name)
	}
	memberName := ctx.Member.Name
	if a, ok := t.NamedArg("memberName"); ok {
		memberName = a.Value
	}
	name, _ := t.NamedArg("union")
	u := unionsAt(all, ctx.ParentPath).named(name.Value)
	u.members = append(u.members, unionMemberInfo{name: ctx.Member.JSON, discriminatorValue: memberName})
	u.fields = append(u.fields, ctx.Member)
	return nil
}

func addItemMember(all map[string]unionSet, ctx Context, t tags.Tag) error {
	if ctx.ListSelector == nil {
		return fixf("select the item with +k8s:item(key: value)=+"+t.Name, "list-item union member has no list selector")
	}
	itemName := lastSegment(ctx.ParentPath) + strings.TrimPrefix(ctx.Path, ctx.ParentPath)
	memberName := ""
	if a, ok := t.NamedArg("memberName"); ok {
		memberName = a.Value
	}
	name, _ := t.NamedArg("union")
	u := unionsAt(all, ctx.ParentPath).named(name.Value)
	if _, dup := u.items[itemName]; dup {
		return errorf("list-item union member %q already exists", itemName)
	}
	u.members = append(u.members, unionMemberInfo{name: itemName, discriminatorValue: memberName})
	u.items[itemName] = ctx.ListSelector
	return nil
}

// lastSegment returns what follows the last "." of a path.
func lastSegment(path string) string {
	return path[strings.LastIndex(path, ".")+1:]
}

// unionChecks builds the checks of all unions of the struct or list at
// path, once.
func unionChecks(r *Registry, all map[string]unionSet, path string, parent types.Type, kind unionKind) (Result, error) {
	if !shape.IsStruct(shape.NonPointer(parent)) && !shape.IsSlice(parent) {
		return Result{}, nil
	}
	set := all[path]
	delete(all, path)
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	var out Result
	for _, n := range names {
		res, err := oneUnion(r, set[n], path, n, parent, kind)
		if err != nil {
			return Result{}, err
		}
		out.Add(res)
	}
	return out, nil
}

func oneUnion(r *Registry, u *union, path, name string, parent types.Type, kind unionKind) (Result, error) {
	if len(u.fields) == 0 && len(u.items) == 0 && u.discriminator == nil {
		return Result{}, nil
	}
	isList := shape.IsSlice(parent)
	switch {
	case len(u.fields) > 0 && len(u.items) > 0:
		return Result{}, errorf("cannot have both field members and item members")
	case !isList && len(u.items) > 0:
		return Result{}, errorf("struct type cannot have item members")
	case isList && len(u.fields) > 0:
		return Result{}, errorf("slice type cannot have field members")
	}
	extractors, err := memberExtractors(r, u, parent)
	if err != nil {
		return Result{}, err
	}
	membership := code.Var{Name: kind.varPrefix + varSuffix(path, name)}
	check := code.Check{Tag: kind.tag, Func: code.Runtime(kind.check)}
	if u.discriminator != nil && kind.discriminated != "" {
		membership.Init = membershipInit("NewDiscriminatedUnionMembership", "NewDiscriminatedUnionMember", u, code.Lit{Value: u.discriminator.JSON})
		check.Func = code.Runtime(kind.discriminated)
		check.Args = append([]code.Expr{code.VarRef{Name: membership.Name}, discriminatorGetter(parent, u.discriminator)}, extractors...)
	} else {
		membership.Init = membershipInit("NewUnionMembership", "NewUnionMember", u, nil)
		check.Args = append([]code.Expr{code.VarRef{Name: membership.Name}}, extractors...)
	}
	return Result{Vars: []code.Var{membership}, Checks: []code.Check{check}}, nil
}

func membershipInit(newMembership, newMember string, u *union, discriminator code.Expr) code.CallExpr {
	call := code.CallExpr{Func: code.Runtime(newMembership)}
	if discriminator != nil {
		call.Args = append(call.Args, discriminator)
	}
	for _, m := range u.members {
		args := []code.Expr{code.Lit{Value: m.name}}
		if discriminator != nil {
			args = append(args, code.Lit{Value: m.discriminatorValue})
		}
		call.Args = append(call.Args, code.CallExpr{Func: code.Runtime(newMember), Args: args})
	}
	return call
}

// memberExtractors returns, per member in membership order, a function
// telling whether the member is set.
func memberExtractors(r *Registry, u *union, parent types.Type) ([]code.Expr, error) {
	var out []code.Expr
	for _, m := range u.fields {
		out = append(out, isSetFunc(types.NewPointer(parent), m))
	}
	// Item extractors follow the membership order, so that errors name the
	// members that are actually set.
	for _, m := range u.members {
		selector, ok := u.items[m.name]
		if !ok {
			continue
		}
		f, err := itemPresentFunc(r.universe, parent, selector)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// isSetFunc returns func(obj *Parent) bool telling whether field m is set.
func isSetFunc(parentPtr types.Type, m *Member) code.FuncLit {
	f := code.FuncLit{Params: []code.Param{{Name: "obj", Type: parentPtr}}, Results: []types.Type{types.Typ[types.Bool]}}
	switch shape.Native(m.Type).(type) {
	case *types.Pointer:
		f.Body = code.Text("return obj != nil && obj." + m.Name + " != nil")
	case *types.Map, *types.Slice:
		f.Body = code.Text("return obj != nil && len(obj." + m.Name + ") != 0")
	default:
		if u := unsetTest(m.Type); u != nil && u.Kind == code.ZeroValue {
			f.Body = code.Text("return obj != nil && obj." + m.Name + " != " + u.Zero)
			break
		}
		f.Body = code.Text("if obj == nil {\nreturn false\n}\nvar zero ", m.Type, "\nreturn obj."+m.Name+" != zero")
	}
	return f
}

// itemPresentFunc returns func(list L) bool telling whether an item
// matching the selector is present.
func itemPresentFunc(u Universe, list types.Type, selector []SelectorTerm) (code.FuncLit, error) {
	elem, _ := shape.Elem(list)
	terms := append([]SelectorTerm(nil), selector...)
	sort.Slice(terms, func(i, j int) bool { return terms[i].Field < terms[j].Field })
	cond, err := matchConditions(u, shape.NonPointer(elem), terms, "list[i]")
	if err != nil {
		return code.FuncLit{}, err
	}
	return code.FuncLit{
		Params:  []code.Param{{Name: "list", Type: list}},
		Results: []types.Type{types.Typ[types.Bool]},
		Body:    code.Text("for i := range list {\nif " + cond + " {\nreturn true\n}\n}\nreturn false"),
	}, nil
}

func discriminatorGetter(parent types.Type, d *Member) code.FuncLit {
	return code.FuncLit{
		Params:  []code.Param{{Name: "obj", Type: types.NewPointer(parent)}},
		Results: []types.Type{types.Typ[types.String]},
		Body:    code.Text("if obj == nil {\nreturn \"\"\n}\nreturn string(obj." + d.Name + ")"),
	}
}

var notIdentChars = regexp.MustCompile(`[^A-Za-z0-9]+`)

// varSuffix turns a union's place into a readable identifier suffix:
// "pkg/path.Struct.tasks" and union "u" become "Struct_tasks_u".
func varSuffix(path, union string) string {
	local := path[strings.LastIndex(path, "/")+1:]
	local = local[strings.Index(local, ".")+1:]
	parts := notIdentChars.Split(local, -1)
	if union != "" {
		parts = append(parts, notIdentChars.Split(union, -1)...)
	}
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "_")
}
