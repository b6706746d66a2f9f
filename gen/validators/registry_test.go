package validators

import (
	"errors"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/tags"
)

// fakeUniverse answers Members from go/types alone.
type fakeUniverse struct{}

func (fakeUniverse) Members(t types.Type) []*Member {
	s, ok := t.Underlying().(*types.Struct)
	if p, isPtr := t.(*types.Pointer); isPtr {
		s, ok = p.Elem().Underlying().(*types.Struct)
	}
	if !ok {
		return nil
	}
	var out []*Member
	for i := range s.NumFields() {
		json := reflect.StructTag(s.Tag(i)).Get("json")
		out = append(out, &Member{Name: s.Field(i).Name(), JSON: json, Type: s.Field(i).Type()})
	}
	return out
}
func (fakeUniverse) OutputPackage(string) (string, bool) { return "", false }
func (fakeUniverse) Func(string, string) *types.Func     { return nil }
func (fakeUniverse) Funcs(string) []string               { return nil }

var (
	pos    = tags.Pos{File: "types.go", Line: 3, Column: 5}
	intT   = types.Typ[types.Int32]
	int8T  = types.Typ[types.Int8]
	uintT  = types.Typ[types.Uint16]
	strT   = types.Typ[types.String]
	listT  = types.NewSlice(strT)
	itemT  = types.NewStruct([]*types.Var{types.NewField(0, nil, "Name", strT, false)}, []string{`json:"name"`})
	itemsT = types.NewSlice(itemT)
)

func fieldCtx(t types.Type) Context {
	return Context{Scope: ScopeField, Type: t, Path: "pkg.T.f", Member: &Member{Name: "F", JSON: "f", Type: t},
		ParentPath: "pkg.T", ParentType: types.NewStruct(nil, nil)}
}

func parse(t *testing.T, text string) tags.Tag {
	t.Helper()
	tag, err := tags.Parse(text, pos)
	if err != nil {
		t.Fatal(err)
	}
	return tag
}

// run evaluates one tag and resolves its Laters, as the generator does.
func run(t *testing.T, ctx Context, text string) (Result, error) {
	t.Helper()
	r := New(fakeUniverse{})
	res, err := r.Validations(ctx, parse(t, text))
	if err != nil {
		return res, err
	}
	laters := res.Later
	res.Later = nil
	for _, l := range laters {
		built, err := l.Build()
		if err != nil {
			return res, err
		}
		res.Add(built)
	}
	return res, nil
}

