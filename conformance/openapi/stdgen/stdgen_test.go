package stdgen

import (
	"reflect"
	"testing"
)

func TestDescriptionFollowsOpenAPIGen(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  string
	}{
		{"lines join with spaces", []string{"a b", "c"}, "a b c"},
		{"blank lines break paragraphs", []string{"a", "", "b"}, "a\n\nb"},
		{"indented lines keep their line", []string{"Example:", "  x: 1", "done"}, "Example:\n  x: 1\ndone"},
		{"tags and TODOs are left out", []string{"a", "+optional", " TODO: later", "b"}, "a b"},
		{"nothing after ---", []string{"a", "---", "b"}, "a"},
		{"trailing spaces and blank ends", []string{"a  ", ""}, "a"},
	}
	for _, c := range cases {
		if got := description(c.lines); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestTags(t *testing.T) {
	got := tags([]string{"doc", " +optional", "+listType=map", "+listMapKey=a", "+listMapKey=b", "+k8s:alpha(since: \"1\")=+k8s:required"})
	want := map[string][]string{"optional": {""}, "listType": {"map"}, "listMapKey": {"a", "b"}, `k8s:alpha(since: "1")`: {"+k8s:required"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestEnforcedDefaults(t *testing.T) {
	type inner struct{ A, B string }
	cases := []struct {
		name      string
		value     any
		omitEmpty bool
		want      any
	}{
		{"string without omitempty", "", false, ""},
		{"string with omitempty", "", true, nil},
		{"integer", int32(0), false, float64(0)},
		{"bool", false, false, false},
		{"struct, even with omitempty", inner{}, true, map[string]any{}},
		{"pointer", &inner{}, false, nil},
		{"slice", []string{}, false, nil},
		{"map", map[string]string{}, false, nil},
	}
	for _, c := range cases {
		got, err := enforcedDefault(reflect.TypeOf(c.value), c.omitEmpty)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %#v, %v; want %#v", c.name, got, err, c.want)
		}
	}
}
