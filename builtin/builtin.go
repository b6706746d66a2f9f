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
// for concurrent use. Its embedded file is read on first use (a run that
// validates only custom resources never reads it), and a kind's CRD is
// built on first use, once.
type Set struct {
	minor string

	loaded  sync.Once
	loadErr error
	source  string
	groups  map[string]bool
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
// minor's). The embedded file is read when the set is first used. A minor
// kval does not embed is no error until a kind is asked of it (ForKind,
// ForResource): a run that validates only custom resources needs none.
func Version(version string) (*Set, error) {
	minor, ok := minorOf(version)
	if !ok {
		return nil, fmt.Errorf("%q is not a Kubernetes version (1.36, v1.36 or 1.36.3): kval embeds %s", version, strings.Join(Versions(), ", "))
	}
	setsMu.Lock()
	defer setsMu.Unlock()
	if s := sets[minor]; s != nil {
		return s, nil
	}
	s := &Set{minor: minor}
	if !slices.Contains(Versions(), minor) {
		s.loaded.Do(func() {
			s.loadErr = fmt.Errorf("no built-in schemas for Kubernetes %s: kval embeds %s", minor, strings.Join(Versions(), ", "))
		})
	}
	sets[minor] = s
	return s, nil
}

// Load reads the set's schemas now rather than on first use: its error
// says that kval does not embed the version (or that the embedded data is
// damaged), for a caller that needs built-in kinds whatever its objects.
func (s *Set) Load() error { return s.load() }

// load reads the embedded file once. An error means the embedded data is
// damaged: a bug in kval.
func (s *Set) load() error {
	s.loaded.Do(func() {
		f, err := readFile(s.minor)
		if err != nil {
			s.loadErr = fmt.Errorf("built-in schemas of Kubernetes %s: %w", s.minor, err)
			return
		}
		s.source, s.groups = f.Source, map[string]bool{}
		s.byKind, s.byResource = map[string]*kindEntry{}, map[string]*kindEntry{}
		s.resolver, s.crds = newResolver(f), map[*kindEntry]*schema.CRD{}
		for i := range f.Kinds {
			k := &f.Kinds[i]
			s.groups[k.Group] = true
			s.byKind[k.Group+"/"+k.Version+"/"+k.Kind] = k
			s.byResource[k.Group+"/"+k.Version+"/"+k.Resource] = k
		}
	})
	return s.loadErr
}

// Minor returns the Kubernetes minor version of the set, e.g. "1.36".
func (s *Set) Minor() string { return s.minor }

// Source says where the schemas come from, e.g.
// "k8s.io/kubernetes@v1.36.3 api/openapi-spec/v3" ("" when the embedded
// data is damaged).
func (s *Set) Source() string {
	_ = s.load()
	return s.source
}

// HasGroup reports whether an API group ("" for the core group) is built
// into Kubernetes, or was and has been removed (extensions: see
// removedGroups). With damaged embedded data it says yes, so that ForKind
// and ForResource report the damage instead of every kind passing for one
// of no known group.
func (s *Set) HasGroup(group string) bool {
	if s.load() != nil {
		return true
	}
	return s.groups[group] || RemovedIn(group) != ""
}

// ForKind returns the CRD that describes a built-in kind, or nil when the
// version does not serve that kind in that group-version.
func (s *Set) ForKind(group, version, kind string) (*schema.CRD, error) {
	if err := s.load(); err != nil {
		return nil, err
	}
	return s.crd(s.byKind[group+"/"+version+"/"+kind])
}

// ForResource is ForKind by resource name ("deployments").
func (s *Set) ForResource(group, version, resource string) (*schema.CRD, error) {
	if err := s.load(); err != nil {
		return nil, err
	}
	return s.crd(s.byResource[group+"/"+version+"/"+resource])
}

// Kinds lists the built-in kinds as "group/version/Kind" ("/v1/Pod" for
// the core group), sorted; none with damaged embedded data.
func (s *Set) Kinds() []string {
	_ = s.load()
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
