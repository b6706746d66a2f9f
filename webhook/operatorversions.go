package webhook

import (
	"context"
	"sync"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/params"
	"github.com/kval-dev/kval/schema"
)

// OperatorVersions finds the KUDO OperatorVersion an Instance names: an
// OperatorVersion is namespaced, and an Instance refers to one of its own
// namespace by name (spec.operatorVersion.name).
type OperatorVersions = params.Finder

// MissingOperatorVersionError says that no OperatorVersion of that name is
// known in the namespace: the Instance cannot be checked, and is denied.
type MissingOperatorVersionError = params.MissingOperatorVersionError

// CatalogOptions are the options of the catalog of a server with opts:
// its validators compiled for the scope of its mode (in the default mode,
// without the value validation and CEL rules kube-apiserver runs itself);
// with OperatorVersions, KUDO Instances are checked by the params
// extension (params.InstanceCheck) in the engine, with the engine's order
// and answer, and served without a CRD of theirs (params.InstanceCRD)
// when no source gives one.
func CatalogOptions(opts Options) catalog.Options {
	out := catalog.Options{Engine: engine.Options{Scope: opts.Mode.scope()}}
	if opts.OperatorVersions != nil {
		out.Engine.Extensions = []engine.Extension{params.InstanceCheck(opts.OperatorVersions)}
		out.Fallback = []*schema.CRD{params.InstanceCRD()}
	}
	return out
}

// ovStore holds decoded OperatorVersions (params.Index) for concurrent
// requests and updates.
type ovStore struct {
	from string

	mu  sync.RWMutex
	ovs *params.Index
}

func newOVStore(from string) *ovStore {
	return &ovStore{from: from, ovs: params.NewIndex()}
}

// OperatorVersion implements OperatorVersions.
func (s *ovStore) OperatorVersion(_ context.Context, namespace, name string) (*params.OperatorVersion, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if ov, ok := s.ovs.Find(namespace, name); ok {
		return ov, nil
	}
	return nil, &MissingOperatorVersionError{Namespace: namespace, Name: name, From: s.from}
}

// replace serves exactly ovs from now on.
func (s *ovStore) replace(ovs []*params.OperatorVersion) {
	fresh := params.NewIndex(ovs...)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ovs = fresh
}

func (s *ovStore) put(ov *params.OperatorVersion) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ovs.Add(ov)
}

func (s *ovStore) remove(namespace, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ovs.Remove(namespace, name)
}

func (s *ovStore) len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.ovs.Len()
}
