package cli

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// nested is an object n levels deep, with a bit of everything at each level.
func nested(n int) map[string]any {
	obj := map[string]any{"leaf": "a <b> & \"c\"\n", "n": int64(1), "f": 1.5, "t": true, "z": nil, "e": map[string]any{}, "l": []any{}}
	for i := 0; i < n; i++ {
		obj = map[string]any{"a": []any{int64(i), obj, "x: y # z"}, "b": "v"}
	}
	return obj
}

func TestShallowJSONIsIndentedAsMarshalIndent(t *testing.T) {
	for _, v := range []any{nested(maxIndentDepth / 4), []any{}, map[string]any{}, "s", nested(0)} {
		want, err := json.MarshalIndent(v, "    ", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got, err := marshalJSON(v, "    ", true)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("got\n%s\nwant\n%s", got, want)
		}
	}
}

// TestDeepOutputIsLinear: an object thousands of levels deep prints in
// output proportional to its size, and reads back as the same value.
func TestDeepOutputIsLinear(t *testing.T) {
	const depth = 2000
	v := map[string]any{"spec": nested(depth)}
	compact, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	js, err := marshalJSON(v, "", true)
	if err != nil {
		t.Fatal(err)
	}
	ym, err := marshalYAML(v)
	if err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string][]byte{"json": js, "yaml": ym} {
		if len(out) > 4*len(compact) {
			t.Errorf("%s: %d bytes for %d bytes of compact JSON", name, len(out), len(compact))
		}
		var back any
		if err := yaml.Unmarshal(out, &back); err != nil {
			t.Fatalf("%s does not read back: %v", name, err)
		}
		if want := roundTrip(t, v); !reflect.DeepEqual(back, want) {
			t.Errorf("%s reads back as another value", name)
		}
	}
	if lines := strings.Split(string(ym), "\n"); len(lines) > 40*maxIndentDepth {
		t.Errorf("%d lines of YAML", len(lines))
	}
}

func roundTrip(t *testing.T, v any) any {
	t.Helper()
	js, _ := json.Marshal(v)
	var back any
	if err := yaml.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	return back
}
