package crd

import (
	"go/types"
	"strings"
)

// +default=ref(pkg/path.Name) or +default=ref(Name) is openapi-gen's and
// defaulter-gen's default taken from a Go constant. controller-gen writes
// no default for it (it reads no constants), and a CRD of an API that
// embeds k8s.io/api types (AzureDiskVolumeSource's cachingMode) must be
// the one controller-gen writes, so kval writes none either: the value is
// the Go defaulter's to apply. The reference is still checked, so a typo
// is a problem rather than a default silently lost; a +kubebuilder:default
// beside it (Cluster API writes both) gives the CRD's default.

// defaultRef returns what a +default=ref(...) marker's parentheses hold,
// and false for any other default.
func defaultRef(u use) (string, bool) {
	if u.m.name != "default" {
		return "", false
	}
	return strings.CutPrefix(strings.TrimSpace(u.value), "ref(")
}

// checkDefaultRef checks that ref names a constant: in the marker's
// package (a bare name) or in a package it is or imports (path.Name).
func checkDefaultRef(n *node, u use, ref string) error {
	ref, closed := strings.CutSuffix(ref, ")")
	if ref = strings.TrimSpace(ref); !closed || ref == "" {
		return u.errorf("want ref(Name) or ref(import/path.Name)")
	}
	if n.pkg == nil {
		return nil
	}
	path, name := "", ref
	if i := strings.LastIndex(ref, "."); i >= 0 {
		path, name = ref[:i], ref[i+1:]
	}
	pkg := packageByPath(n.pkg, path)
	if pkg == nil {
		return u.errorf("package %s is neither %s nor imported by it", path, n.pkg.Path())
	}
	if _, ok := pkg.Scope().Lookup(name).(*types.Const); !ok {
		return u.errorf("%s is not a constant of %s", name, pkg.Path())
	}
	return nil
}

// packageByPath is pkg itself ("" or its own path) or one it imports.
func packageByPath(pkg *types.Package, path string) *types.Package {
	if path == "" || path == pkg.Path() {
		return pkg
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return imp
		}
	}
	return nil
}
