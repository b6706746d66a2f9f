package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kval-dev/kval/manifest"
)

// TestScanCRDIdentityAgreesWithTheDecoder: on every document of every YAML
// file of the repository's test data and examples, the scan either
// declines or says what decoding says; and it reads most CRDs, or it would
// save nothing.
func TestScanCRDIdentityAgreesWithTheDecoder(t *testing.T) {
	scanned, crds := 0, 0
	for _, file := range yamlFiles(t, "../testdata", "../examples") {
		raws, _ := manifest.ReadFileRaw(file)
		for _, raw := range raws {
			id, ok := ScanCRDIdentity(raw.Text())
			decoded := raw.Decode()
			isCRD := len(decoded) == 1 && decoded[0].Err == nil && IsCRD(decoded[0].Object)
			if isCRD {
				crds++
			}
			if !ok {
				continue
			}
			scanned++
			if want, known := decodedIdentity(decoded); !known || want != id {
				t.Errorf("%s: scan says %+v, decoding says %+v (a CRD: %v)", raw.Source, id, want, known)
			}
		}
	}
	t.Logf("%d of %d CRDs read by the scan", scanned, crds)
	if crds < 20 || scanned < crds*9/10 {
		t.Errorf("the scan read %d of %d CRDs", scanned, crds)
	}
}

// decodedIdentity is the identity of a decoded CRD document; false when
// it is not one.
func decodedIdentity(decoded []manifest.Decoded) (CRDIdentity, bool) {
	if len(decoded) != 1 || decoded[0].Err != nil || !IsCRD(decoded[0].Object) {
		return CRDIdentity{}, false
	}
	spec, _ := decoded[0].Object["spec"].(map[string]any)
	names, _ := spec["names"].(map[string]any)
	group, _ := spec["group"].(string)
	kind, _ := names["kind"].(string)
	return CRDIdentity{Group: group, Kind: kind}, true
}

func yamlFiles(t *testing.T, roots ...string) []string {
	t.Helper()
	var files []string
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

const crdHead = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n"

// TestScanCRDIdentityDeclines: the shapes the scan does not read, each of
// which could make a line-by-line reading wrong, and the shapes it reads.
func TestScanCRDIdentityDeclines(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       *CRDIdentity
	}{
		{"block style", crdHead + "spec:\n  group: example.com\n  names:\n    kind: Widget\n", &CRDIdentity{"example.com", "Widget"}},
		{"compact lists and comments", crdHead + "# c\nspec: # the spec\n  versions:\n  - name: v1\n    kind: Other\n  group: \"example.com\" # g\n  names:\n    shortNames:\n    - w\n    kind: 'Widget'\n  scope: Namespaced\n", &CRDIdentity{"example.com", "Widget"}},
		{"names in a block scalar", crdHead + "metadata:\n  annotations:\n    a: |\n      spec:\n        group: evil\nspec:\n  group: example.com\n  names:\n    kind: Widget\n", &CRDIdentity{"example.com", "Widget"}},
		{"crlf", strings.ReplaceAll(crdHead+"spec:\n  group: example.com\n  names:\n    kind: Widget\n", "\n", "\r\n"), &CRDIdentity{"example.com", "Widget"}},
		{"flow spec", crdHead + "spec: {group: example.com, names: {kind: Widget}}\n", nil},
		{"flow names", crdHead + "spec:\n  group: example.com\n  names: {kind: Widget}\n", nil},
		{"alias", crdHead + "spec:\n  group: *g\n  names:\n    kind: Widget\n", nil},
		{"anchor", crdHead + "spec: &s\n  group: example.com\n  names:\n    kind: Widget\n", nil},
		{"tag", crdHead + "spec:\n  group: !!str example.com\n  names:\n    kind: Widget\n", nil},
		{"merge key", crdHead + "spec:\n  <<: *base\n  names:\n    kind: Widget\n", nil},
		{"group twice", crdHead + "spec:\n  group: example.com\n  group: other.com\n  names:\n    kind: Widget\n", nil},
		{"spec twice", crdHead + "spec:\n  group: example.com\nspec:\n  names:\n    kind: Widget\n", nil},
		{"multi-line scalar", crdHead + "spec:\n  group: example\n    .com\n  names:\n    kind: Widget\n", nil},
		{"quoted key", crdHead + "spec:\n  \"group\": example.com\n  names:\n    kind: Widget\n", nil},
		{"boolean kind", crdHead + "spec:\n  group: example.com\n  names:\n    kind: yes\n", nil},
		{"number group", crdHead + "spec:\n  group: 1.5\n  names:\n    kind: Widget\n", nil},
		{"escapes", crdHead + "spec:\n  group: \"ex\\u0061mple.com\"\n  names:\n    kind: Widget\n", nil},
		{"tab", crdHead + "spec:\n\tgroup: example.com\n  names:\n    kind: Widget\n", nil},
		{"list item after a kept key", crdHead + "spec:\n  group: example.com\n  - x\n  names:\n    kind: Widget\n", nil},
		{"not a CRD", "apiVersion: v1\nkind: ConfigMap\nspec:\n  group: example.com\n  names:\n    kind: Widget\n", nil},
		{"no kind", crdHead + "spec:\n  group: example.com\n  names:\n    plural: widgets\n", nil},
		{"directive", "%YAML 1.1\n" + crdHead + "spec:\n  group: example.com\n  names:\n    kind: Widget\n", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			id, ok := ScanCRDIdentity([]byte(c.text))
			switch {
			case c.want == nil && ok:
				t.Errorf("read %+v, want a decline", id)
			case c.want != nil && (!ok || id != *c.want):
				t.Errorf("got %+v %v, want %+v", id, ok, *c.want)
			}
		})
	}
}

