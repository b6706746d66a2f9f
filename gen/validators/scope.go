package validators

// Scope is a place where a tag may be written. The values read well in
// "may not be used on <scope>" and match upstream's documentation.
type Scope string

// The scopes.
const (
	ScopeType    Scope = "type definitions"
	ScopeField   Scope = "struct fields"
	ScopeListVal Scope = "list values"
	ScopeMapKey  Scope = "map keys"
	ScopeMapVal  Scope = "map values"
	ScopeConst   Scope = "constant values"
)

// Scope sets used by several families.
var (
	anyValueScopes = []Scope{ScopeType, ScopeField, ScopeListVal, ScopeMapKey, ScopeMapVal}
	fieldOnly      = []Scope{ScopeField}
)

// Stability is the maturity of a tag itself: whether its meaning may still
// change. A rule written with an alpha tag must itself be alpha.
type Stability string

// The tag stability levels, from least to most mature.
const (
	StabilityAlpha  Stability = "Alpha"
	StabilityBeta   Stability = "Beta"
	StabilityStable Stability = "Stable"
)

// rank orders stability levels; unknown levels rank lowest.
func (s Stability) rank() int {
	switch s {
	case StabilityBeta:
		return 1
	case StabilityStable:
		return 2
	}
	return 0
}

// AtLeast reports whether s is as mature as other.
func (s Stability) AtLeast(other Stability) bool { return s.rank() >= other.rank() }
