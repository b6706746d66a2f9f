package values

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// FuzzValidate checks, for any schema, object and old object, that
// validation does not panic (as a custom resource and as a default), and
// that an update that changes nothing reports the create errors, split
// between errors and ratcheted errors.
//
//	go test -fuzz FuzzValidate ./values
func FuzzValidate(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, schemaJSON, objJSON, oldJSON string) {
		rawSchema, ok1 := fuzzDecode(schemaJSON)
		obj, ok2 := fuzzDecode(objJSON)
		old, ok3 := fuzzDecode(oldJSON)
		if !ok1 || !ok2 || !ok3 {
			return
		}
		s, errs := schema.Parse(nil, rawSchema)
		if len(errs) > 0 {
			return
		}
		if d, err := CompileDefault(s); err == nil {
			d.Validate(field.NewPath("default"), obj)
		}
		v, err := Compile(s)
		if err != nil {
			return
		}
		created := v.Validate(nil, obj)
		v.ValidateUpdate(nil, obj, old)
		same := v.ValidateUpdate(nil, obj, obj)
		union := append(append(render(same.Errors), render(same.Ratcheted)...), []string{}...)
		if got, want := distinct(union), distinct(render(created)); !equalLines(got, want) {
			t.Errorf("update to the same object reports\n  %s\ncreate reports\n  %s",
				strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
	})
}

// fuzzDecode reads a JSON value as the manifest reader does; false when it
// is not JSON.
func fuzzDecode(text string) (any, bool) {
	d, err := manifest.NewReader("fuzz", strings.NewReader(`{"v": `+text+`}`)).Next()
	if err != nil || d.Object == nil {
		return nil, false
	}
	v, ok := d.Object["v"]
	return v, ok
}

// distinct sorts lines and drops repeats: the same error may be both
// ratcheted at one node and reported at another with the same message.
func distinct(lines []string) []string {
	out := sorted(lines)
	j := 0
	for i, l := range out {
		if i == 0 || l != out[j-1] {
			out[j] = l
			j++
		}
	}
	return out[:j]
}

// addSeeds seeds the fuzzer with the schemas and values of the table tests.
func addSeeds(f *testing.F) {
	var cases []testCase
	if data, err := os.ReadFile("testdata/cases.json"); err == nil && json.Unmarshal(data, &cases) == nil {
		for _, c := range cases {
			f.Add(c.Schema, c.Value, c.Value)
		}
	}
	var updates []ratchetCase
	if data, err := os.ReadFile("testdata/ratcheting.json"); err == nil && json.Unmarshal(data, &updates) == nil {
		for _, c := range updates {
			f.Add(string(c.Schema), string(c.New), string(c.Old))
		}
	}
}
