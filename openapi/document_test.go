package openapi

import (
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/kval-dev/kval/schema"
)

func TestBuildVersionRejectsVersionsItCannotServe(t *testing.T) {
	crd := parseCRD(t, `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.shapes.example.com}
spec:
  group: shapes.example.com
  scope: Cluster
  names: {plural: widgets, kind: Widget}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}
  - {name: v0, served: false, storage: false, schema: {openAPIV3Schema: {type: object}}}`)
	cases := map[string]struct {
		crd     *schema.CRD
		version string
		want    string
	}{
		"unknown version": {crd, "v2", `has no version "v2"`},
		"not served":      {crd, "v0", `version "v0" of CustomResourceDefinition "widgets.shapes.example.com" is not served`},
		"no CRD":          {nil, "v1", "no CustomResourceDefinition"},
		"no kind":         {&schema.CRD{Spec: schema.CRDSpec{Versions: []schema.Version{{Name: "v1", Served: true}}}}, "v1", "has no kind or plural name"},
	}
	for name, c := range cases {
		if _, err := BuildVersion(c.crd, c.version); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", name, err, c.want)
		}
	}
	if _, err := BuildVersion(crd, "v1"); err != nil {
		t.Errorf("served version: %v", err)
	}
}

// TestDocumentsAreSelfContained: every $ref resolves to a component, and
// ObjectMeta is there even when the kind has no schema to refer to it.
func TestDocumentsAreSelfContained(t *testing.T) {
	crd := namespacedCRD(t, `{type: object}`)
	bare := namespacedCRD(t, `{type: object}`)
	bare.Spec.Validation, bare.Spec.Versions[0].Schema = nil, nil
	bare.Spec.Subresources = &schema.Subresources{Status: true, Scale: &schema.Scale{SpecReplicasPath: ".spec.replicas", StatusReplicasPath: ".status.replicas"}}
	for name, c := range map[string]*schema.CRD{"with schema": crd, "without schema, with scale": bare} {
		doc, err := BuildVersion(c, "v1")
		if err != nil {
			t.Fatal(err)
		}
		for _, model := range documentRefs(doc) {
			if doc.Components.Schemas[componentKey(model)] == nil {
				t.Errorf("%s: unresolved reference to %s", name, model)
			}
		}
		for _, key := range slices.Sorted(maps.Keys(doc.Components.Schemas)) {
			for _, model := range schemaRefs(doc.Components.Schemas[key]) {
				if doc.Components.Schemas[componentKey(model)] == nil {
					t.Errorf("%s: %s refers to missing %s", name, key, model)
				}
			}
		}
		if doc.Components.Schemas[objectMetaModel] == nil {
			t.Errorf("%s: no ObjectMeta", name)
		}
	}
}

func TestBuildMergesAndSortsGroupVersions(t *testing.T) {
	crd := func(group, kind string, versions ...string) *schema.CRD {
		text := `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: ` + strings.ToLower(kind) + `s.` + group + `}
spec:
  group: ` + group + `
  scope: Namespaced
  names: {plural: ` + strings.ToLower(kind) + `s, kind: ` + kind + `}
  versions:`
		for i, v := range versions {
			served := !strings.HasPrefix(v, "-")
			text += "\n  - {name: " + strings.TrimPrefix(v, "-") + ", served: " + map[bool]string{true: "true", false: "false"}[served] +
				", storage: " + map[bool]string{true: "true", false: "false"}[i == 0] + ", schema: {openAPIV3Schema: {type: object}}}"
		}
		return parseCRD(t, text)
	}
	docs, err := Build([]*schema.CRD{
		crd("b.example.com", "Bee", "v1alpha1", "v1", "v10", "v1beta1", "-v0"),
		crd("a.example.com", "Ant", "v2"),
		crd("b.example.com", "Bat", "v1"),
		nil,
	})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, d := range docs {
		paths = append(paths, d.Path())
	}
	want := "apis/a.example.com/v2 apis/b.example.com/v10 apis/b.example.com/v1 apis/b.example.com/v1beta1 apis/b.example.com/v1alpha1"
	if got := strings.Join(paths, " "); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	merged := docs[2].Document
	for _, key := range []string{"com.example.b.v1.Bee", "com.example.b.v1.Bat", "com.example.b.v1.BatList", objectMetaModel} {
		if merged.Components.Schemas[key] == nil {
			t.Errorf("merged v1 has no %s", key)
		}
	}
	for _, path := range []string{"/apis/b.example.com/v1/bees", "/apis/b.example.com/v1/namespaces/{namespace}/bats/{name}"} {
		if merged.Paths[path] == nil {
			t.Errorf("merged v1 has no path %s", path)
		}
	}
}

