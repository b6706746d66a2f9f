package builtin

import (
	"strings"
	"testing"
)

// TestSetReadsItsFileOnFirstUse: a set is read when first asked, not
// when made, and a set whose file cannot be read reports it from ForKind
// rather than passing every kind off as one of no built-in group.
func TestSetReadsItsFileOnFirstUse(t *testing.T) {
	s := &Set{minor: Newest()}
	if s.groups != nil {
		t.Fatal("read before use")
	}
	if !s.HasGroup("apps") || s.groups == nil {
		t.Errorf("apps: not a built-in group after the first use")
	}
	damaged := &Set{minor: "0.1"}
	if !damaged.HasGroup("example.com") {
		t.Errorf("damaged data: HasGroup says no, so the damage would go unreported")
	}
	if _, err := damaged.ForKind("apps", "v1", "Deployment"); err == nil || !strings.Contains(err.Error(), "built-in schemas of Kubernetes 0.1") {
		t.Errorf("damaged data: ForKind error %v", err)
	}
}
