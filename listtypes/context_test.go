package listtypes

import (
	"context"
	"testing"

	"github.com/kval-dev/kval/internal/walkstop"
)

// setsWithDuplicates is a list of n items, each holding a set with one
// duplicate.
func setsWithDuplicates(n int) map[string]any {
	items := make([]any, n)
	for i := range items {
		items[i] = map[string]any{"s": []any{"a", "a"}}
	}
	return map[string]any{"items": items}
}

// An ended context stops the walk at its first check: the errors found
// are those of the items visited before it, where a live context finds
// every one.
func TestContextEndStopsTheWalk(t *testing.T) {
	v := Compile(parse(t, []byte(`{"type":"object","properties":{"items":{"type":"array","items":{"type":"object",
	  "properties":{"s":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}}}}}}`)))
	const n = 100_000
	if got := len(v.ValidateContext(context.Background(), nil, setsWithDuplicates(n))); got != n {
		t.Fatalf("a live context found %d errors, want %d", got, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := len(v.ValidateContext(ctx, nil, setsWithDuplicates(n))); got > 2*walkstop.CheckEvery {
		t.Errorf("an ended context found %d errors, want at most %d", got, 2*walkstop.CheckEvery)
	}
	out := v.ValidateUpdateContext(ctx, nil, setsWithDuplicates(n), setsWithDuplicates(n))
	if got := len(out.Errors) + len(out.Ratcheted); got > 2*walkstop.CheckEvery {
		t.Errorf("ValidateUpdate with an ended context found %d errors, want at most %d", got, 2*walkstop.CheckEvery)
	}
}
