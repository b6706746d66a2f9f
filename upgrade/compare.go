package upgrade

import (
	"fmt"
	"slices"

	"github.com/kval-dev/kval/schema"
)

// Compare lists the changes from old to crd that matter to stored objects
// and clients: CRD-wide ones first, then each version of old in order,
// its schema's changes in a stable order (parents before children,
// properties by name).
func Compare(old, crd *schema.CRD) []Change {
	var changes []Change
	changes = append(changes, compareIdentity(old, crd)...)
	stored := old.UpdateStoredVersions()
	for _, v := range old.Spec.Versions {
		changes = append(changes, compareVersion(old, crd, v, slices.Contains(stored, v.Name))...)
	}
	for _, v := range crd.Spec.Versions {
		if findVersion(old, v.Name) == nil {
			changes = append(changes, Change{Severity: Info, Kind: VersionAdded, Version: v.Name, Message: "new version"})
		}
	}
	return changes
}

// compareIdentity reports a changed scope or kind: objects are stored under
// both, so neither can change for stored objects.
func compareIdentity(old, crd *schema.CRD) []Change {
	var changes []Change
	if old.Spec.Scope != crd.Spec.Scope {
		changes = append(changes, Change{Severity: Error, Kind: ScopeChanged,
			Message: fmt.Sprintf("scope changed from %s to %s", old.Spec.Scope, crd.Spec.Scope)})
	}
	if old.Spec.Names.Kind != crd.Spec.Names.Kind {
		changes = append(changes, Change{Severity: Error, Kind: KindChanged,
			Message: fmt.Sprintf("kind changed from %s to %s", old.Spec.Names.Kind, crd.Spec.Names.Kind)})
	}
	return changes
}

// compareVersion reports what happened to version v of old in crd.
func compareVersion(old, crd *schema.CRD, v schema.Version, stored bool) []Change {
	now := findVersion(crd, v.Name)
	switch {
	case now == nil && stored:
		return []Change{{Severity: Error, Kind: StoredVersionGone, Version: v.Name,
			Message: "removed, but objects may still be stored in it: migrate them and remove it from status.storedVersions first"}}
	case now == nil && v.Served:
		return []Change{{Severity: Error, Kind: VersionRemoved, Version: v.Name, Message: "served version removed: its clients get 404"}}
	case now == nil:
		return []Change{{Severity: Info, Kind: VersionRemoved, Version: v.Name, Message: "unserved version removed"}}
	}
	var changes []Change
	if v.Served && !now.Served {
		changes = append(changes, Change{Severity: Error, Kind: VersionNotServed, Version: v.Name, Message: "no longer served: its clients get 404"})
	}
	d := &differ{version: v.Name}
	d.node(old.VersionSchema(v.Name), crd.VersionSchema(v.Name), "")
	return append(changes, d.changes...)
}

func findVersion(crd *schema.CRD, name string) *schema.Version {
	for i := range crd.Spec.Versions {
		if crd.Spec.Versions[i].Name == name {
			return &crd.Spec.Versions[i]
		}
	}
	return nil
}
