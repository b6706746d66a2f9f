package validators

import "github.com/kval-dev/kval/gen/code"

// catalog returns every tag validator, bound to this registry where a
// validator evaluates payload tags or shares facts with other tags.
func (r *Registry) catalog() []Validator {
	return []Validator{
		// Requiredness.
		requiredness{mode: modeRequired}, requiredness{mode: modeOptional}, requiredness{mode: modeForbidden, r: r},
		// Value limits.
		limit{kind: limitMinimum, r: r}, limit{kind: limitMaximum, r: r},
		limit{kind: limitExclusiveMin, r: r}, limit{kind: limitExclusiveMax, r: r},
		limit{kind: limitMinLength}, limit{kind: limitMaxLength}, limit{kind: limitMaxBytes},
		limit{kind: limitMinItems}, limit{kind: limitMaxItems},
		limit{kind: limitMinProperties}, limit{kind: limitMaxProperties},
		format{}, neq{},
		&enum{r: r}, enumExclude{},
		// Lists.
		&listType{r: r}, &listMapKey{r: r}, &unique{r: r}, &customUnique{r: r},
		// Collections and nesting.
		&eachVal{r: r}, &eachKey{r: r}, &item{r: r, tag: itemTag}, &item{r: r, tag: listMapItemTag}, &subfield{r: r},
		// Cross-field rules.
		&unionMember{r: r}, &unionDiscriminator{r: r}, &zeroOrOneOfMember{r: r},
		&modeDiscriminator{r: r}, &ifMode{r: r},
		&dependency{r: r, mode: dependencyRequired}, &dependency{r: r, mode: dependencyForbidden},
		// Updates.
		immutable{}, &update{r: r}, monotonic{},
		// Escape hatches and control.
		&customValidation{r: r}, &opaqueType{r: r},
		&ifOption{r: r, tag: ifOptionEnabledTag, enabled: true}, &ifOption{r: r, tag: ifOptionDisabledTag, enabled: false},
		&ifOption{r: r, tag: ifEnabledTag, enabled: true, alias: ifOptionEnabledTag},
		&ifOption{r: r, tag: ifDisabledTag, enabled: false, alias: ifOptionDisabledTag},
		&ifSubresource{r: r, want: true}, &ifSubresource{r: r, want: false},
		&level{r: r, tag: alphaTag, level: code.Alpha}, &level{r: r, tag: betaTag, level: code.Beta}, lifecycleExempt{},
		// Test fixtures.
		fixedResult{kind: fixedTrue}, fixedResult{kind: fixedFalse}, fixedResult{kind: fixedError},
		fixedResult{kind: fixedTrueAlpha}, fixedResult{kind: fixedTrueBeta},
	}
}
