package defaults

import (
	"context"
	"testing"

	"github.com/kval-dev/kval/internal/walkstop"
)

// largeList is an object whose 100,000 items each lack a defaulted field
// and hold a null that PruneNulls removes.
func largeList() map[string]any {
	items := make([]any, 100_000)
	for i := range items {
		items[i] = map[string]any{"gone": nil}
	}
	return map[string]any{"items": items}
}

const largeListSchema = `{type: object, properties: {items: {type: array, items: {type: object,
  properties: {size: {type: integer, default: 1}, gone: {type: string}}}}}}`

// count is the number of items for which f holds.
func count(obj map[string]any, f func(item map[string]any) bool) int {
	n := 0
	for _, item := range obj["items"].([]any) {
		if f(item.(map[string]any)) {
			n++
		}
	}
	return n
}

func endedContext() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// An ended context stops both walks at their first check of it: only the
// items visited before are changed; a live context changes them all.
func TestContextEndStopsTheWalks(t *testing.T) {
	d := compile(t, largeListSchema)
	defaulted := func(item map[string]any) bool { _, ok := item["size"]; return ok }
	nullGone := func(item map[string]any) bool { _, ok := item["gone"]; return !ok }
	for _, tc := range []struct {
		name string
		run  func(ctx context.Context, obj map[string]any)
		done func(item map[string]any) bool
	}{
		{"Default", func(ctx context.Context, obj map[string]any) { d.DefaultContext(ctx, obj) }, defaulted},
		{"PruneNulls", func(ctx context.Context, obj map[string]any) { d.PruneNullsContext(ctx, obj) }, nullGone},
	} {
		live := largeList()
		tc.run(context.Background(), live)
		if got := count(live, tc.done); got != 100_000 {
			t.Errorf("%s with a live context changed %d items, want 100000", tc.name, got)
		}
		stopped := largeList()
		tc.run(endedContext(), stopped)
		if got := count(stopped, tc.done); got > 2*walkstop.CheckEvery {
			t.Errorf("%s with an ended context changed %d items, want at most %d", tc.name, got, 2*walkstop.CheckEvery)
		}
	}
}
