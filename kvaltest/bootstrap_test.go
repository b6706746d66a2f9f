package kvaltest

import (
	"reflect"
	"testing"
)

// What kube-apiserver creates at start is written without the built-in
// kinds' validation (a server's start would wait for it to load); that
// must store what a validated write stores, managed fields included.
func TestBootstrapIsStoredAsValidated(t *testing.T) {
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
	for i, want := range validated {
		if got := asWritten[i]; got.key != want.key || !reflect.DeepEqual(withoutStamps(got.object), withoutStamps(want.object)) {
			t.Errorf("%v:\nas written %v\nvalidated  %v", want.key, withoutStamps(got.object), withoutStamps(want.object))
		}
	}
}

// withoutStamps is an object without what each write gives it anew.
func withoutStamps(obj map[string]any) map[string]any {
	out := stampedCopy(obj, "", "")
	delete(metaOf(out), "uid")
	return out
}
