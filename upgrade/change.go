package upgrade

import "fmt"

// Severity says how badly a change breaks stored objects or clients.
type Severity string

// Severities, from worst.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

// Kind is the kind of a change.
type Kind string

// Kinds of change.
const (
	VersionRemoved      Kind = "VersionRemoved"
	StoredVersionGone   Kind = "StoredVersionRemoved"
	VersionNotServed    Kind = "VersionNotServed"
	VersionAdded        Kind = "VersionAdded"
	ScopeChanged        Kind = "ScopeChanged"
	KindChanged         Kind = "KindChanged"
	FieldRemoved        Kind = "FieldRemoved"
	FieldAdded          Kind = "FieldAdded"
	FieldRequired       Kind = "FieldNewlyRequired"
	TypeChanged         Kind = "TypeChanged"
	TypeWidened         Kind = "TypeWidened"
	EnumNarrowed        Kind = "EnumNarrowed"
	PatternChanged      Kind = "PatternChanged"
	BoundTightened      Kind = "BoundTightened"
	BoundRelaxed        Kind = "BoundRelaxed"
	RuleAdded           Kind = "RuleAdded"
	RuleChanged         Kind = "RuleChanged"
	RuleRemoved         Kind = "RuleRemoved"
	ListTypeChanged     Kind = "ListTypeChanged"
	MapKeysChanged      Kind = "ListMapKeysChanged"
	MutabilityAdded     Kind = "MutabilityAdded"
	MutabilityTightened Kind = "MutabilityTightened"
	MutabilityRelaxed   Kind = "MutabilityRelaxed"
	// The same, of x-kubernetes-key-mutability.
	KeyMutabilityAdded     Kind = "KeyMutabilityAdded"
	KeyMutabilityTightened Kind = "KeyMutabilityTightened"
	KeyMutabilityRelaxed   Kind = "KeyMutabilityRelaxed"
)

// Change is one difference between the old and the new CRD.
type Change struct {
	Severity Severity `json:"severity"`
	Kind     Kind     `json:"kind"`
	// Version is the CRD version the change is in ("" for the whole CRD).
	Version string `json:"version,omitempty"`
	// Path is the object path of the field, e.g. ".spec.ports[*].name"
	// ("" for changes of the whole CRD or version).
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
}

func (c Change) String() string {
	where := c.Version
	if c.Path != "" {
		where += " " + c.Path
	}
	if where == "" {
		return fmt.Sprintf("%s: %s: %s", c.Severity, c.Kind, c.Message)
	}
	return fmt.Sprintf("%s: %s %s: %s", c.Severity, c.Kind, where, c.Message)
}

// Worst is the worst severity of changes; "" when there are none.
func Worst(changes []Change) Severity {
	worst := Severity("")
	for _, c := range changes {
		if rank(c.Severity) > rank(worst) {
			worst = c.Severity
		}
	}
	return worst
}

func rank(s Severity) int {
	switch s {
	case Error:
		return 3
	case Warning:
		return 2
	case Info:
		return 1
	}
	return 0
}
