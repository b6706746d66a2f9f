package validators

import (
	"errors"
	"go/types"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	eachValTag = "k8s:eachVal"
	eachKeyTag = "k8s:eachKey"
)

// eachVal implements +k8s:eachVal=<tag>: the payload applies to every value
// of a list or map.
type eachVal struct{ r *Registry }

func (*eachVal) Doc() Doc {
	return Doc{
		Tag: eachValTag, Stability: StabilityStable, Scopes: listTagScopes,
		Description: "Applies the payload rule to every value of a list or map.",
		Payloads:    []PayloadDoc{{Description: "<validation-tag>", Docs: "The rule each value must follow."}},
		PayloadKind: tags.TagValue, PayloadRequired: true,
	}
}

func (v *eachVal) Validations(ctx Context, t tags.Tag) (Result, error) {
	elem, ok := shape.Elem(ctx.Type)
	if !ok || shape.IsPointer(ctx.Type) {
		return Result{}, errorf("can only be used on list or map types, not %s", describeType(ctx.Type))
	}
	inner := Context{Type: elem, Path: Key(ctx.Path, "(vals)"), ParentPath: ctx.Path, ParentType: ctx.Type, Level: ctx.Level}
	if shape.IsMap(ctx.Type) {
		inner.Scope = ScopeMapVal
	} else {
		inner.Scope, inner.ListSelector = ScopeListVal, []SelectorTerm{}
	}
	payloadTag, presence, err := v.presence(ctx, *t.Payload)
	if err != nil || payloadTag == nil {
		return presence, err
	}
	payload, err := v.r.Validations(inner, *payloadTag)
	if err != nil {
		return Result{}, err
	}
	out, err := v.r.forEach(ctx, payload, eachValTag, func(checks Result) (Result, error) {
		return v.r.EachValue(ctx.Path, ctx.Type, checks), nil
	})
	out.Add(presence)
	return out, err
}

// presence splits +k8s:eachVal=+k8s:update=NoSet,NoClear,...: a value is set
// while its key (map key, list-map keys, a set item's content) is present,
// so a value set or cleared on update is an item added or removed, which only
// the whole list or map can see. Those constraints become the collection's
// NoAddItem and NoRemoveItem; the rest (NoModify) stays per value. It returns
// the payload left for each value, nil when none is.
func (v *eachVal) presence(ctx Context, payload tags.Tag) (*tags.Tag, Result, error) {
	if payload.Name != updateTag {
		return &payload, Result{}, nil
	}
	var perValue, collection []string
	for _, name := range strings.Split(payload.Value, ",") {
		switch c, ok := parseConstraint(name); {
		case ok && c == noSet:
			collection = append(collection, noAddItem.String())
		case ok && c == noUnset:
			collection = append(collection, noRemoveItem.String())
		default:
			perValue = append(perValue, name)
		}
	}
	var res Result
	if len(collection) > 0 {
		if ctx.Scope != ScopeField {
			return nil, Result{}, errorf("+k8s:eachVal=+k8s:update=NoSet/NoClear may only be used on fields, not %s", ctx.Scope)
		}
		var err error
		collectionTag := tags.Tag{Name: updateTag, Value: strings.Join(collection, ","), Kind: tags.String, Pos: payload.Pos}
		if res, err = (&update{r: v.r}).Validations(ctx, collectionTag); err != nil {
			return nil, Result{}, err
		}
		res = explainPresence(res)
	}
	if len(perValue) == 0 {
		return nil, res, nil
	}
	payload.Value = strings.Join(perValue, ",")
	return &payload, res, nil
}

// forEach turns the payload's validations into per-element ones with wrap.
// Element checks are wrapped once every tag of the collection is read,
// because list-map keys decide how old and new elements pair up.
func (r *Registry) forEach(ctx Context, payload Result, tag string, wrap func(Result) (Result, error)) (Result, error) {
	if len(payload.Vars) > 0 {
		return Result{}, errorf("the payload of +%s may not declare variables", tag)
	}
	out := Result{Comments: payload.Comments}
	if tag == eachValTag {
		out.OpaqueValues = payload.Opaque
	} else {
		out.OpaqueKeys = payload.Opaque
	}
	if len(payload.Checks) > 0 {
		checks := Result{Checks: payload.Checks}
		out.Later = append(out.Later, Later{Target: Here, Build: func() (Result, error) { return wrap(checks) }})
	}
	if len(payload.Later) > 0 {
		laters := payload.Later
		out.Later = append(out.Later, Later{Target: Here, Build: func() (Result, error) {
			resolved, err := resolveAll(laters)
			if err != nil {
				return Result{}, err
			}
			return wrap(resolved)
		}})
	}
	if out.Empty() {
		return Result{}, errorf("the payload has no validations")
	}
	return out, nil
}

