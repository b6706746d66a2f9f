package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestPlayTakesNoArguments(t *testing.T) {
	code, _, stderr := runKval(t, "", "play", "crd.yaml")
	if code != ExitBadInput || !strings.Contains(stderr, "unknown command") && !strings.Contains(stderr, "accepts 0 arg") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// Outside a checkout, a development build of kval has no source to build
// the WebAssembly from: kval play says so, and what to do.
func TestPlayOutsideACheckoutSaysWhy(t *testing.T) {
	t.Setenv("GOWORK", "off")
	dir := t.TempDir()
	code, _, stderr := runKval(t, dir, "play", "--export", filepath.Join(dir, "site"))
	if code != ExitBadInput || !strings.Contains(stderr, "kval's source not found: run kval play in a checkout of github.com/kval-dev/kval") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
