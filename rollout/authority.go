package rollout

import "k8s.io/apimachinery/pkg/util/validation/field"

// Stability is a declarative rule's lifecycle stage, read from the marks
// generated code puts on the rule's errors.
type Stability int

const (
	// Standard is a rule written without a lifecycle prefix.
	Standard Stability = iota
	// Beta is a rule written as +k8s:beta(...)=<tag>.
	Beta
	// Alpha is a rule written as +k8s:alpha(...)=<tag>.
	Alpha
)

func (s Stability) String() string {
	return [...]string{"standard", "beta", "alpha"}[s]
}

// StabilityOf reads the stability generated code marked on an error.
func StabilityOf(e *field.Error) Stability {
	switch {
	case e.IsAlpha():
		return Alpha
	case e.IsBeta():
		return Beta
	}
	return Standard
}

// Authority is one cell of the authority table: what happens to the
// errors of one declarative rule.
type Authority int

const (
	// HandWritten: declarative validation does not run (or its result is
	// not looked at); the hand-written result stands, nothing is compared.
	HandWritten Authority = iota
	// Shadow: both run, the hand-written result is returned, the
	// declarative one is compared with it.
	Shadow
	// Declarative: the rule's declarative errors are returned and replace
	// the hand-written errors they match.
	Declarative
)

func (a Authority) String() string {
	return [...]string{"hand-written", "shadow", "declarative"}[a]
}

// Mode is what a resource's strategy chose.
type Mode struct {
	// Enforcement is WithDeclarativeEnforcement(): the resource follows the
	// explicit lifecycle, and its standard rules are enforced.
	Enforcement bool
}

// Runs reports whether declarative validation runs at all: when the
// DeclarativeValidation gate is on, or the strategy enforces it (new APIs
// have no hand-written fallback, so the gate cannot switch them off).
func Runs(g Gates, m Mode) bool {
	return g.DeclarativeValidation || m.Enforcement
}

// Decide is the authority table of KEP-5073's validation lifecycle.
//
//	strategy      DeclarativeValidation  ...Beta   standard     beta         alpha
//	legacy        off                    any       hand-written hand-written hand-written
//	legacy        on                     on        shadow       declarative  shadow
//	legacy        on                     off       shadow       shadow       shadow
//	enforcement   off                    any       declarative  hand-written hand-written
//	enforcement   on                     on        declarative  declarative  shadow
//	enforcement   on                     off       declarative  shadow       shadow
//
// Legacy standard rules are the implicit shadow of fields migrated before
// the lifecycle existed. The beta gate "has no effect while
// DeclarativeValidation is off": with enforcement and the main gate off,
// beta rules fall back to hand-written validation, which is how an admin
// turns every migrated-but-mirrored rule off at once; nothing is compared
// then, since comparison is what the main gate turns on.
func Decide(g Gates, m Mode, s Stability) Authority {
	if !Runs(g, m) {
		return HandWritten
	}
	switch {
	case s == Standard && m.Enforcement:
		return Declarative
	case !g.DeclarativeValidation:
		return HandWritten
	case s == Beta && g.DeclarativeValidationBeta:
		return Declarative
	}
	return Shadow
}

// compared reports whether a rule's declarative errors are compared with
// the hand-written ones. Enforced standard rules are not: a new API's
// standard rules have no hand-written counterpart, and a migrated one's
// counterpart is deleted at GA (KEP-5073, step 3).
func compared(g Gates, m Mode, s Stability) bool {
	if !g.DeclarativeValidation {
		return false
	}
	return !(s == Standard && m.Enforcement)
}
