package cel

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// crdVersion is one version of a corpus CRD, loaded by both sides.
type crdVersion struct {
	name     string // dir/crd/version
	gvk      string
	kval     *schema.CRD
	version  string
	upstream *apiextensions.CustomResourceDefinition
}

func (cv crdVersion) apiVersion() string { return cv.kval.Spec.Group + "/" + cv.version }
func (cv crdVersion) kind() string       { return cv.kval.Spec.Names.Kind }
func (cv crdVersion) schema() *schema.Schema {
	return cv.kval.VersionSchema(cv.version)
}

// corpusVersions loads every version of every corpus CRD with kval's loader
// and with kube-apiserver's decoding.
func corpusVersions(t testing.TB) []crdVersion {
	t.Helper()
	var out []crdVersion
	for _, dir := range []string{"crds-standard", "crds-experimental"} {
		files, err := filepath.Glob(corpusPath(t, "gateway-api", dir) + "/*.yaml")
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			out = append(out, fileVersions(t, dir, file)...)
		}
	}
	return out
}

func fileVersions(t testing.TB, dir, file string) []crdVersion {
	if data, err := os.ReadFile(file); err != nil || !strings.Contains(string(data), "kind: CustomResourceDefinition") {
		return nil // a ValidatingAdmissionPolicy shipped with the CRDs
	}
	loaded := schema.LoadFiles([]string{file})
	if errs := loaded.Errors(); len(errs) > 0 {
		t.Fatalf("kval cannot load %s: %v", file, errs)
	}
	ups, err := upstream.LoadCRDs(file)
	if err != nil {
		t.Fatalf("upstream cannot load %s: %v", file, err)
	}
	byName := map[string]*apiextensions.CustomResourceDefinition{}
	for _, u := range ups {
		byName[u.Name] = u
	}
	var out []crdVersion
	for _, c := range loaded.CRDs {
		u, ok := byName[c.Name()]
		if !ok {
			t.Fatalf("%s: upstream did not load %s", file, c.Name())
		}
		for _, v := range c.Spec.Versions {
			cv := crdVersion{name: fmt.Sprintf("%s/%s/%s", dir, c.Name(), v.Name), kval: c, version: v.Name, upstream: u}
			cv.gvk = cv.apiVersion() + ", Kind=" + cv.kind()
			out = append(out, cv)
		}
	}
	return out
}

func corpusPath(t testing.TB, elem ...string) string {
	t.Helper()
	p, err := corpus.Path(elem...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// corpusObject is an example object of the corpus.
type corpusObject struct {
	source string
	object map[string]any
}

// corpusObjects reads every object of the corpus, valid and invalid, by GVK.
func corpusObjects(t testing.TB) map[string][]corpusObject {
	t.Helper()
	files, err := manifest.ExpandPaths([]string{
		corpusPath(t, "gateway-api", "examples"),
		corpusPath(t, "gateway-api", "invalid-examples"),
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]corpusObject{}
	for _, f := range files {
		docs, errs := manifest.ReadFile(f)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", f, errs)
		}
		for _, d := range docs {
			apiVersion, _ := d.Object["apiVersion"].(string)
			kind, _ := d.Object["kind"].(string)
			key := apiVersion + ", Kind=" + kind
			out[key] = append(out[key], corpusObject{source: d.Source.String(), object: d.Object})
		}
	}
	return out
}

// decoded is obj as kube-apiserver validates it (pruned, defaulted); nil
// when it is rejected before validation.
func decoded(t testing.TB, cv crdVersion, obj map[string]any) map[string]any {
	t.Helper()
	served, err := upstream.ServedSchema(cv.upstream, cv.version)
	if err != nil {
		t.Fatal(err)
	}
	out := runtime.DeepCopyJSON(obj)
	if served == nil {
		return out
	}
	if _, err := upstream.Decode(out, served, true); err != nil {
		return nil
	}
	return out
}
