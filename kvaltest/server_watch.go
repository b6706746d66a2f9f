package kvaltest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
)

// initialEventsEnd is the annotation of the bookmark that ends a watch's
// initial events (metav1.InitialEventsAnnotationKey).
const initialEventsEnd = metav1.InitialEventsAnnotationKey

// watch streams a collection's changes as kube-apiserver's watch does:
// from a resourceVersion (an informer's list), every change after it; with
// none or "0", first an ADDED event per stored object; with
// sendInitialEvents (client-go's streaming list), those events then a
// BOOKMARK that ends them. Selectors filter as the client's Watch does.
func (s *Server) watch(w http.ResponseWriter, r *http.Request, rt *route) error {
	q := r.URL.Query()
	o, err := listOptions(q, rt.namespace)
	if err != nil {
		return err
	}
	t := &target{gvk: rt.gvk, kind: rt.kind, key: key{resource: rt.kind.resource}}
	match, err := newSelector(t, o)
	if err != nil {
		return err
	}
	since, initial, err := s.watchStart(q, t, o.Namespace)
	if err != nil {
		return err
	}
	ctx, cancel := watchContext(r.Context(), q)
	defer cancel()
	stream := newEventStream(w)
	for _, obj := range initial {
		if match(obj.object) {
			stream.send(watch.Added, inVersion(obj.object, rt.gvk.GroupVersion()))
		}
	}
	if isTrue(q.Get("sendInitialEvents")) {
		stream.send(watch.Bookmark, s.bookmark(rt, since))
	}
	s.follow(ctx, stream, rt, since, match)
	return nil
}

// watchStart returns the resourceVersion a watch follows changes after,
// and the objects it starts with.
func (s *Server) watchStart(q url.Values, t *target, namespace string) (uint64, []*storedObject, error) {
	rv := q.Get("resourceVersion")
	if rv != "" && rv != "0" && !isTrue(q.Get("sendInitialEvents")) {
		since, err := strconv.ParseUint(rv, 10, 64)
		if err != nil {
			return 0, nil, apierrors.NewBadRequest("invalid resource version: " + rv)
		}
		return since, nil, nil
	}
	s.client.store.mu.Lock()
	defer s.client.store.mu.Unlock()
	return s.client.store.revision, s.client.store.list(t.key.resource, namespace), nil
}

// follow sends the changes after since until the watch ends.
func (s *Server) follow(ctx context.Context, stream *eventStream, rt *route, since uint64, match func(map[string]any) bool) {
	for at := 0; ; {
		c, next, ok := s.history.next(ctx, at, since)
		if !ok {
			return
		}
		at = next
		o := c.event.Object.(*storedObject)
		if o.key.resource != rt.kind.resource || rt.namespace != "" && o.key.namespace != rt.namespace {
			continue
		}
		if event, obj, seen := selected(c.event.Type, o, match); seen {
			stream.send(event, inVersion(obj, rt.gvk.GroupVersion()))
		}
	}
}

// bookmark is the BOOKMARK that ends the initial events at rv.
func (s *Server) bookmark(rt *route, rv uint64) map[string]any {
	return map[string]any{
		"apiVersion": rt.gvk.GroupVersion().String(), "kind": rt.gvk.Kind,
		"metadata": map[string]any{
			"resourceVersion": strconv.FormatUint(rv, 10),
			"annotations":     map[string]any{initialEventsEnd: "true"},
		},
	}
}

// watchContext ends a watch with the request or after its timeoutSeconds.
func watchContext(ctx context.Context, q url.Values) (context.Context, context.CancelFunc) {
	if seconds, err := strconv.Atoi(q.Get("timeoutSeconds")); err == nil && seconds > 0 {
		return context.WithTimeout(ctx, time.Duration(seconds)*time.Second)
	}
	return context.WithCancel(ctx)
}

// eventStream writes watch events as kube-apiserver's JSON watch does:
// one {"type","object"} document per event, flushed.
type eventStream struct {
	w       http.ResponseWriter
	encoder *json.Encoder
}

func newEventStream(w http.ResponseWriter) *eventStream {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Transfer-Encoding", "chunked")
	w.WriteHeader(http.StatusOK)
	flush(w)
	return &eventStream{w: w, encoder: json.NewEncoder(w)}
}

func (e *eventStream) send(event watch.EventType, obj map[string]any) {
	_ = e.encoder.Encode(map[string]any{"type": event, "object": obj})
	flush(e.w)
}

func flush(w http.ResponseWriter) {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