func TestMisusedTagsAreReportedWithTagPositionAndHint(t *testing.T) {
	cases := []struct {
		ctx       Context
		text, msg string
		hint      string
	}{
		{fieldCtx(intT), "k8s:minimum", "missing value (int)", "usage: +k8s:minimum=<integer>"},
		{fieldCtx(intT), "k8s:optional=true", "takes no value", ""},
		{fieldCtx(intT), `k8s:minimum="5"`, "value has the wrong type: got string, want int", ""},
		{fieldCtx(itemT), "k8s:subfield=+k8s:required", "missing required argument <field-json-name> (string)", ""},
		{fieldCtx(intT), `k8s:unionMember(group: "x")`, `unknown argument "group"`, ""},
		{Context{Scope: ScopeType, Type: intT, Path: "pkg.T"}, "k8s:required", "may not be used on type definitions", "it may be used on struct fields"},
		{fieldCtx(intT), "k8s:minimum=0100", `"0100" is not a canonical decimal integer`, ""},
		{fieldCtx(int8T), "k8s:maximum=300", "value 300 does not fit in int8", ""},
		{fieldCtx(uintT), "k8s:minimum=-1", `"-1" is not a canonical unsigned integer`, ""},
		{fieldCtx(strT), "k8s:maxItems=1", "can only be used on list types, not string", ""},
		{fieldCtx(listT), "k8s:eachVal=+k8s:minimum=1", "+k8s:minimum=1: can only be used on integer types", ""},
		{fieldCtx(itemsT), "k8s:listType=map", "found listType=map or unique=map without listMapKey", "+k8s:listMapKey"},
		{fieldCtx(itemT), "k8s:required", "non-pointer structs cannot use +k8s:required", "make the field a pointer"},
		{fieldCtx(intT), "k8s:update=NoAddItem", "+k8s:update=NoAddItem can only be used on list or map fields", ""},
		{fieldCtx(strT), "k8s:alpha(since: \"1.2.3\")=+k8s:maxLength=1", `invalid kubernetes version "1.2.3"`, ""},
		{fieldCtx(strT), "k8s:beta(since: \"v1.36\", owner: \"jane\")=+k8s:maxLength=1", `invalid owner "jane"`, "@jane"},
		{fieldCtx(strT), "k8s:update=NoModify,NoClr", `unknown +k8s:update constraint "NoClr"`, "NoClear"},
		{fieldCtx(strT), "k8s:ifSubresource(\"a//b\")=+k8s:maxLength=1", `invalid subresource path "a//b"`, "/status"},
		{fieldCtx(strT), "k8s:exclusiveMaximum=1", "can only be used on integer types, not string", ""},
		{fieldCtx(listT), "k8s:eachVal=+k8s:update=NoSet", "on each value NoSet and NoClear mean the list's NoAddItem and NoRemoveItem: +k8s:update=NoAddItem/+k8s:update=NoRemoveItem require list metadata", ""},
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			_, err := run(t, c.ctx, c.text)
			var te *TagError
			if !errors.As(err, &te) {
				t.Fatalf("got %v, want a *TagError", err)
			}
			if te.Pos != pos || te.Tag != c.text || !strings.Contains(te.Msg, c.msg) || !strings.Contains(te.Hint, c.hint) {
				t.Errorf("got %+v\nwant tag %q, message with %q, hint with %q", te, c.text, c.msg, c.hint)
			}
		})
	}
}

func TestUnknownTagsGetASuggestion(t *testing.T) {
	r := New(nil)
	if got := r.Suggest("k8s:maxLenght"); got != "did you mean +k8s:maxLength?" {
		t.Errorf("got %q", got)
	}
	if got := r.Suggest("k8s:somethingElse"); !strings.Contains(got, "--docs") {
		t.Errorf("got %q", got)
	}
}

func TestEveryTagIsRegisteredOnceWithAFullDoc(t *testing.T) {
	r := New(nil)
	for _, d := range r.Docs() {
		if !strings.HasPrefix(d.Tag, "k8s:") || d.Description == "" || len(d.Scopes) == 0 ||
			(d.Stability != StabilityAlpha && d.Stability != StabilityBeta && d.Stability != StabilityStable) {
			t.Errorf("incomplete doc: %+v", d)
		}
	}
	if len(r.Names()) < 45 {
		t.Errorf("only %d tags registered", len(r.Names()))
	}
}

func TestChecksCarryFlagsAndLevels(t *testing.T) {
	res, err := run(t, fieldCtx(listT), "k8s:maxItems=3")
	if err != nil || len(res.Checks) != 1 || !res.Checks[0].Flags.Has(code.ShortCircuit) {
		t.Errorf("maxItems is a short circuit: %+v, %v", res.Checks, err)
	}
	res, err = run(t, fieldCtx(strT), "k8s:beta=+k8s:maxLength=3")
	if err != nil || len(res.Checks) != 1 || res.Checks[0].Level != code.Beta {
		t.Errorf("beta prefix: %+v, %v", res.Checks, err)
	}
	res, err = run(t, fieldCtx(types.NewPointer(strT)), "k8s:optional")
	if err != nil || len(res.Checks) != 1 || res.Checks[0].Unset == nil || res.Checks[0].Unset.Kind != code.NilValue ||
		!res.Checks[0].Flags.Has(code.ShortCircuit|code.NonError) {
		t.Errorf("optional pointer guard: %+v, %v", res.Checks, err)
	}
}
