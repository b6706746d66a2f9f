package validate

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// UnionMember is one member of a union: the JSON name used in errors and,
// for discriminated unions, the discriminator value that selects it.
type UnionMember struct {
	fieldName          string
	discriminatorValue string
}

// NewUnionMember declares a member of an undiscriminated union.
func NewUnionMember(fieldName string) UnionMember {
	return UnionMember{fieldName: fieldName}
}

// NewDiscriminatedUnionMember declares a member selected by a discriminator
// value.
func NewDiscriminatedUnionMember(fieldName, discriminatorValue string) UnionMember {
	return UnionMember{fieldName: fieldName, discriminatorValue: discriminatorValue}
}

// UnionMembership lists a union's members in order, and the discriminator's
// JSON name for discriminated unions.
type UnionMembership struct {
	discriminatorName string
	members           []UnionMember
}

// NewUnionMembership declares an undiscriminated union.
func NewUnionMembership(members ...UnionMember) *UnionMembership {
	return &UnionMembership{members: members}
}

// NewDiscriminatedUnionMembership declares a union whose member is chosen by
// the discriminator field discriminatorName.
func NewDiscriminatedUnionMembership(discriminatorName string, members ...UnionMember) *UnionMembership {
	return &UnionMembership{discriminatorName: discriminatorName, members: members}
}

// quotedNames lists the members' names in backquotes, for messages.
func (u *UnionMembership) quotedNames() string {
	names := make([]string, len(u.members))
	for i, m := range u.members {
		names[i] = "`" + m.fieldName + "`"
	}
	return strings.Join(names, ", ")
}

// checkArity reports a mismatch between members and their set-ness
// extractors, which would be a generator bug.
func (u *UnionMembership) checkArity(fldPath *field.Path, extractors int) field.ErrorList {
	if len(u.members) == extractors {
		return nil
	}
	return field.ErrorList{field.InternalError(fldPath,
		fmt.Errorf("number of extractors (%d) does not match number of union members (%d)", extractors, len(u.members)))}
}

// Union reports a value in which not exactly one member is set. isSet holds
// one extractor per member, in membership order. On update, a value whose
// set of specified members did not change is not validated again.
func Union[T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue T, union *UnionMembership, isSet ...ExtractorFn[T, bool]) field.ErrorList {
	if errs := union.checkArity(fldPath, len(isSet)); errs != nil {
		return errs
	}
	specified, changed := membersSet(op, value, oldValue, union, isSet)
	if isUpdate(op) && hasValue(oldValue) && !changed {
		return nil
	}
	var errs field.ErrorList
	switch {
	case len(specified) > 1:
		errs = append(errs, field.Invalid(fldPath, "{"+strings.Join(specified, ", ")+"}",
			"must specify exactly one of: "+union.quotedNames()))
	case len(specified) == 0:
		errs = append(errs, field.Invalid(fldPath, "", "must specify one of: "+union.quotedNames()))
	}
	return errs.WithOrigin("union")
}

// ZeroOrOneOfUnion reports a value in which more than one member is set;
// none is fine. Ratcheting is as for Union.
func ZeroOrOneOfUnion[T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue T, union *UnionMembership, isSet ...ExtractorFn[T, bool]) field.ErrorList {
	if errs := union.checkArity(fldPath, len(isSet)); errs != nil {
		return errs
	}
	specified, changed := membersSet(op, value, oldValue, union, isSet)
	if isUpdate(op) && hasValue(oldValue) && !changed {
		return nil
	}
	if len(specified) <= 1 {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, "{"+strings.Join(specified, ", ")+"}",
		"must specify at most one of: "+union.quotedNames()).WithOrigin("zeroOrOneOf")}
}

// membersSet returns the names of the members set in value and, on update,
// whether any member's set-ness differs from oldValue.
func membersSet[T any](op operation.Operation, value, oldValue T, union *UnionMembership, isSet []ExtractorFn[T, bool]) (specified []string, changed bool) {
	for i, set := range isSet {
		now := set(value)
		if isUpdate(op) && !changed {
			changed = now != set(oldValue)
		}
		if now {
			specified = append(specified, union.members[i].fieldName)
		}
	}
	return specified, changed
}

// hasValue reports whether v is not the zero value of its type; T is often a
// pointer, but may be a slice (unions of list items), so == cannot be used.
func hasValue[T any](v T) bool {
	return !reflect.ValueOf(&v).Elem().IsZero()
}

// DiscriminatedUnion reports members set while the discriminator names
// another member, and the member the discriminator names when it is not set.
// An unknown discriminator value is not an error here (an enum reports it).
// On update, nothing is validated again if neither the discriminator nor any
// member's set-ness changed.
func DiscriminatedUnion[T any, D ~string](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue T,
	union *UnionMembership, discriminator ExtractorFn[T, D], isSet ...ExtractorFn[T, bool]) field.ErrorList {
	if errs := union.checkArity(fldPath, len(isSet)); errs != nil {
		return errs
	}
	selected := discriminator(value)
	changed := isUpdate(op) && selected != discriminator(oldValue)
	var errs field.ErrorList
	for i, set := range isSet {
		member := union.members[i]
		now := set(value)
		if isUpdate(op) && !changed {
			changed = now != set(oldValue)
		}
		chosen := string(selected) == member.discriminatorValue
		switch {
		case now && !chosen:
			errs = append(errs, field.Invalid(fldPath.Child(member.fieldName), "",
				fmt.Sprintf("may only be specified when `%s` is %q", union.discriminatorName, member.discriminatorValue)))
		case !now && chosen:
			errs = append(errs, field.Invalid(fldPath.Child(member.fieldName), "",
				fmt.Sprintf("must be specified when `%s` is %q", union.discriminatorName, selected)))
		}
	}
	if isUpdate(op) && hasValue(oldValue) && !changed {
		return nil
	}
	return errs.WithOrigin("union")
}
