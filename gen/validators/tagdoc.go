package validators

import (
	"strings"

	"github.com/kval-dev/kval/tags"
)

// Doc describes a tag: what the registry checks before calling its
// validator, and what `kval gen --docs` prints. The JSON field names follow
// upstream's `validation-gen --docs` output.
type Doc struct {
	// Tag is the tag name without "+", e.g. "k8s:minimum".
	Tag string
	// Stability is the tag's maturity.
	Stability Stability `json:"StabilityLevel"`
	// Scopes are where the tag may be written.
	Scopes []Scope
	// Description says in one or two sentences what the tag does.
	Description string
	// Docs adds details.
	Docs string `json:",omitempty"`
	// Warning cautions against misuse.
	Warning string `json:",omitempty"`
	// Usage shows the tag's syntax; Usage() derives one when empty.
	Usage string `json:",omitempty"`
	// Example is a field written with the tag, for the reference. Not in
	// upstream's docs.
	Example string `json:",omitempty"`
	// Args are the arguments in parentheses.
	Args []ArgDoc `json:",omitempty"`
	// Payloads are the accepted values after "=".
	Payloads []PayloadDoc `json:",omitempty"`
	// PayloadKind is the kind of value expected after "=": String, Int,
	// Bool, TagValue, or Raw for any scalar. None means no value.
	PayloadKind tags.ValueKind `json:"PayloadsType,omitempty"`
	// PayloadRequired says a value must be given.
	PayloadRequired bool `json:"PayloadsRequired,omitempty"`
	// AcceptsUnknownArgs lets the validator take named arguments not listed
	// in Args (e.g. +k8s:item's list-map keys).
	AcceptsUnknownArgs bool `json:",omitempty"`
	// ValueOrArg names an argument that replaces the value: a bound takes
	// either a number or (constraint: <field>), a reference to the field
	// holding the limit (KEP-5073). Not in upstream's docs, which see only
	// PayloadRequired.
	ValueOrArg string `json:"-"`
	// Once says the tag holds the one value of a property (a bound, a
	// format): written twice at the same place with different values, both
	// rules apply, which the linter reports. Not in upstream's docs.
	Once bool `json:"-"`
	// ItemScope says the tag may also be written on one list-map item
	// (+k8s:item(key: value)=<tag>), a place KEP-5073 gives it and upstream
	// does not, so Scopes stay upstream's.
	ItemScope bool `json:"-"`
}

// ArgDoc describes one argument. A positional argument has no Name.
type ArgDoc struct {
	Name        string `json:",omitempty"`
	Description string
	Kind        tags.ValueKind `json:"Type"`
	Required    bool           `json:",omitempty"`
	Default     string         `json:",omitempty"`
	Docs        string         `json:",omitempty"`
}

// PayloadDoc describes one accepted value, e.g. one format name.
type PayloadDoc struct {
	Description string
	Docs        string `json:",omitempty"`
}

// Arg returns the documented argument with the given name ("" for the
// positional one).
func (d Doc) Arg(name string) (ArgDoc, bool) {
	for _, a := range d.Args {
		if a.Name == name {
			return a, true
		}
	}
	return ArgDoc{}, false
}

// UsageLine returns Usage, or one derived from the arguments and payloads:
// "+k8s:subfield(<field-json-name>)=<validation-tag>".
func (d Doc) UsageLine() string {
	if d.Usage != "" {
		return d.Usage
	}
	var b strings.Builder
	b.WriteString("+" + d.Tag)
	if len(d.Args) > 0 {
		parts := make([]string, len(d.Args))
		for i, a := range d.Args {
			parts[i] = a.Description
			if a.Name != "" {
				parts[i] = a.Name + ": " + a.Description
			}
		}
		b.WriteString("(" + strings.Join(parts, ", ") + ")")
	}
	switch {
	case len(d.Payloads) == 1:
		b.WriteString("=" + d.Payloads[0].Description)
	case len(d.Payloads) > 1:
		b.WriteString("=<payload>")
	}
	return b.String()
}

// Allows reports whether the tag may be written in scope.
func (d Doc) Allows(scope Scope) bool {
	for _, s := range d.Scopes {
		if s == scope {
			return true
		}
	}
	return false
}