func TestBuildRejectsConflictingCRDs(t *testing.T) {
	a := namespacedCRD(t, `{type: object}`)
	b := namespacedCRD(t, `{type: object}`)
	b.Metadata.Name = "others.shapes.example.com"
	_, err := Build([]*schema.CRD{a, b})
	if err == nil || !strings.Contains(err.Error(), "is defined by both others.shapes.example.com and widgets.shapes.example.com") {
		t.Errorf("same kind twice: %v", err)
	}
	b.Spec.Names.Kind, b.Spec.Names.ListKind = "Other", "OtherList"
	_, err = Build([]*schema.CRD{a, b})
	if err == nil || !strings.Contains(err.Error(), "is served by both") {
		t.Errorf("same plural twice: %v", err)
	}
}

// TestStandardDefinitionsAreComplete: the embedded file loads, and every
// reference in it resolves within it.
func TestStandardDefinitionsAreComplete(t *testing.T) {
	f, err := standard()
	if err != nil {
		t.Fatal(err)
	}
	for _, model := range []string{objectMetaModel, listMetaModel, typeMetaModel, statusModel, deleteOptionsModel, patchModel, scaleModel} {
		if !isStandard(model) {
			t.Errorf("no standard definition of %s", model)
		}
	}
	for model := range f.Definitions {
		def, err := standardDefinition(model)
		if err != nil {
			t.Fatal(err)
		}
		for _, ref := range schemaRefs(def) {
			if !isStandard(ref) {
				t.Errorf("%s refers to %s, which is not in the file", model, ref)
			}
		}
	}
	a, _ := standardDefinition(objectMetaModel)
	a.Description = "changed"
	if b, _ := standardDefinition(objectMetaModel); b.Description == "changed" {
		t.Error("documents share standard definitions")
	}
}

func TestSchemaJSON(t *testing.T) {
	s := &Schema{Type: "string", Description: "a <b> & c", Extensions: map[string]any{"x-b": 1, "x-a": true}}
	data, err := s.MarshalJSON() // json.Marshal would escape <, > and & again
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"description":"a <b> & c","type":"string","x-a":true,"x-b":1}`; string(data) != want {
		t.Errorf("got  %s\nwant %s", data, want)
	}
	empty, _ := json.Marshal(&Schema{Extensions: map[string]any{"x-a": "v"}})
	if string(empty) != `{"x-a":"v"}` {
		t.Errorf("extensions alone: %s", empty)
	}
	var back Schema
	if err := json.Unmarshal([]byte(`{"type":"object","additionalProperties":false,"properties":{"a":{"additionalProperties":{"type":"string"}}},"x-k":["v"]}`), &back); err != nil {
		t.Fatal(err)
	}
	if back.AdditionalProperties == nil || back.AdditionalProperties.Allows || back.Properties["a"].AdditionalProperties.Schema.Type != "string" || back.Extensions["x-k"] == nil {
		t.Errorf("round trip: %+v", back)
	}
}

// FuzzBuildVersion: no CRD document makes building or encoding a document panic.
func FuzzBuildVersion(f *testing.F) {
	for _, seed := range []string{"../examples/crd.yaml", "../testdata/corpus/gateway-api/crds-standard/gateway.networking.k8s.io_referencegrants.yaml"} {
		if data, err := os.ReadFile(seed); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","spec":{"versions":[{"name":"v1","served":true}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, _ := readManifest(data)
		var crds []*schema.CRD
		for _, d := range docs {
			if !schema.IsCRD(d.Object) {
				continue
			}
			crd, errs := schema.DecodeCRD(d)
			if len(errs) > 0 {
				continue
			}
			crds = append(crds, crd)
			for _, v := range crd.Spec.Versions {
				if doc, err := BuildVersion(crd, v.Name); err == nil {
					_, _ = json.Marshal(doc)
				}
			}
		}
		_, _ = Build(crds)
	})
}
