package kvaltest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utiljson "k8s.io/apimachinery/pkg/util/json"
)

// serveHTTP answers discovery, then resource requests.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if serveHealth(w, r) {
		return
	}
	if s.serveDiscovery(w, r) {
		return
	}
	gv, rest, ok := pathGroupVersion(r.URL.Path)
	if !ok {
		writeError(w, pageNotFound())
		return
	}
	rt, err := s.routeOf(gv, rest)
	if err != nil {
		writeError(w, err)
		return
	}
	if review, err := s.serveReview(w, r, rt); review {
		if err != nil {
			writeError(w, err)
		}
		return
	}
	ctx, warnings := withResponseWarnings(r.Context())
	ww := &warningWriter{ResponseWriter: w, warnings: warnings}
	if err := s.serveResource(ww, r.WithContext(ctx), rt); err != nil {
		writeError(ww, err)
	}
}

// serveResource dispatches on the verb, as kube-apiserver's handlers do.
func (s *Server) serveResource(w http.ResponseWriter, r *http.Request, rt *route) error {
	q := r.URL.Query()
	switch {
	case r.Method == http.MethodGet && rt.name == "" && isTrue(q.Get("watch")):
		return s.watch(w, r, rt)
	case r.Method == http.MethodGet && rt.name == "":
		return s.list(w, r, rt)
	case r.Method == http.MethodGet:
		return s.get(w, r, rt)
	case r.Method == http.MethodPost && rt.name == "":
		return s.create(w, r, rt)
	case r.Method == http.MethodPut && rt.name != "":
		return s.update(w, r, rt)
	case r.Method == http.MethodPatch && rt.name != "":
		return s.patch(w, r, rt)
	case r.Method == http.MethodDelete && rt.name == "":
		return s.deleteCollection(w, r, rt)
	case r.Method == http.MethodDelete && rt.subresource == "":
		return s.delete(w, r, rt)
	}
	return apierrors.NewMethodNotSupported(rt.kind.resource, r.Method)
}

func isTrue(v string) bool { return v == "true" || v == "1" }

// object is an empty object of the route's kind, named as the path names it.
func (rt *route) object() *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: map[string]any{}}
	u.SetGroupVersionKind(rt.gvk)
	u.SetNamespace(rt.namespace)
	u.SetName(rt.name)
	return u
}

// body decodes a request's object (JSON, or protobuf as typed clients
// send built-in kinds). As kube-apiserver, it takes a missing apiVersion
// and kind, and a missing namespace, from the path.
func (rt *route) body(r *http.Request, scheme *runtime.Scheme) (*unstructured.Unstructured, error) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("reading the request body: %v", err))
	}
	if isProtobuf(r) {
		if data, err = protobufAsJSON(data, scheme); err != nil {
			return nil, err
		}
	}
	var m map[string]any
	if err := utiljson.Unmarshal(data, &m); err != nil || m == nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("decoding the request body: %v", err))
	}
	u := &unstructured.Unstructured{Object: m}
	if u.GetAPIVersion() == "" && u.GetKind() == "" {
		u.SetGroupVersionKind(rt.bodyKind())
	}
	if u.GetNamespace() == "" {
		u.SetNamespace(rt.namespace)
	}
	return u, rt.checkBody(u)
}

// bodyKind is the kind of a request's body: the route's, or a Scale.
func (rt *route) bodyKind() schema.GroupVersionKind {
	if rt.subresource == scaleSubresource {
		return scaleGVK
	}
	return rt.gvk
}

// checkBody refuses a body of another kind, or whose namespace or name
// differs from the path's, with kube-apiserver's messages.
func (rt *route) checkBody(u *unstructured.Unstructured) error {
	want := rt.bodyKind()
	switch gvk := u.GroupVersionKind(); {
	case gvk.GroupVersion() != want.GroupVersion():
		return apierrors.NewBadRequest(fmt.Sprintf("the API version in the data (%s) does not match the expected API version (%s)", gvk.GroupVersion(), want.GroupVersion()))
	case gvk.Kind != want.Kind:
		return apierrors.NewBadRequest(fmt.Sprintf("the kind in the data (%s) does not match the expected kind (%s)", gvk.Kind, want.Kind))
	case rt.kind.namespaced && u.GetNamespace() != rt.namespace:
		return apierrors.NewBadRequest("the namespace of the provided object does not match the namespace sent on the request")
	case rt.name != "" && rt.subresource == "" && u.GetName() != rt.name:
		return apierrors.NewBadRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", u.GetName(), rt.name))
	}
	return nil
}

// writeObject writes a JSON response.
func writeObject(w http.ResponseWriter, code int, obj any) {
	data, err := json.Marshal(obj)
	if err != nil {
		writeError(w, apierrors.NewInternalError(err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_, _ = w.Write(data)
}

// writeError writes err as kube-apiserver does: a metav1.Status with its
// code. The client's errors are StatusErrors already; a kind it does not
// know is a 404, anything else an internal error.
func writeError(w http.ResponseWriter, err error) {
	var status apierrors.APIStatus
	var noKind *meta.NoKindMatchError
	switch {
	case errors.As(err, &status):
	case errors.As(err, &noKind):
		status = apierrors.NewNotFound(schema.GroupResource{Group: noKind.GroupKind.Group, Resource: noKind.GroupKind.Kind}, "")
	default:
		status = apierrors.NewInternalError(err)
	}
	st := status.Status()
	st.Kind, st.APIVersion = "Status", "v1"
	writeObject(w, int(st.Code), st)
}
