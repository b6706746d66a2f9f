package code

import "go/types"

// Expr is an argument or initializer in generated code. The concrete types
// below are the only implementations.
type Expr interface{ isExpr() }

// Lit is a Go literal: a string, bool, or any integer type.
type Lit struct{ Value any }

// Ident is a reference to a package-level identifier: a constant, a
// function used as a value, a runtime constant such as validate.NoSet.
type Ident struct{ Ref Ref }

// VarRef refers to a Var of the generated package.
type VarRef struct{ Name string }

// Nil is the untyped nil.
type Nil struct{}

// Wrap is a validation function value that runs Check on its own value and
// old value. When Check needs no extra arguments, the emitter passes the
// function itself; otherwise it writes a function literal with the standard
// signature over Value (a nilable type).
type Wrap struct {
	Check Check
	Value types.Type
}

// WrapAll is a validation function literal that runs several checks, with
// their short circuits, over Value (a nilable type).
type WrapAll struct {
	Checks []Check
	Value  types.Type
}

// Param is a parameter of a function literal.
type Param struct {
	Name string
	Type types.Type
}

// FuncLit is a small function literal such as a match function or a member
// extractor. Its body is Go code whose type references are qualified when
// rendered.
type FuncLit struct {
	Params  []Param
	Results []types.Type
	Body    Snippet
}

// Snippet is Go source made of text and types; the emitter renders each type
// with the generated file's import names.
type Snippet []any

// Text builds a snippet from strings and types.Type values.
func Text(parts ...any) Snippet { return Snippet(parts) }

// CallExpr is a plain function call, e.g. sets.New(...) in a variable
// initializer.
type CallExpr struct {
	Func     Ref
	TypeArgs []types.Type
	Args     []Expr
}

// StructLit is a composite literal of a (possibly generic) struct type.
type StructLit struct {
	Type     Ref
	TypeArgs []types.Type
	Fields   []FieldValue
}

// FieldValue is one keyed field of a StructLit.
type FieldValue struct {
	Name  string
	Value Expr
}

// SliceLit is a slice literal whose element type is a (possibly generic)
// named type.
type SliceLit struct {
	Elem     Ref
	TypeArgs []types.Type
	Elems    []Expr
}

func (Lit) isExpr()       {}
func (Ident) isExpr()     {}
func (VarRef) isExpr()    {}
func (Nil) isExpr()       {}
func (Wrap) isExpr()      {}
func (WrapAll) isExpr()   {}
func (FuncLit) isExpr()   {}
func (CallExpr) isExpr()  {}
func (StructLit) isExpr() {}
func (SliceLit) isExpr()  {}
