package openapi

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/version"

	kvalschema "github.com/kval-dev/kval/schema"
)

// GroupVersionDocument is the document kube-apiserver serves for one
// group-version at /openapi/v3/<Path()>.
type GroupVersionDocument struct {
	GroupVersion schema.GroupVersion
	Document     *Document
}

// Path is the document's path under /openapi/v3: apis/<group>/<version>.
func (d GroupVersionDocument) Path() string {
	return "apis/" + d.GroupVersion.Group + "/" + d.GroupVersion.Version
}

// Build builds the document of every group-version the CRDs serve, as
// kube-apiserver serves them under /openapi/v3: the documents of the served
// versions of every CRD in a group-version merged into one. They are sorted
// by group, then by version priority (v1 before v1beta1 before v1alpha1).
func Build(crds []*kvalschema.CRD) ([]GroupVersionDocument, error) {
	byGV := map[schema.GroupVersion][]namedDocument{}
	for _, crd := range crds {
		if crd == nil {
			continue
		}
		for _, v := range crd.Spec.Versions {
			if !v.Served {
				continue
			}
			doc, err := BuildVersion(crd, v.Name)
			if err != nil {
				return nil, fmt.Errorf("%s %q: %w", kvalschema.CRDKind, crd.Name(), err)
			}
			gv := schema.GroupVersion{Group: crd.Spec.Group, Version: v.Name}
			byGV[gv] = append(byGV[gv], namedDocument{crd.Name(), doc})
		}
	}
	out := make([]GroupVersionDocument, 0, len(byGV))
	for gv, docs := range byGV {
		merged, err := merge(docs)
		if err != nil {
			return nil, fmt.Errorf("group-version %s: %w", gv, err)
		}
		out = append(out, GroupVersionDocument{GroupVersion: gv, Document: merged})
	}
	sort.Slice(out, func(i, j int) bool { return lessGroupVersion(out[i].GroupVersion, out[j].GroupVersion) })
	return out, nil
}

func lessGroupVersion(a, b schema.GroupVersion) bool {
	if a.Group != b.Group {
		return a.Group < b.Group
	}
	return version.CompareKubeAwareVersionStrings(a.Version, b.Version) > 0
}

// namedDocument is the document of one CRD version, named by its CRD.
type namedDocument struct {
	crd string
	doc *Document
}

// merge combines the documents of the CRDs of one group-version, as
// kube-apiserver's MergeSpecsV3: every path and component of every
// document. A component defined twice is an error unless it is one of the
// standard definitions (meta/v1, autoscaling/v1) all documents share. A
// path served twice is an error too: kube-apiserver would not establish
// the second CRD (its names conflict), so there is no document to match.
func merge(docs []namedDocument) (*Document, error) {
	sort.Slice(docs, func(i, j int) bool { return docs[i].crd < docs[j].crd })
	out := &Document{
		OpenAPI:    openAPIVersion,
		Info:       Info{Title: infoTitle, Version: infoVersion},
		Paths:      map[string]*PathItem{},
		Components: Components{Schemas: map[string]*Schema{}},
	}
	pathOwner, componentOwner := map[string]string{}, map[string]string{}
	for _, d := range docs {
		for _, key := range slices.Sorted(maps.Keys(d.doc.Components.Schemas)) {
			if owner, exists := componentOwner[key]; exists {
				if isSharedModel(key) {
					continue
				}
				return nil, fmt.Errorf("schema %s is defined by both %s and %s", key, owner, d.crd)
			}
			componentOwner[key] = d.crd
			out.Components.Schemas[key] = d.doc.Components.Schemas[key]
		}
		for _, path := range slices.Sorted(maps.Keys(d.doc.Paths)) {
			if owner, exists := pathOwner[path]; exists {
				return nil, fmt.Errorf("path %s is served by both %s and %s", path, owner, d.crd)
			}
			pathOwner[path] = d.crd
			out.Paths[path] = d.doc.Paths[path]
		}
	}
	return out, nil
}

// isSharedModel reports the models every CRD document may carry: those of
// meta/v1 and autoscaling/v1.
func isSharedModel(key string) bool {
	return strings.HasPrefix(key, "io.k8s.apimachinery.pkg.apis.meta.v1") || strings.HasPrefix(key, "io.k8s.api.autoscaling.v1")
}
