package validate

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// DiscriminatedRule is the validation a member field gets when the mode
// discriminator has Value (+k8s:ifMode(Value)=...). A nil Validation means
// the member is allowed but unchecked in that mode.
type DiscriminatedRule[F any, D comparable] struct {
	Value      D
	Validation ValidateFunc[F]
}

// Discriminated validates one member field of a struct according to the
// struct's mode discriminator (+k8s:modeDiscriminator): the rule for the
// current mode applies, or otherwise, when no rule names the mode,
// defaultValidation (which forbids the member). Errors are at the member's
// path. On update, nothing is validated again if neither the mode nor the
// member (equiv) changed.
func Discriminated[F any, D comparable, S any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *S,
	fieldName string, getMember func(*S) F, getDiscriminator func(*S) D,
	equiv MatchFunc[F], defaultValidation ValidateFunc[F], rules []DiscriminatedRule[F, D]) field.ErrorList {
	member, mode := getMember(value), getDiscriminator(value)
	var oldMember F
	var oldMode D
	if oldValue != nil {
		oldMember, oldMode = getMember(oldValue), getDiscriminator(oldValue)
		if isUpdate(op) && mode == oldMode && equiv(member, oldMember) {
			return nil
		}
	}
	memberPath := fldPath.Child(fieldName)
	for _, rule := range rules {
		if rule.Value == mode {
			if rule.Validation == nil {
				return nil
			}
			return rule.Validation(ctx, op, memberPath, member, oldMember)
		}
	}
	if defaultValidation == nil {
		return nil
	}
	return defaultValidation(ctx, op, memberPath, member, oldMember)
}
