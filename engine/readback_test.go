package engine

import (
	"reflect"
	"slices"
	"testing"

	"github.com/kval-dev/kval/schema"
)

// twoVersions serves v1 and v2 of example.com's Foo and stores v1, whose
// schema lacks v2's spec.extra and defaults spec.mode, which v2 does not.
const twoVersions = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: foos.example.com}
spec:
  group: example.com
  names: {plural: foos, singular: foo, kind: Foo, listKind: FooList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {mode: {type: string, default: fast}, size: {type: integer}}}
  - name: v2
    served: true
    storage: false
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {mode: {type: string}, size: {type: integer}, extra: {type: string}}}
`

func compileVersion(t *testing.T, crdYAML, version string) *Validator {
	t.Helper()
	loaded := schema.LoadBytes("crd.yaml", []byte(crdYAML))
	if len(loaded.Problems) > 0 || len(loaded.CRDs) != 1 {
		t.Fatalf("bad test CRD: %v", loaded.Problems)
	}
	v, err := Compile(loaded.CRDs[0], version, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestReadBackGoesThroughTheStorageVersion: kube-apiserver stores objects
// in the storage version and reads them back with its schema, so a v2
// object comes back without the field v1 lacks, with v1's default, and
// still as v2.
func TestReadBackGoesThroughTheStorageVersion(t *testing.T) {
	v := compileVersion(t, twoVersions, "v2")
	res := create(t, v, yamlObject(t, `{apiVersion: example.com/v2, kind: Foo, metadata: {name: a, namespace: ns}, spec: {size: 1, extra: x}}`))
	want := yamlObject(t, `{apiVersion: example.com/v2, kind: Foo, metadata: {name: a, namespace: ns, generation: 1}, spec: {size: 1, mode: fast}}`)
	if !res.Valid() || !reflect.DeepEqual(res.Object, want) {
		t.Errorf("got %v (errors %v), want %v", res.Object, res.Errors, want)
	}
}

// TestReadBackOfTheStorageVersionDefaultsAgain: in the storage version
// itself, reading back only applies the defaults again.
func TestReadBackOfTheStorageVersionDefaultsAgain(t *testing.T) {
	v := compileVersion(t, twoVersions, "v1")
	res := create(t, v, yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: ns}, spec: {size: 1}}`))
	want := yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: ns, generation: 1}, spec: {size: 1, mode: fast}}`)
	if !reflect.DeepEqual(res.Object, want) {
		t.Errorf("got %v, want %v", res.Object, want)
	}
}

// TestTheOldObjectIsReadBackWithAGeneration: kube-apiserver gives an object
// stored without a generation the generation 1 when it reads it, so an
// update that changes the spec stores generation 2, and one that changes
// only labels keeps 1.
func TestTheOldObjectIsReadBackWithAGeneration(t *testing.T) {
	v := compileSchema(t, `{type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}`)
	old := `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: ns}, spec: {size: 1}}`
	for _, tc := range []struct {
		name, obj string
		want      int64
	}{
		{"spec changed", `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: ns}, spec: {size: 2}}`, 2},
		{"labels changed", `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: ns, labels: {a: b}}, spec: {size: 1}}`, 1},
	} {
		res := update(t, v, yamlObject(t, old), yamlObject(t, tc.obj))
		if got := generationOf(metadataOf(res.Object)); got != tc.want {
			t.Errorf("%s: generation %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestTheOldObjectIsReadBackThroughTheStorageVersion: an old object of a
// version that is not the storage version is read back through the
// storage version (which drops v2's extra) before the update is compared
// with it, so keeping extra changes the spec and the generation.
func TestTheOldObjectIsReadBackThroughTheStorageVersion(t *testing.T) {
	v := compileVersion(t, twoVersions, "v2")
	foo := `{apiVersion: example.com/v2, kind: Foo, metadata: {name: a, namespace: ns, generation: 1}, spec: {size: 1, extra: x}}`
	res := update(t, v, yamlObject(t, foo), yamlObject(t, foo))
	if got := generationOf(metadataOf(res.Object)); got != 2 {
		t.Errorf("generation %d, want 2: the old object read back has no spec.extra", got)
	}
}

// TestReadBackOfAWebhookConversionKeepsTheRequestVersionsFields: a CRD
// that converts with a webhook round-trips objects through it without
// loss (as the webhook must), so v2's spec.extra, which the storage
// version v1 lacks, comes back; v1's default does not (kval cannot know
// how the webhook maps it), and the result says so in a note.
func TestReadBackOfAWebhookConversionKeepsTheRequestVersionsFields(t *testing.T) {
	withWebhook := twoVersions + `  conversion:
    strategy: Webhook
    webhook:
      conversionReviewVersions: [v1]
      clientConfig: {url: "https://conversion.example.com/convert"}
`
	v := compileVersion(t, withWebhook, "v2")
	res := create(t, v, yamlObject(t, `{apiVersion: example.com/v2, kind: Foo, metadata: {name: a, namespace: ns}, spec: {size: 1, extra: x}}`))
	want := yamlObject(t, `{apiVersion: example.com/v2, kind: Foo, metadata: {name: a, namespace: ns, generation: 1}, spec: {size: 1, extra: x}}`)
	if !res.Valid() || !reflect.DeepEqual(res.Object, want) {
		t.Errorf("got %v (errors %v), want %v", res.Object, res.Errors, want)
	}
	if !slices.Contains(res.Notes, NoteWebhookReadBack) {
		t.Errorf("notes %q, want %q", res.Notes, NoteWebhookReadBack)
	}
}

// TestReadBackOfAWebhookConversionNotesOnlyADifference: an object the
// storage version's schema would read back unchanged gets no note.
func TestReadBackOfAWebhookConversionNotesOnlyADifference(t *testing.T) {
	withWebhook := twoVersions + `  conversion:
    strategy: Webhook
    webhook:
      conversionReviewVersions: [v1]
      clientConfig: {url: "https://conversion.example.com/convert"}
`
	v := compileVersion(t, withWebhook, "v2")
	res := create(t, v, yamlObject(t, `{apiVersion: example.com/v2, kind: Foo, metadata: {name: a, namespace: ns}, spec: {size: 1, mode: slow}}`))
	if !res.Valid() || len(res.Notes) != 0 {
		t.Errorf("notes %q (errors %v), want none", res.Notes, res.Errors)
	}
}
