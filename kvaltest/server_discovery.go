package kvaltest

import (
	"net/http"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/version"

	"github.com/kval-dev/kval/engine"
)

// serverVersion is what /version answers: the newest Kubernetes kval
// models, marked as kvaltest's.
var serverVersion = version.Info{Major: "1", Minor: "36", GitVersion: "v1.36.0-kvaltest", Platform: "kvaltest"}

// serveDiscovery answers /version, /api, /apis and /api(s)/GROUP/VERSION
// with unaggregated discovery (client-go falls back to it), and reports
// whether the path was one of them.
func (s *Server) serveDiscovery(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodGet {
		return false
	}
	path := strings.Trim(r.URL.Path, "/")
	d := s.currentDiscovery()
	switch {
	case path == "version":
		writeObject(w, http.StatusOK, serverVersion)
	case path == "api":
		writeObject(w, http.StatusOK, d.legacy())
	case path == "apis":
		writeObject(w, http.StatusOK, d.groupList())
	default:
		gv, rest, ok := pathGroupVersion(path)
		resources, served := d.resources[gv]
		if !ok || len(rest) > 0 || !served {
			return false
		}
		writeObject(w, http.StatusOK, resources)
	}
	return true
}

// discovery is what the server serves, by group and version.
type discovery struct {
	versions  map[string][]string // by group, highest priority first
	resources map[schema.GroupVersion]*metav1.APIResourceList
	from      *kinds // the client's kinds it lists
}

// currentDiscovery is the discovery of the client's kinds now: a CRD
// written through the server or the client adds its resources.
func (s *Server) currentDiscovery() *discovery {
	d := s.discovery.Load()
	if d.from != s.client.kinds() {
		d = s.discover()
		s.discovery.Store(d)
	}
	return d
}

// discover lists the CRDs' versions and the scheme's kinds that have a
// list kind (the resources among its types: options, Scale and the like
// have none), as the client's kinds map them.
func (s *Server) discover() *discovery {
	ks := s.client.kinds()
	d := &discovery{versions: map[string][]string{}, resources: map[schema.GroupVersion]*metav1.APIResourceList{}, from: ks}
	crdGroups := map[string]bool{}
	for _, crd := range s.client.catalog.CRDs() {
		crdGroups[crd.Spec.Group] = true
		for _, v := range crd.Spec.Versions {
			if v.Served {
				gvk := schema.GroupVersionKind{Group: crd.Spec.Group, Version: v.Name, Kind: crd.Spec.Names.Kind}
				d.add(gvk, ks.byKind[gvk.GroupKind()], crd.Spec.Names.Singular, crd.Spec.Names.ShortNames, crd.Spec.Names.Categories)
			}
		}
	}
	for gvk := range s.client.scheme.AllKnownTypes() {
		if !crdGroups[gvk.Group] && isResourceKind(s.client.scheme, gvk) {
			_, singular := meta.UnsafeGuessKindToResource(gvk)
			d.add(gvk, ks.byKind[gvk.GroupKind()], singular.Resource, nil, nil)
		}
	}
	if !s.client.scheme.Recognizes(crdGVK) { // served without the scheme's types
		d.add(crdGVK, ks.byKind[crdGVK.GroupKind()], "customresourcedefinition", []string{"crd", "crds"}, []string{"api-extensions"})
	}
	d.sort()
	return d
}

// isResourceKind reports whether a kind of the scheme is served as a resource.
func isResourceKind(scheme *runtime.Scheme, gvk schema.GroupVersionKind) bool {
	if gvk.Version == runtime.APIVersionInternal || strings.HasSuffix(gvk.Kind, "List") {
		return false
	}
	return scheme.Recognizes(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
}

// resourceVerbs are the verbs of a resource; subresourceVerbs of its status and scale.
var (
	resourceVerbs    = metav1.Verbs{"create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"}
	subresourceVerbs = metav1.Verbs{"get", "patch", "update"}
)

// add lists a kind's resource and its subresources in its group version.
func (d *discovery) add(gvk schema.GroupVersionKind, k *kind, singular string, shortNames, categories []string) {
	if k == nil {
		return
	}
	gv := gvk.GroupVersion()
	list := d.resources[gv]
	if list == nil {
		list = &metav1.APIResourceList{TypeMeta: metav1.TypeMeta{Kind: "APIResourceList", APIVersion: "v1"}, GroupVersion: gv.String()}
		d.resources[gv] = list
		d.versions[gv.Group] = append(d.versions[gv.Group], gv.Version)
	}
	resource := metav1.APIResource{Name: k.resource.Resource, SingularName: singular, Namespaced: k.namespaced, Kind: gvk.Kind,
		Verbs: resourceVerbs, ShortNames: shortNames, Categories: categories}
	list.APIResources = append(list.APIResources, resource)
	for _, sub := range []string{engine.StatusSubresource, scaleSubresource, finalizeSubresource} {
		if k.hasSubresource(sub, gvk.Version) {
			r := metav1.APIResource{Name: k.resource.Resource + "/" + sub, Namespaced: k.namespaced, Kind: gvk.Kind, Verbs: subresourceVerbs}
			if sub == finalizeSubresource {
				r.Verbs = metav1.Verbs{"update"}
			}
			if sub == scaleSubresource { // its kind is autoscaling/v1's: discovery names the group (scale clients resolve it)
				r.Group, r.Version, r.Kind = scaleGVK.Group, scaleGVK.Version, scaleGVK.Kind
			}
			list.APIResources = append(list.APIResources, r)
		}
	}
}

// sort orders versions by Kubernetes' priority (v1 before v1beta1) and
// resources by name, so that every answer is the same.
func (d *discovery) sort() {
	for _, versions := range d.versions {
		slices.SortFunc(versions, func(a, b string) int { return version.CompareKubeAwareVersionStrings(b, a) })
	}
	for _, list := range d.resources {
		slices.SortFunc(list.APIResources, func(a, b metav1.APIResource) int { return strings.Compare(a.Name, b.Name) })
	}
}

// legacy is /api: the core group's versions.
func (d *discovery) legacy() *metav1.APIVersions {
	return &metav1.APIVersions{TypeMeta: metav1.TypeMeta{Kind: "APIVersions"}, Versions: d.versions[""]}
}

// groupList is /apis: every named group.
func (d *discovery) groupList() *metav1.APIGroupList {
	list := &metav1.APIGroupList{TypeMeta: metav1.TypeMeta{Kind: "APIGroupList", APIVersion: "v1"}}
	for group, versions := range d.versions {
		if group == "" {
			continue
		}
		g := metav1.APIGroup{Name: group}
		for _, v := range versions {
			g.Versions = append(g.Versions, metav1.GroupVersionForDiscovery{GroupVersion: group + "/" + v, Version: v})
		}
		g.PreferredVersion = g.Versions[0]
		list.Groups = append(list.Groups, g)
	}
	slices.SortFunc(list.Groups, func(a, b metav1.APIGroup) int { return strings.Compare(a.Name, b.Name) })
	return list
}
