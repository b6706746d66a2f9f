package crdvalidation

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/values"
)

// defaultCasesFile is the table of the values package's unit tests of
// CompileDefault.
const defaultCasesFile = "../../values/testdata/defaults.json"

var updateDefaultCases = flag.Bool("update-default-cases", false,
	"rewrite the expectations of "+defaultCasesFile+" with upstream's errors (in kval's order, when kval agrees)")

// defaultCase is one entry of values/testdata/defaults.json.
type defaultCase struct {
	Name   string   `json:"name"`
	Schema string   `json:"schema"`
	Value  string   `json:"value"`
	Want   []string `json:"want"`
}

// TestDefaultUnitCases runs the table of CompileDefault's unit tests through
// upstream's validator of defaults (NewSchemaValidatorFromOpenAPI on
// NewStructural(schema).ToKubeOpenAPI(), at the path "default"), so that the
// expectations written there are upstream's, and through kval.
func TestDefaultUnitCases(t *testing.T) {
	data, err := os.ReadFile(defaultCasesFile)
	if err != nil {
		t.Fatal(err)
	}
	var cases []defaultCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	differences := 0
	for i, tc := range cases {
		path := field.NewPath("default")
		theirs := renderCase(upstreamDefaultErrors(t, tc.Schema, path, decodeValue(t, tc.Value)))
		ours := renderCase(kvalDefaultErrors(t, tc.Schema, path, decodeValue(t, tc.Value)))
		if !sameLines(theirs, ours) {
			differences++
			t.Errorf("%s: upstream reports\n  %s\nkval reports\n  %s", tc.Name, strings.Join(theirs, "\n  "), strings.Join(ours, "\n  "))
			continue
		}
		if *updateDefaultCases {
			cases[i].Want = ours
		} else if !sameLines(theirs, tc.Want) {
			t.Errorf("%s: upstream reports\n  %s\nthe unit test expects\n  %s", tc.Name, strings.Join(theirs, "\n  "), strings.Join(tc.Want, "\n  "))
		}
	}
	if *updateDefaultCases && differences == 0 {
		writeDefaultCases(t, cases)
	}
	fmt.Printf("conformance/crdvalidation: %d unit cases of default validation compared with upstream, %d differences\n", len(cases), differences)
}

func upstreamDefaultErrors(t *testing.T, schemaJSON string, path *field.Path, value any) field.ErrorList {
	t.Helper()
	var v1 apiextensionsv1.JSONSchemaProps
	if err := json.Unmarshal([]byte(schemaJSON), &v1); err != nil {
		t.Fatalf("decoding %s: %v", schemaJSON, err)
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &internal, nil); err != nil {
		t.Fatalf("converting %s: %v", schemaJSON, err)
	}
	ss, err := structuralschema.NewStructural(&internal)
	if err != nil {
		t.Fatalf("structural %s: %v", schemaJSON, err)
	}
	validator := apiservervalidation.NewSchemaValidatorFromOpenAPI(ss.ToKubeOpenAPI())
	return apiservervalidation.ValidateCustomResource(path, runtime.DeepCopyJSONValue(value), validator)
}

func kvalDefaultErrors(t *testing.T, schemaJSON string, path *field.Path, value any) field.ErrorList {
	t.Helper()
	s, errs := schema.Parse(nil, decodeValue(t, schemaJSON))
	if len(errs) > 0 {
		t.Fatalf("parsing %s: %v", schemaJSON, errs)
	}
	return values.Defaults{}.ValidateDefault(path, s, value)
}

// decodeValue reads JSON as the manifest reader does (integers are int64).
func decodeValue(t *testing.T, text string) any {
	t.Helper()
	d, err := manifest.NewReader("case", strings.NewReader(`{"v": `+text+`}`)).Next()
	if err != nil {
		t.Fatalf("decoding %s: %v", text, err)
	}
	return d.Object["v"]
}

// renderCase prints errors as the unit tests of package values do:
// "Type|Field|Detail|BadValue", BadValue with %#v.
func renderCase(errs field.ErrorList) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = fmt.Sprintf("%s|%s|%s|%#v", e.Type, e.Field, e.Detail, e.BadValue)
	}
	return out
}

// sameLines compares as multisets: upstream's order is random where it
// iterates maps; the unit test checks kval's order.
func sameLines(a, b []string) bool {
	a, b = append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(a)
	sort.Strings(b)
	return strings.Join(a, "\n") == strings.Join(b, "\n") && len(a) == len(b)
}

func writeDefaultCases(t *testing.T, cases []defaultCase) {
	t.Helper()
	for i := range cases {
		if cases[i].Want == nil {
			cases[i].Want = []string{}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", " ")
	if err := enc.Encode(cases); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(defaultCasesFile, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
