package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bypassableCRD has a hand-written immutability rule on spec.engine, and
// its root does not require spec.
const bypassableCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: foos.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: foos, singular: foo, kind: Foo, listKind: FooList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [engine]
            properties:
              engine: {type: string, x-kubernetes-validations: [{rule: self == oldSelf, message: field is immutable}]}
`

// TestLintWarnsAboutRulesAParentsRemovalBypasses: kval lint accepts the
// CRD (exit 0) and warns, in text on stderr and in JSON's
// immutabilityWarnings.
func TestLintWarnsAboutRulesAParentsRemovalBypasses(t *testing.T) {
	file := filepath.Join(t.TempDir(), "crd.yaml")
	if err := os.WriteFile(file, []byte(bypassableCRD), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[engine].x-kubernetes-validations[0].rule: " +
		"the transition rule on spec.engine is bypassed by two updates, one removing spec (optional) and one adding it back"
	var stdout, stderr strings.Builder
	if code := Main([]string{"lint", file}, strings.NewReader(""), &stdout, &stderr); code != ExitValid ||
		!strings.Contains(stderr.String(), "Warning: "+file+":1: "+want) {
		t.Errorf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	if code := Main([]string{"lint", "-o", "json", file}, strings.NewReader(""), &stdout, &stderr); code != ExitValid {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var doc struct {
		Results []struct {
			Immutability []string `json:"immutabilityWarnings"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(stdout.String()), &doc); err != nil || len(doc.Results) != 1 ||
		len(doc.Results[0].Immutability) != 1 || !strings.HasPrefix(doc.Results[0].Immutability[0], want) {
		t.Errorf("JSON: %v %s", err, stdout.String())
	}
}
