package tags

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

var here = Pos{File: "types.go", Line: 7, Column: 4}

func TestParseAcceptsTheGrammar(t *testing.T) {
	cases := []struct {
		name string
		text string
		want Tag
	}{
		{"bare name", "k8s:optional",
			Tag{Name: "k8s:optional"}},
		{"int value", "k8s:minimum=0",
			Tag{Name: "k8s:minimum", Value: "0", Kind: Int}},
		{"negative int value", "k8s:minimum=-5",
			Tag{Name: "k8s:minimum", Value: "-5", Kind: Int}},
		{"hex int keeps its spelling", "k8s:maximum=0x10",
			Tag{Name: "k8s:maximum", Value: "0x10", Kind: Int}},
		{"identifier value is a string", "k8s:format=k8s-long-name",
			Tag{Name: "k8s:format", Value: "k8s-long-name", Kind: String}},
		{"quoted value", `k8s:validateFalse="field Struct.S"`,
			Tag{Name: "k8s:validateFalse", Value: "field Struct.S", Kind: String}},
		{"backtick value", "k8s:neq=`a\"b`",
			Tag{Name: "k8s:neq", Value: `a"b`, Kind: String}},
		{"escapes", `k8s:neq="a\"b\\c"`,
			Tag{Name: "k8s:neq", Value: `a"b\c`, Kind: String}},
		{"bool value", "k8s:neq=true",
			Tag{Name: "k8s:neq", Value: "true", Kind: Bool}},
		{"list of names", "k8s:update=NoModify,NoClear",
			Tag{Name: "k8s:update", Value: "NoModify,NoClear", Kind: String}},
		{"list of names with spaces and a comment", "k8s:update=NoSet , NoModify,  NoClear # frozen",
			Tag{Name: "k8s:update", Value: "NoSet,NoModify,NoClear", Kind: String}},
		{"list in a payload", "k8s:eachVal=+k8s:update=NoSet,NoClear",
			Tag{Name: "k8s:eachVal", Kind: TagValue, Payload: &Tag{Name: "k8s:update", Value: "NoSet,NoClear", Kind: String}}},
		{"positional arg", `k8s:ifEnabled("FeatureX")=+k8s:minimum=1`,
			Tag{Name: "k8s:ifEnabled", Args: []Arg{{Value: "FeatureX", Kind: String}}, Kind: TagValue,
				Payload: &Tag{Name: "k8s:minimum", Value: "1", Kind: Int}}},
		{"positional identifier arg", "k8s:subfield(name)=+k8s:required",
			Tag{Name: "k8s:subfield", Args: []Arg{{Value: "name", Kind: String}}, Kind: TagValue,
				Payload: &Tag{Name: "k8s:required"}}},
		{"named args of every kind", `k8s:item(name: "a", port: 80, tls: true, mode: fast)=+k8s:immutable`,
			Tag{Name: "k8s:item", Args: []Arg{
				{Name: "name", Value: "a", Kind: String},
				{Name: "port", Value: "80", Kind: Int},
				{Name: "tls", Value: "true", Kind: Bool},
				{Name: "mode", Value: "fast", Kind: String},
			}, Kind: TagValue, Payload: &Tag{Name: "k8s:immutable"}}},
		{"spaces inside parentheses", `k8s:item( name : "a" , port:80 )`,
			Tag{Name: "k8s:item", Args: []Arg{
				{Name: "name", Value: "a", Kind: String},
				{Name: "port", Value: "80", Kind: Int},
			}}},
		{"empty parentheses", "k8s:alpha()=+k8s:optional",
			Tag{Name: "k8s:alpha", Kind: TagValue, Payload: &Tag{Name: "k8s:optional"}}},
		{"chain of three", `k8s:eachVal=+k8s:item(key: "a")=+k8s:validateFalse="x"`,
			Tag{Name: "k8s:eachVal", Kind: TagValue, Payload: &Tag{
				Name: "k8s:item", Args: []Arg{{Name: "key", Value: "a", Kind: String}}, Kind: TagValue,
				Payload: &Tag{Name: "k8s:validateFalse", Value: "x", Kind: String}}}},
		{"trailing comment", "k8s:minimum=1 # at least one",
			Tag{Name: "k8s:minimum", Value: "1", Kind: Int}},
		{"comment after a name", "k8s:optional# why",
			Tag{Name: "k8s:optional"}},
		{"surrounding spaces", "  k8s:optional \t",
			Tag{Name: "k8s:optional"}},
		{"name without prefix", "default=5",
			Tag{Name: "default", Value: "5", Kind: Int}},
		{"unicode identifiers", "k8s:neq=héllo",
			Tag{Name: "k8s:neq", Value: "héllo", Kind: String}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse(c.text, here)
			if err != nil {
				t.Fatalf("Parse(%q): %v", c.text, err)
			}
			setPos(&c.want, here)
			if got.Source == "" || strings.Contains(got.Source, "#") {
				t.Errorf("Source %q: want the tag as written, without its comment", got.Source)
			}
			got.Source = ""
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Parse(%q)\n got %#v\nwant %#v", c.text, got, c.want)
			}
		})
	}
}

