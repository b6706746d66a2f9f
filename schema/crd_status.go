package schema

// LiveStatus is the part of a CRD's status that matters when the CRD is
// updated: what a CRD read from a cluster (kubectl get -o yaml) carries.
// kube-apiserver keeps the status of the stored CRD on a spec update, so an
// update is checked against the old CRD's status, never against the new
// document's.
type LiveStatus struct {
	// StoredVersions is status.storedVersions: every version objects may
	// still be stored in.
	StoredVersions []string
	// Established is the status of the Established condition: true, false,
	// or nil when the status has no such condition.
	Established *bool
}

// decodeLiveStatus reads status.storedVersions and status.conditions
// leniently: kube-apiserver ignores the status sent with a spec update, so
// an odd status is no error of the CRD; what cannot be read is left out.
func decodeLiveStatus(value any) *LiveStatus {
	m, ok := value.(map[string]any)
	if !ok || len(m) == 0 {
		return nil
	}
	status := &LiveStatus{}
	list, _ := m["storedVersions"].([]any)
	for _, v := range list {
		if s, ok := v.(string); ok {
			status.StoredVersions = append(status.StoredVersions, s)
		}
	}
	conditions, _ := m["conditions"].([]any)
	for _, c := range conditions {
		cond, _ := c.(map[string]any)
		if cond["type"] == "Established" {
			established := cond["status"] == "True"
			status.Established = &established
		}
	}
	return status
}

// UpdateStoredVersions is status.storedVersions of the old CRD as the update
// finds it: the live status's, or, for a CRD read from a file without a
// status, the storage version it was created with.
func (c *CRD) UpdateStoredVersions() []string {
	if c.Live != nil && len(c.Live.StoredVersions) > 0 {
		return c.Live.StoredVersions
	}
	return c.StoredVersions
}

// IsEstablished reports whether the CRD counts as established when it is
// the old CRD of an update: its Established condition, or true for a CRD
// without a status, which kval takes to be installed in a cluster (an
// update only happens to a CRD that exists).
func (c *CRD) IsEstablished() bool {
	if c.Live == nil || c.Live.Established == nil {
		return true
	}
	return *c.Live.Established
}
