package webhook

import (
	"io"
	"log/slog"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"

	"github.com/kval-dev/kval/engine"
)

// TestCatalogOptionsFollowTheMode: the default mode's validators are
// compiled for what it runs, without kube-apiserver's value validation and
// rules; the full mode's for every check.
func TestCatalogOptionsFollowTheMode(t *testing.T) {
	for mode, want := range map[Mode]engine.Scope{"": engine.BeyondKubeAPIServer, ModeComplement: engine.BeyondKubeAPIServer, ModeFull: engine.AllChecks} {
		if got := CatalogOptions(Options{Mode: mode}).Engine.Scope; got != want {
			t.Errorf("mode %q: scope %v, want %v", mode, got, want)
		}
	}
}

// TestAFullServerOverADefaultModeCatalogDenies: a server in the full mode
// given a catalog made for the default mode cannot run every check, and
// denies each request saying why, rather than allowing what it did not
// check.
func TestAFullServerOverADefaultModeCatalogDenies(t *testing.T) {
	opts := Options{Mode: ModeFull, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	s := New(exampleCatalog(t, Options{}), opts)
	resp := admit(t, s, review(admissionv1.Create, database("postgres", "16.2"), nil))
	if resp.Allowed || !strings.Contains(resp.Result.Message, "Options.Scope") {
		t.Errorf("allowed %v, %+v; want a denial naming Options.Scope", resp.Allowed, resp.Result)
	}
}
