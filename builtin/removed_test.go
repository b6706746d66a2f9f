package builtin

import "testing"

// TestRemovedGroupsAreGone: the removed groups are built-in groups of every
// embedded version that serve no kind, so their objects get "no matches
// for kind"; and they are gone from every embedded version.
func TestRemovedGroupsAreGone(t *testing.T) {
	for _, v := range Versions() {
		s, err := Version(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.load(); err != nil {
			t.Fatal(err)
		}
		for group := range removedGroups {
			if s.groups[group] {
				t.Errorf("%s serves group %s, listed as removed", v, group)
			}
			if !s.HasGroup(group) {
				t.Errorf("%s: HasGroup(%q) = false, want a built-in group", v, group)
			}
			if crd, err := s.ForKind(group, "v1beta1", "Deployment"); crd != nil || err != nil {
				t.Errorf("%s: ForKind(%s/v1beta1 Deployment) = %v, %v; want no kind", v, group, crd, err)
			}
		}
	}
	if RemovedIn("apps") != "" || RemovedIn("example.com") != "" || RemovedIn("extensions") != "1.22" {
		t.Error("RemovedIn names groups Kubernetes still has or never had")
	}
}
