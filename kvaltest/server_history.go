package kvaltest

import (
	"context"
	"strconv"
	"sync"

	"k8s.io/apimachinery/pkg/watch"
)

// history keeps every change the store has made since the server started,
// in resourceVersion order, so that a watch can start at a list's
// resourceVersion and miss nothing in between, as kube-apiserver's watch
// cache serves an informer's list-then-watch. It grows for the life of
// the server: a test's writes are few.
type history struct {
	mu      sync.Mutex
	changed *sync.Cond
	events  []change
	done    bool
	source  watch.Interface
}

// change is a stored object's event and its resourceVersion.
type change struct {
	event watch.Event // its Object is a *storedObject
	rv    uint64
}

func newHistory(s *store) (*history, error) {
	h := &history{}
	h.changed = sync.NewCond(&h.mu)
	var err error
	if h.source, err = s.events.Watch(); err != nil {
		return nil, err // the client is closed
	}
	go h.record()
	return h, nil
}

// record appends the store's events until the store or the server stops.
func (h *history) record() {
	for e := range h.source.ResultChan() {
		o, ok := e.Object.(*storedObject)
		if !ok {
			continue
		}
		h.mu.Lock()
		h.events = append(h.events, change{event: e, rv: resourceVersionOf(o.object)})
		h.changed.Broadcast()
		h.mu.Unlock()
	}
	h.stop()
}

func (h *history) stop() {
	h.source.Stop()
	h.mu.Lock()
	h.done = true
	h.changed.Broadcast()
	h.mu.Unlock()
}

// next returns the first change after position from whose resourceVersion
// is above since, waiting for it; ok is false when ctx or the server ends.
func (h *history) next(ctx context.Context, from int, since uint64) (c change, at int, ok bool) {
	stop := context.AfterFunc(ctx, func() {
		h.mu.Lock()
		h.changed.Broadcast()
		h.mu.Unlock()
	})
	defer stop()
	h.mu.Lock()
	defer h.mu.Unlock()
	for {
		for ; from < len(h.events); from++ {
			if h.events[from].rv > since {
				return h.events[from], from + 1, true
			}
		}
		if h.done || ctx.Err() != nil {
			return change{}, from, false
		}
		h.changed.Wait()
	}
}

// resourceVersionOf reads a stored object's resourceVersion.
func resourceVersionOf(m map[string]any) uint64 {
	rv, _ := metaOf(m)["resourceVersion"].(string)
	n, _ := strconv.ParseUint(rv, 10, 64)
	return n
}
