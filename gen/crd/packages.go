package crd

import (
	"go/types"

	"github.com/kval-dev/kval/tags"
)

// pkgInfo is what a package's markers say about its kinds.
type pkgInfo struct {
	path, group, version string
	pos                  tags.Pos // where +groupName is, or the package
	// optionalByDefault is +kubebuilder:validation:Optional on the package.
	optionalByDefault bool
}

// packageInfo reads a package's markers, once.
func (prog *program) packageInfo(p *types.Package) *pkgInfo {
	if p == nil {
		return &pkgInfo{}
	}
	if info, ok := prog.pkgInfos[p.Path()]; ok {
		return info
	}
	info := &pkgInfo{path: p.Path(), version: p.Name()}
	ps := prog.ps
	for _, u := range markersIn(prog.declsOf(p.Path()).options, onPackage, ps, prog.foreign(p.Path())) {
		if u.m.pkg == nil {
			continue
		}
		if err := u.m.pkg(info, u); err != nil {
			ps.add(u.pos, "%v", err)
		}
	}
	prog.pkgInfos[p.Path()] = info
	return info
}

func setGroup(p *pkgInfo, u use) error {
	g, err := stringValue(u.value)
	p.group, p.pos = g, u.pos
	return err
}

func setVersion(p *pkgInfo, u use) error {
	v, err := stringValue(u.value)
	p.version = v
	return err
}

func setPackageOptional(p *pkgInfo, _ use) error {
	p.optionalByDefault = true
	return nil
}

func setPackageRequired(p *pkgInfo, _ use) error {
	p.optionalByDefault = false
	return nil
}
