package crdsource

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kval-dev/kval/schema"
)

// secrets in a URL: its user info and its query's values.
const (
	userSecret  = "hunter2"
	querySecret = "tok3n"
)

func withSecrets(u string) string {
	return strings.Replace(u, "http://", "http://admin:"+userSecret+"@", 1) + "?token=" + querySecret + "&x=1"
}

// described is everything a Loaded says: sources, errors, warnings.
func described(l *schema.Loaded) string {
	var b strings.Builder
	for _, p := range l.Problems {
		fmt.Fprintf(&b, "%s %v\n", p.Source.File, p.Err)
	}
	for _, crd := range l.CRDs {
		fmt.Fprintf(&b, "%s\n", crd.Source.File)
	}
	return b.String()
}

// TestURLCredentialsNeverLeaveTheLoad: a URL's password and query values
// appear in no source name, error or warning, whether the fetch works,
// fails, or falls back to the cached copy.
func TestURLCredentialsNeverLeaveTheLoad(t *testing.T) {
	_, srv := newServer(t, readCRDFile(t))
	f := testFetcher(t)
	for _, tc := range []struct{ name, url string }{
		{"fetched", withSecrets(srv.URL + "/crds.yaml")},
		{"not found", withSecrets(srv.URL + "/missing.yaml")},
		{"no CRD", withSecrets(srv.URL + "/configmap.yaml")},
	} {
		got := described(f.Load(context.Background(), tc.url, false))
		if strings.Contains(got, userSecret) || strings.Contains(got, querySecret) || got == "" {
			t.Errorf("%s: %s", tc.name, got)
		}
	}
	srv.Close()
	for _, name := range []string{"cached copy", "unreachable"} {
		u := withSecrets(srv.URL + "/crds.yaml")
		if name == "unreachable" {
			u = withSecrets(srv.URL + "/never-fetched.yaml")
		}
		got := described(f.Load(context.Background(), u, false))
		if strings.Contains(got, userSecret) || strings.Contains(got, querySecret) || !strings.Contains(got, "xxxxx") {
			t.Errorf("%s: %s", name, got)
		}
	}
}

func TestRedactedURLs(t *testing.T) {
	for in, want := range map[string]string{
		"https://example.com/crds.yaml":              "https://example.com/crds.yaml",
		"https://u:p@example.com/a?token=t&v=2#frag": "https://xxxxx@example.com/a?token=xxxxx&v=xxxxx#frag",
		"https://ghp_abc@example.com/a":              "https://xxxxx@example.com/a",
		"https://example.com/%zz?token=secret":       "https://example.com/%zz?xxxxx",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}
