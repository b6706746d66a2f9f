package crd

import (
	"context"
	"fmt"
	"go/types"
	"maps"
	"slices"
	"sort"

	"k8s.io/apimachinery/pkg/version"

	"github.com/kval-dev/kval/schema"
)

// Options configure a run.
type Options struct {
	// Dir is the directory patterns are relative to ("" for the current one).
	Dir string
	// Patterns select the packages, as for `go build` (e.g. "./api/...").
	Patterns []string
	// IgnorePrefixes are prefixes of markers of other tools (e.g.
	// "gateway:" for Gateway API's +gateway:experimental) that the run
	// leaves alone. Any other marker the generator does not know is a
	// problem in the project's own packages: nothing there is ignored
	// unless the caller says so (foreign packages' markers are their
	// tools', foreign.go).
	IgnorePrefixes []string
	// Annotations are set on every CRD, over those of
	// +kubebuilder:metadata:annotations: what a project's tooling adds to
	// all its CRDs without a marker on each kind, such as the
	// api-approved.kubernetes.io annotation kube-apiserver requires of a
	// *.k8s.io group (Gateway API's generator adds it so).
	Annotations map[string]string
	// TypeMarkers, when set, gives markers (without the +) to apply to a
	// named type's schema after those written on it, from the type and its
	// doc comment: how a project's tooling that keeps rules in a syntax of
	// its own edits controller-gen's per-type schemas, before they are
	// used and inlined. Gateway API's generator applies the
	// <gateway:experimental:validation:...> tags of type comments so.
	// Problems with them are reported at the type.
	TypeMarkers func(t *types.TypeName, doc string) []string
	// Lower rewrites the x-kubernetes-mutability and
	// x-kubernetes-key-mutability of seed 000's markers as CEL transition
	// rules (package lower) and drops the extensions, which
	// kube-apiserver does not know: a CRD for clusters with no kval
	// webhook. An extension with no faithful rule is a problem.
	Lower bool
	// GenerateEmbeddedObjectMeta gives a metav1.ObjectMeta embedded below
	// the root (a PodTemplateSpec's) the properties controller-gen's
	// crd:generateEmbeddedObjectMeta=true gives it: name, namespace,
	// labels, annotations and finalizers, which are then kept instead of
	// pruned. The root's metadata stays {type: object}, the one
	// kube-apiserver allows.
	GenerateEmbeddedObjectMeta bool
	// AllowDangerousTypes accepts float32 and float64 as type number, as
	// controller-gen's crd:allowDangerousTypes=true does; they are a
	// problem otherwise.
	AllowDangerousTypes bool
}

// Result is what a run produced.
type Result struct {
	// CRDs are the generated CRDs, sorted by name; none while there are
	// problems.
	CRDs []*CRD
	// Problems are the problems found, by position.
	Problems []Problem
}

// CRD is one generated CustomResourceDefinition.
type CRD struct {
	// Name is the CRD's name, <plural>.<group>.
	Name string
	// FileName is controller-gen's file name, <group>_<plural>.yaml.
	FileName string
	// Object is the CRD as a JSON object.
	Object map[string]any
	// YAML is the CRD as written.
	YAML []byte
}

// Generate loads the packages and generates a CRD per kind.
func Generate(opts Options) (*Result, error) {
	prog, err := load(opts.Dir, opts.Patterns)
	if err != nil {
		return nil, err
	}
	prog.ps.ignorePrefixes = opts.IgnorePrefixes
	b := &builder{prog: prog, ps: prog.ps, typeMarkers: opts.TypeMarkers,
		embeddedObjectMeta: opts.GenerateEmbeddedObjectMeta, allowFloats: opts.AllowDangerousTypes}
	groups := map[string][]*kindInfo{}
	for _, k := range prog.kinds() {
		if k.skip {
			continue
		}
		if k.pkg.group == "" {
			prog.ps.add(k.pos, "kind %s: its package has no +groupName", k.names.Kind)
			continue
		}
		k.version.Schema = &schema.Validation{OpenAPIV3Schema: trimRoot(b.named(k.named, k.pos))}
		id := k.names.Plural + "." + k.pkg.group
		groups[id] = append(groups[id], k)
	}
	var crds []*CRD
	for _, id := range sortedKeys(groups) {
		c := assemble(prog.ps, id, groups[id], opts.Annotations)
		if c == nil {
			continue
		}
		if len(prog.ps.list) > 0 {
			continue // a lint error would only repeat a problem found
		}
		for _, e := range check(context.Background(), c) {
			pos, ok := b.locate(groups[id], e.path)
			if !ok {
				pos = groups[id][0].pos
			}
			prog.ps.add(pos, "the generated %s is invalid: %s", c, e.msg)
		}
		if opts.Lower && len(prog.ps.list) == 0 {
			c = lowered(context.Background(), prog.ps, groups[id][0].pos, c)
		}
		if c != nil {
			crds = append(crds, c)
		}
	}
	res := &Result{Problems: prog.ps.sorted()}
	if len(res.Problems) == 0 {
		res.CRDs = crds
	}
	return res, nil
}

