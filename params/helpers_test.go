package params

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Builders for the rule tests: an OperatorVersion with parameters.

func newOV(name string, ps ...Parameter) *OperatorVersion {
	return &OperatorVersion{Name: name, Parameters: ps}
}

func mutable(name string) Parameter   { return Parameter{Name: name, Type: String} }
func immutable(name string) Parameter { return Parameter{Name: name, Type: String, Immutable: true} }

func (p Parameter) def(text string) Parameter     { p.Default = &text; return p }
func (p Parameter) typed(t Type) Parameter        { p.Type = t; return p }
func (p Parameter) required() Parameter           { p.Required = true; return p }
func (p Parameter) trigger(plan string) Parameter { p.Trigger = plan; return p }
func (p Parameter) enum(values ...string) Parameter {
	p.Enum = values
	return p
}

// without returns a copy of ov without the parameter name.
func (ov *OperatorVersion) without(newName, name string) *OperatorVersion {
	out := newOV(newName)
	for _, p := range ov.Parameters {
		if p.Name != name {
			out.Parameters = append(out.Parameters, p)
		}
	}
	return out
}

// with returns a copy of ov named newName with change applied to the
// parameter name.
func (ov *OperatorVersion) with(newName, name string, change func(Parameter) Parameter) *OperatorVersion {
	out := newOV(newName, append([]Parameter(nil), ov.Parameters...)...)
	for i := range out.Parameters {
		if out.Parameters[i].Name == name {
			out.Parameters[i] = change(out.Parameters[i])
		}
	}
	return out
}

// wantErr is one expected error: its type, field and a part of its detail.
type wantErr struct {
	typ    field.ErrorType
	field  string
	detail string
}

func checkErrors(t *testing.T, got field.ErrorList, want []wantErr) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%v", len(got), len(want), got)
	}
	for i, w := range want {
		e := got[i]
		if e.Type != w.typ || e.Field != w.field || !strings.Contains(e.Detail, w.detail) {
			t.Errorf("error %d = %v, want %s %s containing %q", i, e, w.typ, w.field, w.detail)
		}
	}
}

func checkParams(t *testing.T, got, want map[string]string) {
	t.Helper()
	if want != nil && !reflect.DeepEqual(got, want) {
		t.Errorf("parameters = %v, want %v", got, want)
	}
}
