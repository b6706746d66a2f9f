package values

import (
	"context"
	"testing"

	"github.com/kval-dev/kval/internal/walkstop"
)

// badItems is a list of n items, each with one error (a number where a
// string is declared).
func badItems(n int) map[string]any {
	items := make([]any, n)
	for i := range items {
		items[i] = map[string]any{"name": int64(i)}
	}
	return map[string]any{"items": items}
}

const badItemsSchema = `{"type": "object", "properties": {"items": {"type": "array",
  "items": {"type": "object", "properties": {"name": {"type": "string"}}}}}}`

func endedContext() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// An ended context stops validation at its first check: the errors found
// are those of the values visited before it, where a live context finds
// every one.
func TestContextEndStopsValidation(t *testing.T) {
	v := compile(t, badItemsSchema)
	const n = 100_000
	if got := len(v.ValidateContext(context.Background(), nil, badItems(n))); got != n {
		t.Fatalf("a live context found %d errors, want %d", got, n)
	}
	if got := len(v.ValidateContext(endedContext(), nil, badItems(n))); got > 2*walkstop.CheckEvery {
		t.Errorf("Validate with an ended context found %d errors, want at most %d", got, 2*walkstop.CheckEvery)
	}
	out := v.ValidateUpdateContext(endedContext(), nil, badItems(n), badItems(n+1))
	if got := len(out.Errors) + len(out.Ratcheted); got > 2*walkstop.CheckEvery {
		t.Errorf("ValidateUpdate with an ended context found %d errors, want at most %d", got, 2*walkstop.CheckEvery)
	}
}

// A pooled walker keeps no stopped state: after a stopped walk, the next
// one with a live context validates everything.
func TestStoppedWalkerIsReset(t *testing.T) {
	v := compile(t, badItemsSchema)
	v.ValidateContext(endedContext(), nil, badItems(10_000))
	if got := len(v.Validate(nil, badItems(10_000))); got != 10_000 {
		t.Fatalf("after a stopped walk, a live one found %d errors, want 10000", got)
	}
}
