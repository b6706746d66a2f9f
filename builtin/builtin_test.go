package builtin

import (
	"slices"
	"strings"
	"testing"

	"github.com/kval-dev/kval/schema"
)

func TestVersionNames(t *testing.T) {
	for v, minor := range map[string]string{"1.36": "1.36", "v1.36": "1.36", "1.36.3": "1.36", "1.35": "1.35", "v1.35.0": "1.35"} {
		if s, err := Version(v); err != nil || s.Minor() != minor {
			t.Errorf("Version(%q) = %v, %v, want %s", v, s, err, minor)
		}
	}
	embedded := []string{"1.27", "1.28", "1.29", "1.30", "1.31", "1.32", "1.33", "1.34", "1.35", "1.36"}
	if got := Versions(); !slices.Equal(got, embedded) || Newest() != "1.36" {
		t.Errorf("Versions() = %v, Newest() = %s", got, Newest())
	}
	for _, v := range []string{"136", "1.x", ""} {
		if _, err := Version(v); err == nil || !strings.Contains(err.Error(), "kval embeds 1.27, 1.28") {
			t.Errorf("Version(%q): %v, want an error listing the versions", v, err)
		}
	}
}

// TestAVersionNotEmbedded is no error until a kind is asked of it: a run
// of custom resources alone needs no built-in schemas.
func TestAVersionNotEmbedded(t *testing.T) {
	s, err := Version("1.20")
	if err != nil || s.Minor() != "1.20" {
		t.Fatalf("Version(1.20) = %v, %v", s, err)
	}
	if _, err := s.ForKind("apps", "v1", "Deployment"); err == nil || !strings.Contains(err.Error(), "no built-in schemas for Kubernetes 1.20: kval embeds 1.27") {
		t.Errorf("ForKind: %v, want the versions kval embeds", err)
	}
}

// TestKindsResolve builds every kind's CRD of every embedded version:
// scope and names from the published paths, metadata a bare object, no
// reference left anywhere.
func TestKindsResolve(t *testing.T) {
	for _, v := range Versions() {
		t.Run(v, func(t *testing.T) { kindsResolve(t, v) })
	}
}

func kindsResolve(t *testing.T, version string) {
	s, err := Version(version)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"apps/v1/Deployment", "/v1/ConfigMap", "/v1/Namespace", "apiextensions.k8s.io/v1/CustomResourceDefinition"} {
		if !slices.Contains(s.Kinds(), want) {
			t.Errorf("no kind %s", want)
		}
	}
	for _, gvk := range s.Kinds() {
		parts := strings.Split(gvk, "/")
		crd, err := s.ForKind(parts[0], parts[1], parts[2])
		if err != nil || crd == nil {
			t.Fatalf("%s: %v", gvk, err)
		}
		root := crd.VersionSchema(parts[1])
		if m := root.Properties["metadata"]; m == nil || m.Type != "object" || m.Properties != nil {
			t.Errorf("%s: metadata %+v, want a bare object", gvk, m)
		}
		if ref := findRef(root, 0); ref != "" {
			t.Errorf("%s: unresolved reference %s", gvk, ref)
		}
	}
	pod, _ := s.ForResource("", "v1", "pods")
	ns, _ := s.ForKind("", "v1", "Namespace")
	if pod == nil || !pod.Namespaced() || ns == nil || ns.Namespaced() {
		t.Errorf("scopes: pods %v, namespaces %v", pod, ns)
	}
}

func findRef(s *schema.Schema, depth int) string {
	if s == nil || depth > 64 {
		return ""
	}
	if s.Unsupported != nil && s.Unsupported.Ref != nil {
		return *s.Unsupported.Ref
	}
	children := []*schema.Schema{s.Items, s.AdditionalPropertiesSchema(), s.Not}
	for _, p := range s.Properties {
		children = append(children, p)
	}
	children = append(append(append(children, s.AllOf...), s.AnyOf...), s.OneOf...)
	for _, c := range children {
		if ref := findRef(c, depth+1); ref != "" {
			return ref
		}
	}
	return ""
}
