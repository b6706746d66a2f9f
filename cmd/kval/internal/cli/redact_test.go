package cli

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestURLCredentialsAreNotPrinted: kval validate --crd and kval lint name
// a URL with a password and a token without them, in results and errors.
func TestURLCredentialsAreNotPrinted(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/crd.yaml") {
			http.ServeFile(w, r, "../../../../examples/crd.yaml")
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	secret := func(path string) string {
		return strings.Replace(srv.URL, "http://", "http://admin:hunter2@", 1) + path + "?token=tok3n"
	}
	obj := "apiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: a, namespace: ns}\nspec: {engine: oracle}\n"
	for _, args := range [][]string{
		{"validate", "--crd", secret("/crd.yaml"), "--crd", secret("/missing.yaml"), "-"},
		{"validate", "--crd", secret("/crd.yaml"), "-o", "json", "-"},
		{"lint", secret("/crd.yaml"), secret("/missing.yaml")},
	} {
		var out, errOut bytes.Buffer
		Main(args, strings.NewReader(obj), &out, &errOut)
		if all := out.String() + errOut.String(); strings.Contains(all, "hunter2") || strings.Contains(all, "tok3n") {
			t.Errorf("%s prints a credential:\n%s", args[0], all)
		}
	}
}
