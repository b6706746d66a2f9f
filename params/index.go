package params

import "context"

// Index holds OperatorVersions by namespace and name; one without a
// namespace (a package directory, an object that has none) serves every
// namespace. It is not safe for concurrent changes: the webhook guards it.
type Index struct {
	ovs map[indexKey]*OperatorVersion
}

type indexKey struct{ namespace, name string }

// NewIndex holds ovs.
func NewIndex(ovs ...*OperatorVersion) *Index {
	x := &Index{ovs: make(map[indexKey]*OperatorVersion, len(ovs))}
	for _, ov := range ovs {
		x.Add(ov)
	}
	return x
}

// Add holds ov, replacing one of the same namespace and name.
func (x *Index) Add(ov *OperatorVersion) { x.ovs[indexKey{ov.Namespace, ov.Name}] = ov }

// Remove drops the OperatorVersion of that namespace and name.
func (x *Index) Remove(namespace, name string) { delete(x.ovs, indexKey{namespace, name}) }

// Len is how many OperatorVersions the index holds.
func (x *Index) Len() int { return len(x.ovs) }

// Find returns the OperatorVersion an Instance of namespace names: the
// namespace's own, else one that serves every namespace.
func (x *Index) Find(namespace, name string) (*OperatorVersion, bool) {
	if ov, ok := x.ovs[indexKey{namespace, name}]; ok {
		return ov, true
	}
	ov, ok := x.ovs[indexKey{"", name}]
	return ov, ok
}

// Finder serves the index's OperatorVersions to the rules; from says
// where they were read, for MissingOperatorVersionError. The index must
// not change while the Finder is in use.
func (x *Index) Finder(from string) Finder { return indexFinder{x, from} }

type indexFinder struct {
	x    *Index
	from string
}

func (f indexFinder) OperatorVersion(_ context.Context, namespace, name string) (*OperatorVersion, error) {
	if ov, ok := f.x.Find(namespace, name); ok {
		return ov, nil
	}
	return nil, &MissingOperatorVersionError{Namespace: namespace, Name: name, From: f.from}
}
