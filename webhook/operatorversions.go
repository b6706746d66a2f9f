package webhook

import (
	"context"
	"sync"

	"github.com/kval-dev/kval/params"
)

// OperatorVersions finds the KUDO OperatorVersion an Instance names: an
// OperatorVersion is namespaced, and an Instance refers to one of its own
// namespace by name (spec.operatorVersion.name).
type OperatorVersions = params.Finder

// MissingOperatorVersionError says that no OperatorVersion of that name is
// known in the namespace: the Instance cannot be checked, and is denied.
type MissingOperatorVersionError = params.MissingOperatorVersionError

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
