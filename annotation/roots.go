package annotation

import (
	"fmt"

	"github.com/kval-dev/kval/schema"
)

// schemaRoot is one openAPIV3Schema of a CRD.
type schemaRoot struct {
	key    string // its key in the annotation: a version name, or TopLevelSchema
	path   string // where it is in the CRD, for messages
	schema map[string]any
}

// schemaRoots lists the schemas of crd: v1beta1's spec.validation, then
// those of spec.versions in order. Holders without a schema object are left
// out; a version's key is "" when it has no name.
func schemaRoots(crd map[string]any) []schemaRoot {
	spec, _ := crd["spec"].(map[string]any)
	var roots []schemaRoot
	if crd["apiVersion"] == schema.CRDAPIVersionBeta {
		roots = appendRoot(roots, TopLevelSchema, "spec.validation", spec["validation"])
	}
	versions, _ := spec["versions"].([]any)
	for i, v := range versions {
		version, _ := v.(map[string]any)
		name, _ := version["name"].(string)
		roots = appendRoot(roots, name, fmt.Sprintf("spec.versions[%d].schema", i), version["schema"])
	}
	return roots
}

func appendRoot(roots []schemaRoot, key, path string, holder any) []schemaRoot {
	h, _ := holder.(map[string]any)
	s, ok := h["openAPIV3Schema"].(map[string]any)
	if !ok {
		return roots
	}
	return append(roots, schemaRoot{key: key, path: path + ".openAPIV3Schema", schema: s})
}

// checkUnique makes sure the annotation can name root: its version has a
// name no other schema has (kube-apiserver rejects such a CRD anyway, but
// Pack must never record what Unpack cannot put back).
func checkUnique(roots []schemaRoot, root schemaRoot) error {
	if root.key == "" {
		return fmt.Errorf("%s holds extensions, but its version has no name to record them under", root.path)
	}
	if n := len(rootsNamed(roots, root.key)); n > 1 {
		return fmt.Errorf("%s holds extensions, but %d versions are named %q", root.path, n, root.key)
	}
	return nil
}

// rootOf finds the one schema the annotation names key.
func rootOf(roots []schemaRoot, key string) (schemaRoot, error) {
	named := rootsNamed(roots, key)
	switch {
	case len(named) == 1:
		return named[0], nil
	case len(named) > 1:
		return schemaRoot{}, fmt.Errorf("version %q: the CRD has %d versions of that name", key, len(named))
	case key == TopLevelSchema:
		return schemaRoot{}, fmt.Errorf("%s.openAPIV3Schema: the CRD has none", TopLevelSchema)
	}
	return schemaRoot{}, fmt.Errorf("version %q: the CRD has no version of that name with a schema", key)
}

func rootsNamed(roots []schemaRoot, key string) []schemaRoot {
	var named []schemaRoot
	for _, root := range roots {
		if root.key == key {
			named = append(named, root)
		}
	}
	return named
}
