package tags

import (
	"reflect"
	"testing"
)

// FuzzParse checks that the parser never panics, that every error is a
// positioned *Error, and that any accepted tag renders to a canonical form
// which parses back to the same tag.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"k8s:optional",
		"k8s:minimum=-1",
		`k8s:item(name: "a", port: 80, ok: true)=+k8s:immutable`,
		"k8s:ifEnabled(`F`)=+k8s:eachVal=+k8s:format=k8s-long-name # c",
		`k8s:neq="a\"\\b"`,
		"k8s:subfield(x)=+",
		"k8s:maxItems=0x",
		"é(",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tag, err := Parse(text, here)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Parse(%q) returned %T, want *tags.Error", text, err)
			}
			return
		}
		again, err := Parse(tag.String(), here)
		if err != nil {
			t.Fatalf("canonical form %q of %q does not parse: %v", tag.String(), text, err)
		}
		again.Source, tag.Source = "", ""
		if !reflect.DeepEqual(again, tag) {
			t.Fatalf("round trip of %q changed the tag:\n got %#v\nwant %#v", text, again, tag)
		}
	})
}
