package crdindex

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// localCopy is the local copy of the catalog kept under testdata/.
const localCopy = "../../testdata/catalog"

// TestBuiltInIndexIsTheLocalCopys: the embedded index is the one of the
// local copy, so tests of the copy test the index kval ships.
func TestBuiltInIndexIsTheLocalCopys(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(localCopy, IndexFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, embedded) {
		t.Fatal("testdata/catalog/index.yaml differs from the built-in index: run the refresh command with -mirror testdata/catalog")
	}
}

// TestLookupByGroupKindVersion: a kind resolves to its project's file
// only in a version its CRD serves.
func TestLookupByGroupKindVersion(t *testing.T) {
	idx, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ group, version, kind, project string }{
		{"cert-manager.io", "v1", "Certificate", "cert-manager"},
		{"monitoring.coreos.com", "v1", "ServiceMonitor", "prometheus-operator"},
		{"monitoring.coreos.com", "v1alpha1", "AlertmanagerConfig", "prometheus-operator"},
		{"argoproj.io", "v1alpha1", "Application", "argo-cd"},
		{"gateway.networking.k8s.io", "v1", "HTTPRoute", "gateway-api"},
		{"cert-manager.io", "v1alpha2", "Certificate", ""},
		{"example.com", "v1", "Widget", ""},
	} {
		e, ok := idx.Lookup(tc.group, tc.version, tc.kind)
		if ok != (tc.project != "") || ok && e.Project.Name != tc.project {
			t.Errorf("%s/%s %s: %v %+v, want %q", tc.group, tc.version, tc.kind, ok, e.Project, tc.project)
		}
	}
}

// TestParseRefusesUnsafeFiles: an index cannot name a file outside a
// local copy, a URL that is not http(s), or a malformed sum.
func TestParseRefusesUnsafeFiles(t *testing.T) {
	const sum = "7ad91029c00ec959d54215b19d3b1a9b7e0247eaa60f987151c2b70d8661f8af"
	for file, want := range map[string]string{
		`{path: ../etc/passwd, url: "https://x/a", sha256: ` + sum + `}`:     "relative path",
		`{path: /etc/passwd, url: "https://x/a", sha256: ` + sum + `}`:       "relative path",
		`{path: a/b.yaml, url: "file:///etc/passwd", sha256: ` + sum + `}`:   "not http(s)",
		`{path: a/b.yaml, url: "https://x/a", sha256: ABC}`:                  "64 lower-case hex",
		`{path: a/b.yaml, url: "https://x/a", sha256: ` + sum + `, typo: 1}`: "unknown field",
	} {
		_, err := Parse([]byte("projects:\n- name: p\n  files:\n  - " + file + "\n"))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", file, err, want)
		}
	}
}

// TestReadDir: a local copy's own index is read; a directory without one
// uses the built-in index; a path that is not a directory is an error.
func TestReadDir(t *testing.T) {
	if idx, err := ReadDir(localCopy); err != nil || len(idx.Projects) != 4 {
		t.Errorf("local copy: %v", err)
	}
	if idx, err := ReadDir(t.TempDir()); err != nil || len(idx.Projects) == 0 {
		t.Errorf("no index: %v", err)
	}
	if _, err := ReadDir(filepath.Join(t.TempDir(), "missing")); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("missing: %v", err)
	}
}
