package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kval-dev/kval/catalog/crdindex"
)

// TestRawURL: a file of a GitHub repository at a tag.
func TestRawURL(t *testing.T) {
	got := rawURL("https://github.com/argoproj/argo-cd", "v3.5.8", "manifests/crds/application-crd.yaml")
	if want := "https://raw.githubusercontent.com/argoproj/argo-cd/v3.5.8/manifests/crds/application-crd.yaml"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}

// TestAddFile: a CRD file is indexed with its served versions only, its
// path in a local copy and its sum; a file with no CRD (an admission
// policy in a CRD folder) is left out.
func TestAddFile(t *testing.T) {
	dir := t.TempDir()
	crd := filepath.Join(dir, "widgets.yaml")
	os.WriteFile(crd, []byte(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}
  - {name: v1beta1, served: false, storage: false, schema: {openAPIV3Schema: {type: object}}}
`), 0o644)
	other := filepath.Join(dir, "policy.yaml")
	os.WriteFile(other, []byte("apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: p}\n"), 0o644)
	p := &crdindex.Project{Name: "widgets", Version: "v1.0.0"}
	s := source{Repository: "https://github.com/example/widgets", Dir: "config/crd"}
	files := copies{}
	for _, name := range []string{crd, other} {
		if err := addFile(p, s, name, files); err != nil {
			t.Fatal(err)
		}
	}
	if len(p.Files) != 1 || p.Files[0].Path != "widgets/v1.0.0/widgets.yaml" || len(p.Files[0].SHA256) != 64 ||
		p.Files[0].URL != "https://raw.githubusercontent.com/example/widgets/v1.0.0/config/crd/widgets.yaml" {
		t.Fatalf("%+v", p.Files)
	}
	if k := p.Files[0].Kinds; len(k) != 1 || k[0].Kind != "Widget" || len(k[0].Versions) != 1 || k[0].Versions[0] != "v1" {
		t.Errorf("%+v", k)
	}
	if files["widgets/v1.0.0/widgets.yaml"] != crd || len(files) != 1 {
		t.Errorf("%v", files)
	}
}