// FuzzScanCRDIdentity: whenever the scan reads a document that decodes,
// decoding says the same.
func FuzzScanCRDIdentity(f *testing.F) {
	f.Add(crdHead + "spec:\n  group: example.com\n  names:\n    kind: Widget\n")
	f.Add(crdHead + "spec:\n  versions:\n  - name: v1\n  group: example.com\n  names:\n    kind: Widget\n")
	f.Fuzz(func(t *testing.T, text string) {
		id, ok := ScanCRDIdentity([]byte(text))
		if !ok {
			return
		}
		raws, errs := manifest.ReadAllRaw("fuzz.yaml", strings.NewReader(text))
		if len(raws) != 1 || len(errs) > 0 {
			return // not one document: the reader would not give it to the scan
		}
		decoded := raws[0].Decode()
		if len(decoded) == 1 && decoded[0].Err != nil {
			return // decoding reports it
		}
		if want, known := decodedIdentity(decoded); !known || want != id {
			t.Errorf("scan says %+v, decoding says %+v (a CRD: %v)", id, want, known)
		}
	})
}

// TestDeferredCRDDecode: a deferred CRD decodes to the CRD LoadFiles
// would read; one whose text says otherwise than its scanned identity (a
// bug in the scan) is a problem, not a CRD of the wrong kind; and a
// document that does not decode gives its problems.
func TestDeferredCRDDecode(t *testing.T) {
	text := crdHead + "metadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  scope: Namespaced\n  names:\n    plural: widgets\n    kind: Widget\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n"
	raws, errs := manifest.ReadAllRaw("widgets.yaml", strings.NewReader(text))
	if len(raws) != 1 || len(errs) > 0 {
		t.Fatalf("%d raws, %v", len(raws), errs)
	}
	id, ok := ScanCRDIdentity(raws[0].Text())
	if !ok {
		t.Fatal("the scan declined a block-style CRD")
	}
	crd, problems := (&DeferredCRD{CRDIdentity: id, Source: raws[0].Source, raw: raws[0]}).Decode()
	if len(problems) > 0 || crd.Name() != "widgets.example.com" {
		t.Errorf("decode: %v %v", crd, problems)
	}
	wrong := &DeferredCRD{CRDIdentity: CRDIdentity{Group: "example.com", Kind: "Gadget"}, Source: raws[0].Source, raw: raws[0]}
	if crd, problems := wrong.Decode(); crd != nil || len(problems) != 1 || !strings.Contains(problems[0].Error(), "a bug in kval") {
		t.Errorf("a mismatched identity: %v %v", crd, problems)
	}
	broken, _ := manifest.ReadAllRaw("broken.yaml", strings.NewReader(crdHead+"spec:\n  group: example.com\n  names:\n    kind: Widget\n  bogus: 1\n"))
	if crd, problems := (&DeferredCRD{CRDIdentity: id, raw: broken[0]}).Decode(); crd != nil || len(problems) == 0 || !strings.Contains(problems[0].Error(), "bogus") {
		t.Errorf("a CRD with an unknown field: %v %v", crd, problems)
	}
}
