package fastjson

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	kjson "sigs.k8s.io/json"
)

// reference is what manifest.DecodeObject's decoder gives: ok when it
// decodes data without an error or a strict error.
func reference(data []byte) (any, bool) {
	var v any
	strict, err := kjson.UnmarshalStrict(data, &v, kjson.DisallowDuplicateFields)
	return v, err == nil && len(strict) == 0
}

// same compares values and their Go types, floats bit for bit (-0 is not
// 0).
func same(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || a == nil || b == nil || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			if w, found := b[k]; !found || !same(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || a == nil || b == nil || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !same(a[i], b[i]) {
				return false
			}
		}
		return true
	case float64:
		b, ok := b.(float64)
		return ok && math.Float64bits(a) == math.Float64bits(b)
	}
	return fmt.Sprintf("%T %#v", a, a) == fmt.Sprintf("%T %#v", b, b)
}

// check fails when Decode takes data and answers otherwise than the
// reference, and returns whether it took it.
func check(t *testing.T, data []byte) bool {
	t.Helper()
	got, ok := Decode(data)
	if !ok {
		return false
	}
	want, refOK := reference(data)
	if !refOK || !same(got, want) {
		t.Fatalf("%q: decoded %#v, the reference %#v (ok %v)", data, got, want, refOK)
	}
	return true
}

// TestDecodeTakesWhatTheReferenceTakes: values of every kind, escapes,
// replaced bytes and surrogates, numbers at the edges of int64, are taken
// and decoded as the reference does.
func TestDecodeTakesWhatTheReferenceTakes(t *testing.T) {
	for _, data := range []string{
		`{}`, `[]`, `{"a":[]}`, ` {"a" : [ 1 , 2 ] , "b" : { } } `, "\t\r\n[true,false,null]\n",
		`"plain"`, `""`, `"\" \\ \/ \b \f \n \r \t"`, `"\u00e9\u20AC\ud83d\ude00"`, `"\ud83d"`, `"\ud83d\u0041"`, `"\ude00\ud83d"`,
		"\"caf\xc3\xa9 \xff \xed\xa0\x80 end\"", `{"\u0061":1,"b\n":2}`,
		`0`, `-0`, `-0.0`, `1.5`, `999999999999999999`, `-99999999999999999`, `-999999999999999999`, `1000000000000000000`, `[7,-7,300,-300]`, `1e3`, `1E+3`, `1e-3`, `-12.5e2`, `9223372036854775807`, `-9223372036854775808`,
		`9223372036854775808`, `-9223372036854775809`, `123456789012345678901234567890`, `4.9e-324`, `1.7976931348623157e308`,
		strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
	} {
		if !check(t, []byte(data)) {
			t.Errorf("%q: declined", data)
		}
	}
}

// TestDecodeDeclinesWhatItCannotAnswerTheSame: duplicates (which the
// reference reports), numbers out of range, syntax errors, nesting over
// MaxDepth, a second value.
func TestDecodeDeclinesWhatItCannotAnswerTheSame(t *testing.T) {
	for _, data := range []string{
		`{"a":1,"a":2}`, `{"a":{"b":1,"b":1}}`, `{"a":1,"\u0061":2}`, `1e400`, `-1e400`,
		``, ` `, `{`, `{"a"}`, `{"a":1,}`, `[1,]`, `[1 2]`, `{"a":1 "b":2}`, `{a:1}`, `'a'`, `"a`, "\"a\x01\"", `"\x"`, `"\'"`,
		`"\u00zz"`, `"\u00e"`, `01`, `-`, `+1`, `1.`, `.5`, `1e`, `1e+`, `-a`, `tru`, `nul`, `nullx`, `True`, `NaN`, `Infinity`, `0x10`,
		`{} {}`, `[] x`, strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
	} {
		if check(t, []byte(data)) {
			t.Errorf("%q: taken", data)
		}
	}
}

// TestDecodeTakesTheRepositorysJSON: every JSON file of the repository's
// testdata (and the embedded OpenAPI) is taken and decoded as the
// reference does.
func TestDecodeTakesTheRepositorysJSON(t *testing.T) {
	files, _ := filepath.Glob("../../../*/testdata/*.json")
	files = append(files, "../../../openapi/standard_definitions.json")
	taken := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, refOK := reference(data); !refOK {
			continue
		}
		if !check(t, data) {
			t.Errorf("%s: declined", f)
		}
		taken++
	}
	if taken < 4 {
		t.Fatalf("only %d JSON files found: %v", taken, files)
	}
}

// FuzzDecodeAnswersAsStrictDecoding: whatever Decode takes, the reference
// takes and decodes to the same values.
func FuzzDecodeAnswersAsStrictDecoding(f *testing.F) {
	for _, s := range []string{`{"a":[1,-2.5e3,"x\u00e9\ud83d\ude00",true,null,{}]}`, `"\ud83d\u0041"`, "\"\xff\"", `{"a":1,"a":2}`, `9223372036854775808`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { check(t, data) })
}

// BenchmarkDecode decodes a testdata file with Decode and with
// the reference.
func BenchmarkDecode(b *testing.B) {
	data, err := os.ReadFile("../../../values/testdata/cases.json")
	if err != nil {
		b.Fatal(err)
	}
	for name, decode := range map[string]func([]byte) (any, bool){"fastjson": Decode, "reference": reference} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := decode(data); !ok {
					b.Fatal("declined")
				}
			}
		})
	}
}
