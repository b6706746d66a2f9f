package openapi

import (
	"encoding/json"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/controller/openapi/builder"
	"k8s.io/kube-openapi/pkg/spec3"

	"github.com/kval-dev/kval/openapi"
	"github.com/kval-dev/kval/schema"
)

// knownDifference is a place where kval's document is allowed to differ
// from upstream's, with the reason. The list is empty: every difference
// found is a failure.
//
// Not differences, and so not listed: kval's x-kubernetes-mutability and
// x-kubernetes-key-mutability, which upstream never sees (they are stripped
// from its input); kval's are counted against the CRD's schema, then
// stripped before comparing. Non-structural schemas, which kube-apiserver
// publishes as bare objects, are not compared: no CRD that passes the
// create-time checks has one (the package documentation of openapi says
// what kval does with them).
type knownDifference struct {
	pathPrefix string
	reason     string
}

var knownDifferences = []knownDifference{}

// TestVersionDocumentsMatchUpstream compares the document of every served
// version, on its own, with builder.BuildOpenAPIV3.
func TestVersionDocumentsMatchUpstream(t *testing.T) {
	for name, paths := range inputSets {
		for _, in := range loadSet(t, paths) {
			for _, v := range in.kval.Spec.Versions {
				if !v.Served {
					continue
				}
				t.Run(name+"/"+in.kval.Name()+"/"+v.Name, func(t *testing.T) { compareVersion(t, in, v.Name) })
			}
		}
	}
}

func compareVersion(t *testing.T, in crdInput, version string) {
	kdoc, err := openapi.BuildVersion(in.kval, version)
	if err != nil {
		t.Fatalf("kval: %v", err)
	}
	stripped, _ := stripMutability(any(in.object))
	ucrd, err := upstreamCRD(stripped.(map[string]any))
	if err != nil {
		t.Fatal(err)
	}
	udoc, err := upstreamDocument(ucrd, version)
	if err != nil {
		t.Fatalf("upstream: %v", err)
	}
	kval, published := jsonWithoutMutability(t, kdoc)
	_, declared := stripMutability(versionSchemaObject(in.object, version))
	if published != declared {
		t.Errorf("kval published %d mutability extensions, the version's schema declares %d", published, declared)
	}
	if declared == 0 {
		sameBytes(t, kdoc, udoc)
	}
	up, err := toJSONValue(udoc)
	if err != nil {
		t.Fatal(err)
	}
	kind, list := componentKeys(in.kval, version)
	for _, key := range []string{kind, list} {
		if diffs := jsonDiff("/components/schemas/"+key, component(kval, key), component(up, key)); len(diffs) > 0 {
			t.Errorf("component %s differs from upstream:\n%s", key, strings.Join(diffs, "\n"))
		}
	}
	reportDifferences(t, jsonDiff("", kval, up))
}

// TestGroupVersionDocumentsMatchUpstream compares the merged documents of
// every group-version of a set with builder.MergeSpecsV3 of upstream's.
func TestGroupVersionDocumentsMatchUpstream(t *testing.T) {
	for name, paths := range inputSets {
		t.Run(name, func(t *testing.T) {
			inputs := loadSet(t, paths)
			var crds []*schema.CRD
			for _, in := range inputs {
				crds = append(crds, in.kval)
			}
			kdocs, err := openapi.Build(crds)
			if err != nil {
				t.Fatalf("kval: %v", err)
			}
			updocs := upstreamGroupVersions(t, inputs)
			var kpaths []string
			for _, d := range kdocs {
				kpaths = append(kpaths, d.Path())
				kval, _ := jsonWithoutMutability(t, d.Document)
				up, err := toJSONValue(updocs[d.Path()])
				if err != nil {
					t.Fatal(err)
				}
				reportDifferences(t, jsonDiff(d.Path(), kval, up))
			}
			if want := slices.Sorted(maps.Keys(updocs)); !sameSet(kpaths, want) {
				t.Errorf("group-versions: kval %v, upstream %v", kpaths, want)
			}
		})
	}
}

// upstreamGroupVersions builds upstream's document of every served version
// and merges them by group-version, as the openapiv3 controller does.
func upstreamGroupVersions(t *testing.T, inputs []crdInput) map[string]*spec3.OpenAPI {
	byPath := map[string][]*spec3.OpenAPI{}
	for _, in := range inputs {
		stripped, _ := stripMutability(any(in.object))
		ucrd, err := upstreamCRD(stripped.(map[string]any))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range ucrd.Spec.Versions {
			if !v.Served {
				continue
			}
			doc, err := upstreamDocument(ucrd, v.Name)
			if err != nil {
				t.Fatalf("upstream %s/%s: %v", ucrd.Name, v.Name, err)
			}
			path := "apis/" + ucrd.Spec.Group + "/" + v.Name
			byPath[path] = append(byPath[path], doc)
		}
	}
	out := map[string]*spec3.OpenAPI{}
	for path, docs := range byPath {
		merged, err := builder.MergeSpecsV3(docs...)
		if err != nil {
			t.Fatalf("upstream merge %s: %v", path, err)
		}
		out[path] = merged
	}
	return out
}

// sameBytes checks that both documents encode to the same JSON, byte for
// byte: kval's field order is kube-openapi's.
func sameBytes(t *testing.T, kdoc *openapi.Document, udoc *spec3.OpenAPI) {
	t.Helper()
	k, err := json.Marshal(kdoc)
	if err != nil {
		t.Fatal(err)
	}
	u, err := json.Marshal(udoc)
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDifference(k, u); i >= 0 {
		t.Errorf("JSON differs from upstream's at byte %d:\nkval:     %s\nupstream: %s", i, around(k, i), around(u, i))
	}
}

func firstDifference(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func around(b []byte, i int) string {
	return string(b[max(0, i-100):min(len(b), i+100)])
}

func jsonWithoutMutability(t *testing.T, doc *openapi.Document) (any, int) {
	t.Helper()
	v, err := toJSONValue(doc)
	if err != nil {
		t.Fatal(err)
	}
	return stripMutability(v)
}

// reportDifferences fails on every difference that is not a known one.
func reportDifferences(t *testing.T, diffs []string) {
	t.Helper()
	var unexplained []string
	for _, d := range diffs {
		if !isKnown(d) {
			unexplained = append(unexplained, d)
		}
	}
	if len(unexplained) > 0 {
		t.Errorf("%d unexplained differences from upstream:\n%s", len(unexplained), strings.Join(unexplained, "\n"))
	}
}

func isKnown(diff string) bool {
	for _, k := range knownDifferences {
		if strings.HasPrefix(diff, k.pathPrefix) {
			return true
		}
	}
	return false
}

func componentKeys(crd *schema.CRD, version string) (kind, list string) {
	parts := strings.Split(crd.Spec.Group, ".")
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	prefix := strings.Join(parts, ".") + "." + version + "."
	return prefix + crd.Spec.Names.Kind, prefix + crd.Spec.Names.ListKind
}

func component(doc any, key string) any {
	m, _ := doc.(map[string]any)
	components, _ := m["components"].(map[string]any)
	schemas, _ := components["schemas"].(map[string]any)
	return schemas[key]
}

func sameSet(a, b []string) bool {
	a, b = append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(a)
	sort.Strings(b)
	return strings.Join(a, " ") == strings.Join(b, " ")
}
