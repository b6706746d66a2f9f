package gen

import "go/types"

// A problem stops the generation of the packages it can reach, not of the
// whole run: a target is withheld when a problem lies in its own package,
// in its input package or in a package either imports (whose types its
// functions may validate or call), or has no position. The other targets'
// files are written, so one package's mistake does not hold back the rest.

// cleanFiles keeps the files of the targets no problem reaches.
func cleanFiles(prog *program, targets []*target, files []File, ps []Problem) []File {
	blocked := blockedPackages(prog, targets, ps)
	var out []File
	for _, f := range files {
		if !blocked[f.Package] {
			out = append(out, f)
		}
	}
	return out
}

// blockedPackages names the output packages of the targets problems reach.
func blockedPackages(prog *program, targets []*target, ps []Problem) map[string]bool {
	byDir := map[string]string{}
	for _, p := range prog.pkgs {
		byDir[p.dir] = p.path
	}
	blocked := map[string]bool{}
	for _, p := range ps {
		path, ok := packageAt(byDir, p.Pos.File)
		for _, t := range targets {
			if !ok || reaches(t, path) {
				blocked[t.out.path] = true
			}
		}
	}
	return blocked
}

// reaches reports whether a target's generated code depends on a package:
// its output or input package, or one they import, directly or not.
func reaches(t *target, path string) bool {
	seen := map[*types.Package]bool{}
	for _, p := range []*pkgInfo{t.out, t.input} {
		if p != nil && dependsOn(p.types, path, seen) {
			return true
		}
	}
	return false
}

// dependsOn reports whether pkg is path or imports it, directly or not.
func dependsOn(pkg *types.Package, path string, seen map[*types.Package]bool) bool {
	if pkg == nil || seen[pkg] {
		return false
	}
	seen[pkg] = true
	if pkg.Path() == path {
		return true
	}
	for _, dep := range pkg.Imports() {
		if dependsOn(dep, path, seen) {
			return true
		}
	}
	return false
}
