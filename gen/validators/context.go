package validators

import (
	"go/types"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/tags"
)

// Context is the place a tag was written, as the generator describes it.
type Context struct {
	// Scope is the kind of place.
	Scope Scope
	// Type is the type of the value validated there: the defined type for
	// ScopeType, the field's type (maybe a pointer) for ScopeField, the
	// element or key type for list values and map keys and values, the
	// constant's type for ScopeConst.
	Type types.Type
	// Path identifies the place, so that tags of one place can share
	// state: "pkg.Type", "pkg.Type.field", "pkg.Type.field[(vals)]".
	Path string
	// Member is the struct field, for ScopeField.
	Member *Member
	// ParentType and ParentPath are the enclosing struct for a field, or
	// the enclosing list or map for list values and map keys and values.
	ParentType types.Type
	ParentPath string
	// ListSelector, for list values, selects the items the tag applies to:
	// empty for all items, key/value terms for +k8s:item.
	ListSelector []SelectorTerm
	// Constants are the constants of a type, for ScopeType (enums).
	Constants []*Constant
	// Level is the stability a +k8s:alpha or +k8s:beta prefix gave the
	// rule being built; empty for stable rules.
	Level code.Level
}

// Member is a field of a struct.
type Member struct {
	// Name is the Go field name.
	Name string
	// JSON is the field's JSON name: from the json struct tag, else the Go
	// name; empty for embedded fields inlined into their parent and for
	// fields with `json:"-"`.
	JSON string
	// Embedded says the field is an embedded type.
	Embedded bool
	// Type is the field's type.
	Type types.Type
	// Comments are the field's doc comment lines.
	Comments []tags.Line
	// Pos is where the field is declared.
	Pos tags.Pos
}

// Constant is a constant of a type, with its parsed tags.
type Constant struct {
	Object *types.Const
	Tags   []tags.Tag
	// Comment is the constant's doc comment, joined.
	Comment string
}

// SelectorTerm is one "key: value" criterion of +k8s:item.
type SelectorTerm struct {
	// Field is the JSON name of a list-map key field.
	Field string
	// Value is a string, int64 or bool.
	Value any
}

// Child returns the path of a field under a type or field path.
func Child(path, name string) string { return path + "." + name }

// Key returns the path of a key or element selector under path.
func Key(path, key string) string { return path + "[" + key + "]" }

// TypePath returns the path of a defined type: its package path and name.
func TypePath(t types.Type) string {
	return types.TypeString(types.Unalias(t), nil)
}
