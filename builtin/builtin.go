package builtin

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/kval-dev/kval/schema"
)

// Set is the built-in kinds of one Kubernetes minor version. It is safe
// for concurrent use; a kind's CRD is built on first use, once.
type Set struct {
	minor  string
	source string
	groups map[string]bool
	// byKind and byResource are keyed "group/version/kind" and
	// "group/version/resource".
	byKind     map[string]*kindEntry
	byResource map[string]*kindEntry

	mu       sync.Mutex
	resolver *resolver
	crds     map[*kindEntry]*schema.CRD
}

var (
	setsMu sync.Mutex
	sets   = map[string]*Set{}
)

// Versions lists the embedded minor versions ("1.36"), oldest first.
func Versions() []string {
	files, _ := fs.Glob(data, "data/kubernetes-*.json.gz")
	var out []string
	for _, f := range files {
		out = append(out, strings.TrimSuffix(strings.TrimPrefix(f, "data/kubernetes-"), ".json.gz"))
	}
	slices.SortFunc(out, compareMinor)
	return out
}

// Newest returns the newest embedded minor version.
func Newest() string {
	v := Versions()
	return v[len(v)-1]
}

// Version returns the built-in kinds of a Kubernetes minor version, given
// as "1.36", "v1.36" or a patch release ("1.36.3", whose kinds are its
// minor's). The embedded file is read on the first call for a version.
func Version(version string) (*Set, error) {
	minor, ok := minorOf(version)
	if !ok || !slices.Contains(Versions(), minor) {
		return nil, fmt.Errorf("no built-in schemas for Kubernetes %q: kval embeds %s", version, strings.Join(Versions(), ", "))
	}
	setsMu.Lock()
	defer setsMu.Unlock()
	if s := sets[minor]; s != nil {
		return s, nil
	}
	s, err := load(minor)
	if err != nil {
		return nil, fmt.Errorf("built-in schemas of Kubernetes %s: %w", minor, err)
	}
	sets[minor] = s
	return s, nil
}

func load(minor string) (*Set, error) {
	f, err := readFile(minor)
	if err != nil {
		return nil, err
	}
	s := &Set{minor: minor, source: f.Source, groups: map[string]bool{},
		byKind: map[string]*kindEntry{}, byResource: map[string]*kindEntry{},
		resolver: newResolver(f), crds: map[*kindEntry]*schema.CRD{}}
	for i := range f.Kinds {
		k := &f.Kinds[i]
		s.groups[k.Group] = true
		s.byKind[k.Group+"/"+k.Version+"/"+k.Kind] = k
		s.byResource[k.Group+"/"+k.Version+"/"+k.Resource] = k
	}
	return s, nil
}

// Minor returns the Kubernetes minor version of the set, e.g. "1.36".
func (s *Set) Minor() string { return s.minor }

// Source says where the schemas come from, e.g.
// "k8s.io/kubernetes@v1.36.3 api/openapi-spec/v3".
func (s *Set) Source() string { return s.source }

// HasGroup reports whether an API group ("" for the core group) is built
// into Kubernetes.
func (s *Set) HasGroup(group string) bool { return s.groups[group] }

// ForKind returns the CRD that describes a built-in kind, or nil when the
// version does not serve that kind in that group-version.
func (s *Set) ForKind(group, version, kind string) (*schema.CRD, error) {
	return s.crd(s.byKind[group+"/"+version+"/"+kind])
}

// ForResource is ForKind by resource name ("deployments").
func (s *Set) ForResource(group, version, resource string) (*schema.CRD, error) {
	return s.crd(s.byResource[group+"/"+version+"/"+resource])
}

// Kinds lists the built-in kinds as "group/version/Kind" ("/v1/Pod" for
// the core group), sorted.
func (s *Set) Kinds() []string {
	var out []string
	for key := range s.byKind {
		out = append(out, key)
	}
	slices.Sort(out)
	return out
}

// crd builds the CRD of a kind once; nil for no kind. An error means the
// embedded data is damaged: a bug in kval.
func (s *Set) crd(k *kindEntry) (*schema.CRD, error) {
	if k == nil {
		return nil, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if crd := s.crds[k]; crd != nil {
		return crd, nil
	}
	root, err := s.resolver.definition(k.Definition)
	if err != nil {
		return nil, fmt.Errorf("built-in schemas of Kubernetes %s: kind %s: %w", s.minor, k.Kind, err)
	}
	crd := newCRD(*k, root, s.minor)
	s.crds[k] = crd
	return crd, nil
}
