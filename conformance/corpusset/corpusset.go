package corpusset

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"

	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// CRDDirs are the folders of CRDs in the corpus.
var CRDDirs = []string{"crds-standard", "crds-experimental"}

// Version is one version of a corpus CRD, loaded by both sides.
type Version struct {
	// Name is "crds-standard/httproutes.gateway.networking.k8s.io/v1".
	Name     string
	CRD      *schema.CRD
	Version  string
	Upstream *apiextensions.CustomResourceDefinition
}

// APIVersion is the apiVersion of the version's objects.
func (v Version) APIVersion() string { return v.CRD.Spec.Group + "/" + v.Version }

// Kind is the kind of the version's objects.
func (v Version) Kind() string { return v.CRD.Spec.Names.Kind }

// GVK is "group/version, Kind=Kind", the key of Objects.
func (v Version) GVK() string { return gvk(v.APIVersion(), v.Kind()) }

// Schema is kval's schema of the version.
func (v Version) Schema() *schema.Schema { return v.CRD.VersionSchema(v.Version) }

// UpstreamSchema is upstream's schema of the version (internal form).
func (v Version) UpstreamSchema() (*apiextensions.JSONSchemaProps, error) {
	props, err := apiextensions.GetSchemaForVersion(v.Upstream, v.Version)
	if err != nil || props == nil {
		return nil, err
	}
	return props.OpenAPIV3Schema, nil
}

// Served is the structural schema kube-apiserver serves for the version.
func (v Version) Served() (*structuralschema.Structural, error) {
	return upstream.ServedSchema(v.Upstream, v.Version)
}

func gvk(apiVersion, kind string) string { return apiVersion + ", Kind=" + kind }

var (
	versionsOnce sync.Once
	versions     map[string][]Version // by CRD folder
	versionsErr  error
)

// Versions returns every version of every CRD in the given folders (all of
// CRDDirs when none are given).
func Versions(dirs ...string) ([]Version, error) {
	versionsOnce.Do(func() { versions, versionsErr = loadVersions() })
	if versionsErr != nil {
		return nil, versionsErr
	}
	if len(dirs) == 0 {
		dirs = CRDDirs
	}
	var out []Version
	for _, dir := range dirs {
		out = append(out, versions[dir]...)
	}
	return out, nil
}

func loadVersions() (map[string][]Version, error) {
	out := map[string][]Version{}
	for _, dir := range CRDDirs {
		path, err := Path("gateway-api", dir)
		if err != nil {
			return nil, err
		}
		files, err := filepath.Glob(path + "/*.yaml")
		if err != nil {
			return nil, err
		}
		for _, file := range files {
			vs, err := fileVersions(dir, file)
			if err != nil {
				return nil, err
			}
			out[dir] = append(out[dir], vs...)
		}
	}
	return out, nil
}

func fileVersions(dir, file string) ([]Version, error) {
	if data, err := os.ReadFile(file); err != nil || !strings.Contains(string(data), "kind: CustomResourceDefinition") {
		return nil, err // a ValidatingAdmissionPolicy shipped with the CRDs
	}
	loaded := schema.LoadFiles([]string{file})
	if errs := loaded.Errors(); len(errs) > 0 {
		return nil, fmt.Errorf("kval cannot load %s: %v", file, errs)
	}
	ups, err := upstream.LoadCRDs(file)
	if err != nil {
		return nil, fmt.Errorf("upstream cannot load %s: %w", file, err)
	}
	byName := map[string]*apiextensions.CustomResourceDefinition{}
	for _, u := range ups {
		byName[u.Name] = u
	}
	var out []Version
	for _, c := range loaded.CRDs {
		u, ok := byName[c.Name()]
		if !ok {
			return nil, fmt.Errorf("%s: upstream did not load %s", file, c.Name())
		}
		for _, v := range c.Spec.Versions {
			out = append(out, Version{Name: fmt.Sprintf("%s/%s/%s", dir, c.Name(), v.Name), CRD: c, Version: v.Name, Upstream: u})
		}
	}
	return out, nil
}

// Path joins elements below testdata/corpus.
func Path(elem ...string) (string, error) {
	return corpus.Path(elem...)
}

// Object is an object of the corpus.
type Object struct {
	// Source is "file:line"; Name is a benchmark-friendly name,
	// "standard:basic-http#2-HTTPRoute".
	Source, Name string
	Object       map[string]any
	// Invalid says the object comes from invalid-examples.
	Invalid bool
}

var (
	objectsOnce sync.Once
	objects     map[string][]Object
	objectsErr  error
)

// Objects returns every object of the corpus, valid and invalid, by GVK.
// Callers must not change them (copy first).
func Objects() (map[string][]Object, error) {
	objectsOnce.Do(func() { objects, objectsErr = loadObjects() })
	return objects, objectsErr
}

func loadObjects() (map[string][]Object, error) {
	out := map[string][]Object{}
	for _, set := range []struct {
		dir     string
		invalid bool
	}{{"examples", false}, {"invalid-examples", true}} {
		dir, err := Path("gateway-api", set.dir)
		if err != nil {
			return nil, err
		}
		files, err := manifest.ExpandPaths([]string{dir})
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			docs, errs := manifest.ReadFile(f)
			if len(errs) > 0 {
				return nil, fmt.Errorf("%s: %v", f, errs)
			}
			for i, d := range docs {
				apiVersion, _ := d.Object["apiVersion"].(string)
				kind, _ := d.Object["kind"].(string)
				key := gvk(apiVersion, kind)
				out[key] = append(out[key], Object{Source: d.Source.String(), Name: objectName(dir, f, i, kind),
					Object: d.Object, Invalid: set.invalid})
			}
		}
	}
	return out, nil
}

// objectName names an object after its file and position.
func objectName(dir, file string, index int, kind string) string {
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		rel = filepath.Base(file)
	}
	rel = strings.TrimSuffix(rel, filepath.Ext(rel))
	return fmt.Sprintf("%s#%d-%s", strings.ReplaceAll(rel, "/", ":"), index, kind)
}

// Example is a valid corpus object with the CRD version that serves it.
type Example struct {
	Object
	Version Version
}

// Examples pairs every valid example with its version among the
// experimental CRDs, which serve every kind of the examples; objects of
// other kinds (Namespaces, Services) are left out.
func Examples() ([]Example, error) {
	vs, err := Versions("crds-experimental")
	if err != nil {
		return nil, err
	}
	objs, err := Objects()
	if err != nil {
		return nil, err
	}
	var out []Example
	for _, v := range vs {
		for _, o := range objs[v.GVK()] {
			if !o.Invalid {
				out = append(out, Example{Object: o, Version: v})
			}
		}
	}
	return out, nil
}