// explainPresence says, in the errors of the collection's update check, that
// NoSet and NoClear on each value became NoAddItem and NoRemoveItem.
func explainPresence(res Result) Result {
	for i, l := range res.Later {
		build := l.Build
		res.Later[i].Build = func() (Result, error) {
			built, err := build()
			var p *problem
			if errors.As(err, &p) {
				err = fixf(p.hint, "on each value NoSet and NoClear mean the list's NoAddItem and NoRemoveItem: %s", p.msg)
			}
			return built, err
		}
	}
	return res
}

// EachValue wraps element checks so they run on every value of the list or
// map of type t declared at path. The generator also uses it to call an
// element type's validation function on every element.
func (r *Registry) EachValue(path string, t types.Type, checks Result) Result {
	elem, _ := shape.Elem(t)
	wrap := r.eachMapValue(elem)
	if shape.IsSlice(t) {
		wrap = r.eachListValue(path, t, elem)
	}
	out := mapChecks(checks, func(c code.Check, _ Target) code.Check { return wrap(c) })
	return Result{Checks: out.Checks, Later: out.Later, OpaqueValues: checks.Opaque}
}

func (r *Registry) eachListValue(path string, t, elem types.Type) func(code.Check) code.Check {
	var match, equiv code.Expr = code.Nil{}, code.Nil{}
	lm := r.facts.lists[path]
	if lm == nil {
		lm = r.facts.lists[TypePath(t)]
	}
	if lm != nil {
		switch lm.semantic {
		case semanticMap:
			match, equiv = lm.matchByKeys(elem), equalFunc(elem)
		case semanticSet:
			match = equalFunc(elem)
		}
	}
	fn := "EachSliceVal"
	if shape.IsPointer(elem) {
		fn = "EachPtrSliceVal"
	}
	return func(c code.Check) code.Check {
		return wrapCheck(c, eachValTag, fn, elem, match, equiv)
	}
}

func (r *Registry) eachMapValue(elem types.Type) func(code.Check) code.Check {
	equiv := equalFunc(elem)
	return func(c code.Check) code.Check {
		return wrapCheck(c, eachValTag, "EachMapVal", elem, equiv)
	}
}

// wrapCheck returns a check calling runtime function fn with args and a
// wrapper running c on each element of type elem. The wrapper keeps c's
// flags and comments so short circuits and notes survive the wrapping.
func wrapCheck(c code.Check, tag, fn string, elem types.Type, args ...code.Expr) code.Check {
	comments := c.Comments
	c.Comments = nil
	args = append(args, code.Wrap{Check: c, Value: shape.NilableForm(elem)})
	return code.Check{Tag: tag, Func: code.Runtime(fn), Args: args, Flags: c.Flags, Comments: comments}
}

// eachKey implements +k8s:eachKey=<tag>: the payload applies to every key
// of a map.
type eachKey struct{ r *Registry }

func (*eachKey) Doc() Doc {
	return Doc{
		Tag: eachKeyTag, Stability: StabilityStable, Scopes: listTagScopes,
		Description: "Applies the payload rule to every key of a map.",
		Payloads:    []PayloadDoc{{Description: "<validation-tag>", Docs: "The rule each key must follow."}},
		PayloadKind: tags.TagValue, PayloadRequired: true,
	}
}

func (v *eachKey) Validations(ctx Context, t tags.Tag) (Result, error) {
	key, ok := shape.MapKey(ctx.Type)
	if !ok {
		return Result{}, errorf("can only be used on map types, not %s", describeType(ctx.Type))
	}
	inner := Context{Scope: ScopeMapKey, Type: key, Path: Key(ctx.Path, "(keys)"), ParentPath: ctx.Path, ParentType: ctx.Type, Level: ctx.Level}
	payload, err := v.r.Validations(inner, *t.Payload)
	if err != nil {
		return Result{}, err
	}
	return v.r.forEach(ctx, payload, eachKeyTag, func(checks Result) (Result, error) {
		return EachKey(ctx.Type, checks), nil
	})
}

// EachKey wraps key checks so they run on every key of a map of type t.
func EachKey(t types.Type, checks Result) Result {
	key, _ := shape.MapKey(t)
	out := mapChecks(checks, func(c code.Check, _ Target) code.Check {
		return wrapCheck(c, eachKeyTag, "EachMapKey", key)
	})
	return Result{Checks: out.Checks, Later: out.Later, OpaqueKeys: checks.Opaque}
}
