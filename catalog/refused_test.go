package catalog

import (
	"context"
	"errors"
	"testing"
)

// TestRefusedKindsFailOnlyTheirLookups: a kind in Options.Refused (its
// definitions conflict) fails its lookups with the given error; the other
// kinds of the group are served (issue 45 item 2).
func TestRefusedKindsFailOnlyTheirLookups(t *testing.T) {
	conflict := errors.New("defined twice")
	c := New(Options{Refused: map[string]error{"example.com/Gadget": conflict}})
	if problems, err := c.LoadBytes("test.yaml", []byte(crdYAML("widgets.example.com", 3))); err != nil {
		t.Fatalf("load: %v %v", err, problems)
	}
	if _, err := c.ForObject(context.Background(), "example.com/v1", "Gadget"); !errors.Is(err, conflict) {
		t.Errorf("Gadget: %v, want the conflict", err)
	}
	if _, err := c.ForObject(context.Background(), "example.com/v1", "Widget"); err != nil {
		t.Errorf("Widget: %v", err)
	}
}
