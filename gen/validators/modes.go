package validators

import (
	"go/types"
	"maps"
	"regexp"
	"slices"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	modeDiscriminatorTag = "k8s:modeDiscriminator"
	ifModeTag            = "k8s:ifMode"
	// defaultModality names the unnamed group; users may not use it.
	defaultModality = "default"
)

var modalityName = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]*$`)

// A mode group is a discriminator field of a struct and, for each member
// field, the rules that apply in each mode. A member with no rule for the
// current mode is forbidden.
type modeGroup struct {
	discriminator *Member
	members       map[string]*modeMember // by Go field name
}

type modeMember struct {
	member *Member
	rules  []modeRule
}

type modeRule struct {
	value  string
	checks []code.Check
	level  code.Level
}

// modeGroups holds the groups of one struct by modality name.
type modeGroups map[string]*modeGroup

func (g modeGroups) named(name string) *modeGroup {
	if name == "" {
		name = defaultModality
	}
	if g[name] == nil {
		g[name] = &modeGroup{members: map[string]*modeMember{}}
	}
	return g[name]
}

func (r *Registry) modesAt(path string) modeGroups {
	if r.facts.modes[path] == nil {
		r.facts.modes[path] = modeGroups{}
	}
	return r.facts.modes[path]
}

var modalityArg = ArgDoc{Name: "modality", Description: "<string>", Kind: tags.String,
	Docs: "which discriminator, when a struct has several"}

// modality reads and checks the modality argument.
func modality(t tags.Tag) (string, error) {
	a, _ := t.NamedArg("modality")
	switch {
	case a.Value == defaultModality:
		return "", errorf("discriminator group name %q is reserved", defaultModality)
	case a.Value != "" && !modalityName.MatchString(a.Value):
		return "", errorf("discriminator group name must match %s, got %q", modalityName, a.Value)
	}
	return a.Value, nil
}

// modeDiscriminator implements +k8s:modeDiscriminator.
type modeDiscriminator struct{ r *Registry }

func (*modeDiscriminator) Doc() Doc {
	return Doc{
		Tag: modeDiscriminatorTag, Stability: StabilityStable, Scopes: fieldOnly,
		Description: "Makes this string or bool field the mode of its struct: +k8s:ifMode rules on sibling fields depend on its value.",
		Args:        []ArgDoc{modalityArg},
	}
}

func (v *modeDiscriminator) Validations(ctx Context, t tags.Tag) (Result, error) {
	if shape.IsPointer(shape.Native(ctx.Type)) {
		return Result{}, fixf("make the discriminator a non-pointer field", "can only be used on non-pointer types")
	}
	if !shape.IsString(ctx.Type) && !shape.IsBool(ctx.Type) {
		return Result{}, errorf("can only be used on string or bool types, not %s", describeType(ctx.Type))
	}
	name, err := modality(t)
	if err != nil {
		return Result{}, err
	}
	g := v.r.modesAt(ctx.ParentPath).named(name)
	if g.discriminator != nil && g.discriminator.Name != ctx.Member.Name {
		return Result{}, fixf("give each discriminator its own modality", "duplicate discriminator: %q", name)
	}
	g.discriminator = ctx.Member
	return Result{}, nil
}

// ifMode implements +k8s:ifMode(<mode>)=<tag>.
type ifMode struct{ r *Registry }

func (*ifMode) Doc() Doc {
	return Doc{
		Tag: ifModeTag, Stability: StabilityStable, Scopes: fieldOnly,
		Description: "Applies the payload rule only while the struct's +k8s:modeDiscriminator has the given value.",
		Args: []ArgDoc{
			{Description: "<string>", Docs: "the discriminator value under which the rule applies", Kind: tags.String},
			modalityArg,
			{Name: "mode", Description: "<string>", Docs: "the discriminator value, given by name", Kind: tags.String},
		},
		PayloadKind: tags.TagValue, PayloadRequired: true,
	}
}

func (v *ifMode) Validations(ctx Context, t tags.Tag) (Result, error) {
	name, err := modality(t)
	if err != nil {
		return Result{}, err
	}
	mode, ok := t.NamedArg("mode")
	if !ok {
		mode, ok = t.PositionalArg()
	}
	if !ok {
		return Result{}, fixf("write +k8s:ifMode(<mode>)=<tag>", "missing required mode")
	}
	payload, err := v.r.Validations(ctx, *t.Payload)
	if err != nil {
		return Result{}, err
	}
	g := v.r.modesAt(ctx.ParentPath).named(name)
	m := g.members[ctx.Member.Name]
	if m == nil {
		m = &modeMember{member: ctx.Member}
		g.members[ctx.Member.Name] = m
	}
	m.rules = append(m.rules, modeRule{value: mode.Value, checks: payload.Checks, level: ctx.Level})
	return Result{Later: []Later{{Target: Enclosing, Build: func() (Result, error) {
		return v.r.modeChecks(ctx.ParentPath, ctx.ParentType)
	}}}}, nil
}

// modeChecks builds, once per struct, one check per member field of each
// mode group.
func (r *Registry) modeChecks(path string, parent types.Type) (Result, error) {
	if !shape.IsStruct(shape.NonPointer(parent)) {
		return Result{}, nil
	}
	groups := r.facts.modes[path]
	delete(r.facts.modes, path)
	var out Result
	for _, name := range slices.Sorted(maps.Keys(groups)) {
		g := groups[name]
		if g.discriminator == nil {
			if len(g.members) == 0 {
				continue
			}
			if name == defaultModality {
				return Result{}, fixf("mark the mode field with +k8s:modeDiscriminator", "missing discriminator")
			}
			return Result{}, fixf("mark the mode field with +k8s:modeDiscriminator(modality: "+name+")", "missing discriminator for group %q", name)
		}
		for _, field := range slices.Sorted(maps.Keys(g.members)) {
			c, err := memberModeCheck(parent, g.discriminator, g.members[field])
			if err != nil {
				return Result{}, err
			}
			out.AddCheck(c)
		}
	}
	return out, nil
}
