package validators

import (
	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	immutableTag = "k8s:immutable"
	monotonicTag = "k8s:monotonic"
)

// immutable implements +k8s:immutable: a value may not change once the
// object exists. Ratcheting already skips unchanged values, so the runtime
// check reports whatever reaches it on update.
type immutable struct{}

func (immutable) Doc() Doc {
	return Doc{
		Tag: immutableTag, Stability: StabilityStable,
		Scopes:      []Scope{ScopeType, ScopeField, ScopeListVal, ScopeMapVal},
		Description: "The value may not change once the object exists.",
		Docs: "KEP-5073 defines it as +k8s:update=NoSet,NoModify,NoClear on a value, and as NoSet, NoAddItem, " +
			"NoRemoveItem and +k8s:eachVal=+k8s:immutable on a list or map: a value unset at creation stays unset, " +
			"and a list or map keeps its items. kval compares the whole value (a reordered list is a change), " +
			"as upstream does; see \"KEP-5073 decisions\" below.",
		Example: "// +k8s:optional\n// +k8s:immutable\nHostNetwork bool `json:\"hostNetwork\"`",
	}
}

func (immutable) Validations(Context, tags.Tag) (Result, error) {
	// A short circuit, so that it runs with +k8s:optional, before other checks.
	return checksOnly(code.Check{Tag: immutableTag, Func: code.Runtime("Immutable"), Flags: code.ShortCircuit}), nil
}

// monotonic implements +k8s:monotonic: an integer may not decrease on update.
type monotonic struct{}

func (monotonic) Doc() Doc {
	return Doc{
		Tag: monotonicTag, Stability: StabilityAlpha, Scopes: []Scope{ScopeType, ScopeField},
		Description: "On update, the integer may grow or stay, never decrease.",
	}
}

func (monotonic) Validations(ctx Context, _ tags.Tag) (Result, error) {
	if !shape.IsInteger(ctx.Type) {
		return Result{}, errorf("must be an integer type, not %s", describeType(ctx.Type))
	}
	return checksOnly(code.Check{Tag: monotonicTag, Func: code.Runtime("Monotonic")}), nil
}
