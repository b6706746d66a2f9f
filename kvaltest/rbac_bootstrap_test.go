package kvaltest

import (
	"reflect"
	"testing"
)

// The bootstrap policy is written without the built-in kinds' validation
// (a server's start would wait for it to load); that must store what a
// validated write stores, managed fields included.
func TestBootstrapPolicyIsStoredAsValidated(t *testing.T) {
	asWritten, err := writeBootstrapObjects()
	if err != nil {
		t.Fatal(err)
	}
	validated, err := writeBootstrapObjects(func(c *Client) { c.skipBuiltins = false })
	if err != nil {
		t.Fatal(err)
	}
	if len(asWritten) < 100 || len(asWritten) != len(validated) {
		t.Fatalf("%d objects written, %d validated", len(asWritten), len(validated))
	}
	for k, want := range validated {
		if got := withoutStamps(asWritten[k]); !reflect.DeepEqual(got, withoutStamps(want)) {
			t.Errorf("%v:\nas written %v\nvalidated  %v", k, got, withoutStamps(want))
		}
	}
}

// withoutStamps is an object without what each write gives it anew.
func withoutStamps(obj map[string]any) map[string]any {
	out := stampedCopy(obj, "", "")
	delete(metaOf(out), "uid")
	return out
}