func setPos(t *Tag, pos Pos) {
	for ; t != nil; t = t.Payload {
		t.Pos = pos
	}
}

func TestParseRejectsMalformedTags(t *testing.T) {
	cases := []struct {
		name, text, msg string
		column          int
	}{
		{"missing value", "k8s:minimum=", "unexpected end of tag", 13},
		{"unterminated string", `k8s:neq="abc`, "unterminated string", 9},
		{"unknown escape", `k8s:neq="a\nb"`, `unsupported escape \n`, 13},
		{"bad integer", "k8s:minimum=12abc", `invalid integer "12abc"`, 13},
		{"integer too large", "k8s:minimum=99999999999999999999", "invalid integer", 13},
		{"unclosed arguments", `k8s:item(key: "a"`, "unexpected end of tag, want ',' or ')'", 18},
		{"mixed arguments", `k8s:item("a", key: "b")`, "cannot be mixed", 24},
		{"two positional arguments", `k8s:item("a", "b")`, "must use 'name: value' syntax", 19},
		{"named argument without value", `k8s:item(key:)`, "want a string, number, boolean or name", 14},
		{"junk after value", "k8s:minimum=1 2", "want end of tag or a '#' comment", 15},
		{"name must start with a letter", "1abc", "want a name", 1},
		{"payload must be a tag", "k8s:eachVal=+", `want a tag name after "=+"`, 14},
		{"list ends with a comma", "k8s:update=NoSet,", "want a name", 18},
		{"list of numbers", "k8s:minimum=1,2", "want end of tag", 14},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.text, here)
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q) = %v, want a *tags.Error", c.text, err)
			}
			if !strings.Contains(perr.Msg, c.msg) {
				t.Errorf("message %q does not contain %q", perr.Msg, c.msg)
			}
			if perr.Offset+1 != c.column {
				t.Errorf("column %d, want %d", perr.Offset+1, c.column)
			}
			if perr.Pos != here || perr.Text != c.text {
				t.Errorf("error lost its source: %+v", perr)
			}
		})
	}
}

func TestErrorNamesFileLineTagAndColumn(t *testing.T) {
	_, err := Parse("k8s:minimum=x y", here)
	want := "types.go:7:4: +k8s:minimum=x y: unexpected 'y', want end of tag or a '#' comment at column 15"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestParseRawTakesTheRestOfTheLine(t *testing.T) {
	got, err := ParseRaw("k8s:validation-gen=TypesWithField=TypeMeta # not a comment", here)
	if err != nil {
		t.Fatal(err)
	}
	if got.Kind != Raw || got.Value != "TypesWithField=TypeMeta # not a comment" {
		t.Errorf("got %+v", got)
	}
	got, err = ParseRaw(`default={"a": [1, 2]}`, here)
	if err != nil || got.Value != `{"a": [1, 2]}` {
		t.Errorf("got %+v, %v", got, err)
	}
}

func TestStringIsCanonicalAndReparses(t *testing.T) {
	in := "k8s:item( b:true,a : `x\"y` )=+k8s:ifEnabled(F)=+k8s:minimum=-0x1f # c"
	tag, err := Parse(in, here)
	if err != nil {
		t.Fatal(err)
	}
	want := `k8s:item(b: true, a: "x\"y")=+k8s:ifEnabled("F")=+k8s:minimum=-0x1f`
	if got := tag.String(); got != want {
		t.Fatalf("String() = %s, want %s", got, want)
	}
	again, err := Parse(tag.String(), here)
	again.Source, tag.Source = "", ""
	if err != nil || !reflect.DeepEqual(again, tag) {
		t.Errorf("reparse = %+v, %v; want %+v", again, err, tag)
	}
}

func TestArgumentAccessors(t *testing.T) {
	tag, _ := Parse(`k8s:unionMember(union: "u", memberName: "M")`, here)
	if a, ok := tag.NamedArg("memberName"); !ok || a.Value != "M" {
		t.Errorf("NamedArg(memberName) = %+v, %v", a, ok)
	}
	if _, ok := tag.PositionalArg(); ok {
		t.Error("named arguments reported as positional")
	}
	tag, _ = Parse(`k8s:ifEnabled(X)=+k8s:optional`, here)
	if a, ok := tag.PositionalArg(); !ok || a.Value != "X" {
		t.Errorf("PositionalArg = %+v, %v", a, ok)
	}
	if chain := tag.Chain(); len(chain) != 2 || chain[1].Name != "k8s:optional" {
		t.Errorf("Chain = %+v", chain)
	}
}
