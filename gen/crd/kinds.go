package crd

import (
	"go/types"
	"strings"

	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

// kinds returns the root types of the loaded packages that are kinds:
// +kubebuilder:object:root types with an ObjectMeta (their lists have a
// ListMeta instead), with their resource markers read.
func (prog *program) kinds() []*kindInfo {
	var out []*kindInfo
	for _, p := range prog.roots {
		decls := prog.decls[p.PkgPath]
		for _, name := range p.Types.Scope().Names() {
			tn, ok := p.Types.Scope().Lookup(name).(*types.TypeName)
			decl := decls.types[name]
			if !ok || decl == nil {
				continue
			}
			if k := prog.kind(tn, decl); k != nil {
				out = append(out, k)
			}
		}
	}
	return out
}

func (prog *program) kind(tn *types.TypeName, decl *typeDecl) *kindInfo {
	named, ok := shape.Named(tn.Type())
	if !ok {
		return nil
	}
	k := &kindInfo{pkg: prog.packageInfo(tn.Pkg()), named: named, pos: decl.pos}
	k.version.Served = true
	lines := append(append([]tags.Line{}, decl.extra...), decl.doc...)
	for _, u := range markersIn(lines, onType, prog.ps, false) {
		if u.m.resource == nil {
			continue
		}
		if err := u.m.resource(k, u); err != nil {
			prog.ps.add(u.pos, "%v", err)
		}
	}
	if !k.root || !hasObjectMeta(named) {
		return nil
	}
	k.names.Kind = tn.Name()
	k.names.ListKind = tn.Name() + "List"
	if k.names.Plural == "" {
		k.names.Plural = DefaultPlural(tn.Name())
	}
	if k.names.Singular == "" {
		k.names.Singular = strings.ToLower(tn.Name())
	}
	if k.scope == "" {
		k.scope = "Namespaced"
	}
	k.version.Name = k.pkg.version
	return k
}

func hasObjectMeta(n *types.Named) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if fn, ok := shape.Named(shape.NonPointer(st.Field(i).Type())); ok && fn.Obj().Pkg() != nil &&
			fn.Obj().Pkg().Path()+"."+fn.Obj().Name() == metav1+"ObjectMeta" {
			return true
		}
	}
	return false
}
