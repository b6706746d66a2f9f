package crd

import (
	"strings"

	"github.com/kval-dev/kval/tags"
)

// A foreign package is one outside the modules of the packages being
// generated: k8s.io/api, k8s.io/apimachinery, another project's API. Its
// comments carry the markers of the tools its owners run (+k8s:protobuf-gen,
// openapi-gen's +oneOf and +enum, declarative validation's +k8s: tags,
// which kube-apiserver enforces on its built-in kinds, not on a CRD that
// embeds their types): they are not the project's to fix, nor kval's to
// judge. There, as controller-gen does, the run reads only the markers
// controller-gen reads everywhere (marker.controllerGen) and leaves every
// other one alone, so an embedded corev1.PodTemplateSpec gets the schema
// controller-gen gives it. The project's own packages, those of the
// patterns' modules, keep every marker checked.

// ownModules records the modules of the root packages.
func (prog *program) recordOwnModules() {
	prog.own = map[string]bool{}
	for _, p := range prog.roots {
		prog.own[p.PkgPath] = true
		if p.Module != nil {
			prog.ownModules = append(prog.ownModules, p.Module.Path)
		}
	}
}

// foreign says whether a package is outside the modules being generated.
func (prog *program) foreign(pkgPath string) bool {
	if prog.own[pkgPath] {
		return false
	}
	for _, m := range prog.ownModules {
		if pkgPath == m || strings.HasPrefix(pkgPath, m+"/") {
			return false
		}
	}
	return true
}

// foreignMarkers keeps, of the markers found in a foreign package, those
// controller-gen reads there too.
func foreignMarkers(found []tags.Found) []tags.Found {
	var out []tags.Found
	for _, f := range found {
		text := f.Text
		if rest, ok := strings.CutPrefix(text, itemsPrefix); ok {
			text = "kubebuilder:validation:" + rest
		}
		if m, _, ok := lookup(text); ok && m.controllerGen {
			out = append(out, f)
		}
	}
	return out
}
