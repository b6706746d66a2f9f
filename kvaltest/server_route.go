package kvaltest

import (
	"net/http"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// route is what a resource request's path names, as kube-apiserver's
// RequestInfo parses it: /api/v1/... or /apis/GROUP/VERSION/..., then
// [namespaces/NAMESPACE/]RESOURCE[/NAME[/SUBRESOURCE]].
type route struct {
	gvk         schema.GroupVersionKind
	kind        *kind
	namespace   string
	name        string
	subresource string
}

// pathGroupVersion returns the group version a path starts with, and the rest of it.
func pathGroupVersion(path string) (gv schema.GroupVersion, rest []string, ok bool) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case len(parts) >= 2 && parts[0] == "api":
		return schema.GroupVersion{Version: parts[1]}, parts[2:], true
	case len(parts) >= 3 && parts[0] == "apis":
		return schema.GroupVersion{Group: parts[1], Version: parts[2]}, parts[3:], true
	}
	return schema.GroupVersion{}, nil, false
}

// routeOf resolves a resource path; a resource the server does not serve
// is kube-apiserver's plain 404.
func (s *Server) routeOf(gv schema.GroupVersion, rest []string) (*route, error) {
	r := &route{}
	if len(rest) > 2 && rest[0] == "namespaces" && !namespaceSubresources[rest[2]] {
		r.namespace, rest = rest[1], rest[2:]
	}
	if len(rest) == 0 || len(rest) > 3 {
		return nil, pageNotFound()
	}
	gvk, ok := s.client.kinds().forPath(gv.WithResource(rest[0]))
	if !ok {
		return nil, pageNotFound()
	}
	var err error
	if r.kind, err = s.client.kinds().forKind(gvk); err != nil {
		return nil, pageNotFound()
	}
	r.gvk = gvk
	if len(rest) > 1 {
		r.name = rest[1]
	}
	if len(rest) > 2 {
		r.subresource = rest[2]
	}
	if !r.kind.namespaced {
		r.namespace = ""
	}
	return r, nil
}

// namespaceSubresources are the subresources of a Namespace: any other
// word after namespaces/NAME is a resource in that namespace
// (kube-apiserver's RequestInfoFactory).
var namespaceSubresources = map[string]bool{"status": true, "finalize": true}

// pageNotFound is kube-apiserver's answer to a path it does not serve.
func pageNotFound() error {
	return apierrors.NewGenericServerResponse(http.StatusNotFound, "", schema.GroupResource{}, "", "404 page not found", 0, false)
}
