package kubeapis

import (
	"path/filepath"
	"testing"
)

// makePlan reads both trees' generated files: the functions upstream and
// kval both have are called (a function on one side only is a
// difference), with upstream's options and registrations.
func makePlan(t *testing.T, tr *trees) *plan {
	t.Helper()
	p := &plan{roots: map[string][]string{}, options: map[string][]string{}}
	for _, ref := range tr.pkgs {
		up := readInventory(t, filepath.Join(ref.source, generatedFile), ref.path)
		kv := readInventory(t, filepath.Join(tr.kv, ref.dir, generatedFile), ref.path)
		compareFunctions(t, ref.path, up, kv)
		if !selected(ref.path) {
			continue
		}
		p.options[ref.path] = up.options
		for k, v := range up.roots {
			p.roots[k] = v
		}
		if up.registration && kv.registration {
			p.register = append(p.register, ref.path)
		}
		p.funcs = append(p.funcs, common(up.funcs, kv.funcs)...)
	}
	return p
}

// compareFunctions reports functions and registrations on one side only.
func compareFunctions(t *testing.T, pkg string, up, kv *inventory) {
	t.Helper()
	has := func(list []function, f function) bool {
		for _, g := range list {
			if g == f {
				return true
			}
		}
		return false
	}
	for _, f := range up.funcs {
		if !has(kv.funcs, f) {
			t.Errorf("%s: upstream has %s(%s.%s), kval does not", pkg, f.name, f.typePkg, f.typeName)
		}
	}
	for _, f := range kv.funcs {
		if !has(up.funcs, f) {
			t.Errorf("%s: kval has %s(%s.%s), upstream does not", pkg, f.name, f.typePkg, f.typeName)
		}
	}
	for k, subs := range up.roots {
		if got, ok := kv.roots[k]; !ok || !equalStrings(got, subs) {
			t.Errorf("%s: upstream registers %s for %q, kval for %q (registered %v)", pkg, k, subs, got, ok)
		}
	}
}

func common(up, kv []function) []function {
	var out []function
	for _, f := range up {
		for _, g := range kv {
			if f == g {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