// assemble makes one CRD of a kind's versions, marking the storage
// version: the only one, or the one marked +kubebuilder:storageversion.
// Versions are in controller-gen's order, by name (v1, v1alpha2, v1beta1),
// so that its CRDs and kval's diff cleanly; kube-apiserver orders them by
// priority itself wherever order matters. The names, scope and metadata
// are the highest-priority version's, with the short names and categories
// of every version.
func assemble(ps *problems, name string, kinds []*kindInfo, annotations map[string]string) *CRD {
	first := slices.MaxFunc(kinds, func(a, b *kindInfo) int {
		return version.CompareKubeAwareVersionStrings(a.version.Name, b.version.Name)
	})
	sort.SliceStable(kinds, func(i, j int) bool { return kinds[i].version.Name < kinds[j].version.Name })
	if !checkVersions(ps, kinds) {
		return nil
	}
	names := first.names
	names.ShortNames = slices.Clone(names.ShortNames) // appended to below
	names.Categories = slices.Clone(names.Categories)
	for _, k := range kinds {
		// Every other version's, whichever sorts first: first is the
		// highest-priority version, not kinds[0].
		if k != first {
			names.ShortNames = appendNew(names.ShortNames, k.names.ShortNames)
			names.Categories = appendNew(names.Categories, k.names.Categories)
		}
	}
	first.annotations = withAnnotations(first.annotations, annotations)
	obj := crdObject(name, first, names, kinds)
	data, err := encodeYAML(obj)
	if err != nil {
		ps.add(first.pos, "encoding the CRD %s: %v", name, err)
		return nil
	}
	return &CRD{Name: name, FileName: first.pkg.group + "_" + first.names.Plural + ".yaml", Object: obj, YAML: data}
}

func checkVersions(ps *problems, kinds []*kindInfo) bool {
	storage := 0
	for _, k := range kinds {
		if k.scope != kinds[0].scope {
			ps.add(k.pos, "kind %s is %s in %s but %s in %s", k.names.Kind, k.scope, k.version.Name, kinds[0].scope, kinds[0].version.Name)
			return false
		}
		if k.version.Storage {
			storage++
		}
	}
	if len(kinds) == 1 {
		kinds[0].version.Storage = true
		return true
	}
	if storage != 1 {
		ps.add(kinds[0].pos, "kind %s has %d versions and %d marked +kubebuilder:storageversion; mark exactly one", kinds[0].names.Kind, len(kinds), storage)
		return false
	}
	return true
}

// withAnnotations returns the kind's annotations with the run's over them.
func withAnnotations(kind, run map[string]string) map[string]string {
	if len(run) == 0 {
		return kind
	}
	out := maps.Clone(kind)
	if out == nil {
		out = map[string]string{}
	}
	maps.Copy(out, run)
	return out
}

func appendNew(a, b []string) []string {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	return a
}

// Files returns the CRDs as files of a directory, by controller-gen's
// names.
func (r *Result) Files() map[string][]byte {
	out := map[string][]byte{}
	for _, c := range r.CRDs {
		out[c.FileName] = c.YAML
	}
	return out
}

func (c *CRD) String() string { return fmt.Sprintf("CustomResourceDefinition %q", c.Name) }
