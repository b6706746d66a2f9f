package gen

import (
	"go/types"
	"sort"
	"strings"
	"unicode"

	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

// target is one package to generate: its options and the root types whose
// validation functions it registers.
type target struct {
	out   *pkgInfo // where the generated file goes
	input *pkgInfo // where the types are (usually out itself)
	// filters select root types: "*", "TypesWithField=F", "TypesWithSuffix=S".
	filters []string
	// scheme is the registry type of RegisterValidations; nil means no
	// registration (+k8s:validation-gen-scheme-registry=nil).
	scheme *schemeType
	nolint bool
	// fixtures asks for a test that checks +k8s:validateFalse fixtures.
	fixtures bool
	roots    []*typeInfo
}

type schemeType struct{ pkg, name string }

var defaultScheme = &schemeType{pkg: "k8s.io/apimachinery/pkg/runtime", name: "Scheme"}

// configure reads the options of every root package and returns the
// packages to generate, with the input-to-output mapping set on prog.
func configure(prog *program, readOnly []string, ps *problems) []*target {
	var targets []*target
	for _, path := range prog.roots {
		if t := configureOne(prog, prog.pkgs[path], ps); t != nil {
			targets = append(targets, t)
		}
	}
	assignOutputs(prog, targets, ps)
	for _, ro := range readOnly {
		if _, ok := prog.outputs[ro]; !ok {
			prog.outputs[ro] = ro
		}
	}
	for _, t := range targets {
		t.roots = selectRoots(t, ps)
	}
	return targets
}

// configureOne returns the target for a package, or nil if the package does
// not ask for generation.
func configureOne(prog *program, pkg *pkgInfo, ps *problems) *target {
	for _, p := range capitalTags(pkg.options, false) {
		ps.add(p)
	}
	filters, ok := activation(pkg, ps)
	if !ok && !hasOption(pkg.options, mainTag) {
		return nil
	}
	// Every option is read, so that all of a package's mistakes show.
	t := &target{out: pkg, filters: filters}
	t.input = inputPackage(prog, pkg, ps)
	t.scheme = schemeOption(pkg, ps)
	t.nolint = hasOption(pkg.options, nolintTag)
	t.fixtures = fixtureOption(pkg, ps)
	if !ok || t.input == nil {
		return nil
	}
	return t
}

// activation returns the type filters of +k8s:validation-gen, and whether
// the package is to be generated.
func activation(pkg *pkgInfo, ps *problems) ([]string, bool) {
	values, err := optionValues(pkg.options, mainTag)
	if err != nil {
		ps.fromError(tags.Pos{}, err)
		return nil, false
	}
	var filters []string
	optedOut := false
	for _, v := range values {
		switch {
		case v.Value == "false":
			optedOut = true
		case isFieldName(v.Value):
			filters = append(filters, fieldFilter(v, ps))
		case !validFilter(v.Value):
			ps.add(Problem{Pos: v.Pos, Tag: "+" + v.String(), Msg: "unknown value for package tag",
				Hint: `use "*", "TypesWithField=<Go field name>", "TypesWithSuffix=<suffix>" or "false"`})
		default:
			filters = append(filters, v.Value)
		}
	}
	if optedOut && len(filters) > 0 {
		ps.add(Problem{Pos: values[0].Pos, Tag: "+" + mainTag, Msg: `cannot mix "false" with other values`})
		return nil, false
	}
	return filters, !optedOut && len(filters) > 0
}

func validFilter(v string) bool {
	if v == "*" {
		return true
	}
	for _, prefix := range []string{"TypesWithField=", "TypesWithSuffix="} {
		if rest, ok := strings.CutPrefix(v, prefix); ok {
			return rest != ""
		}
	}
	return false
}

// inputPackage returns the package whose types a package validates.
func inputPackage(prog *program, pkg *pkgInfo, ps *problems) *pkgInfo {
	values, err := optionValues(pkg.options, inputTag)
	switch {
	case err != nil:
		ps.fromError(tags.Pos{}, err)
		return nil
	case len(values) == 0:
		return pkg
	case len(values) > 1:
		ps.add(Problem{Pos: values[1].Pos, Tag: "+" + inputTag, Msg: "expected at most one value", Hint: "keep one input package"})
		return nil
	}
	v := values[0]
	if strings.HasPrefix(v.Value, "./") || strings.HasPrefix(v.Value, "../") {
		ps.add(Problem{Pos: v.Pos, Tag: "+" + v.String(), Msg: "relative paths are not supported", Hint: "use the full import path"})
		return nil
	}
	in := prog.pkgs[v.Value]
	if in == nil {
		ps.add(Problem{Pos: v.Pos, Tag: "+" + v.String(), Msg: "the input package was not loaded", Hint: "check the import path"})
	}
	return in
}

func schemeOption(pkg *pkgInfo, ps *problems) *schemeType {
	values, err := optionValues(pkg.options, schemeTag)
	switch {
	case err != nil:
		ps.fromError(tags.Pos{}, err)
		return defaultScheme
	case len(values) == 0:
		return defaultScheme
	case len(values) > 1:
		ps.add(Problem{Pos: values[1].Pos, Tag: "+" + schemeTag, Msg: "the package names more than one scheme registry"})
	}
	v := values[0].Value
	if v == "nil" {
		return nil
	}
	dot := strings.LastIndex(v, ".")
	if dot <= 0 || dot == len(v)-1 {
		ps.add(Problem{Pos: values[0].Pos, Tag: "+" + values[0].String(), Msg: "expected a qualified type name",
			Hint: "e.g. k8s.io/apimachinery/pkg/runtime.Scheme, or nil"})
		return defaultScheme
	}
	return &schemeType{pkg: v[:dot], name: v[dot+1:]}
}

func fixtureOption(pkg *pkgInfo, ps *problems) bool {
	values, _ := optionValues(pkg.options, fixtureTag)
	for _, v := range values {
		if v.Value != "validateFalse" {
			ps.add(Problem{Pos: v.Pos, Tag: "+" + v.String(), Msg: "unsupported test fixture", Hint: "the supported fixture is validateFalse"})
			return false
		}
	}
	return len(values) > 0
}

// assignOutputs maps every input package to the package its references
// resolve to: the one that registers its validations, else the first.
func assignOutputs(prog *program, targets []*target, ps *problems) {
	registering := map[string]*target{}
	for _, t := range targets {
		in := t.input.path
		prev, seen := prog.outputs[in]
		switch {
		case !seen:
			prog.outputs[in] = t.out.path
		case t.scheme != nil && registering[in] != nil:
			ps.add(Problem{Pos: tags.Pos{File: t.out.dir}, Tag: "+" + schemeTag,
				Msg:  "input " + in + " is generated into two registering packages (" + prev + ", " + t.out.path + ")",
				Hint: "mark one +k8s:validation-gen-scheme-registry=nil"})
		case t.scheme != nil:
			prog.outputs[in] = t.out.path
		}
		if t.scheme != nil {
			registering[in] = t
		}
	}
}

// selectRoots returns the types of the input package that get a registered
// validation function, sorted by name.
func selectRoots(t *target, ps *problems) []*typeInfo {
	var roots []*typeInfo
	for _, ti := range t.input.named {
		if isRoot(t, ti, ps) {
			roots = append(roots, ti)
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].obj.Name() < roots[j].obj.Name() })
	return roots
}

func isRoot(t *target, ti *typeInfo, ps *problems) bool {
	name := ti.obj.Name()
	if !unicode.IsUpper([]rune(name)[0]) {
		return false
	}
	switch typeOption(ti) {
	case "false":
		return false
	case "true":
		return true
	}
	if embedsListMeta(ti.obj.Type()) {
		return false
	}
	for _, f := range t.filters {
		if matchesFilter(ti.obj, f) {
			return true
		}
	}
	return false
}

// typeOption returns a type's own +k8s:validation-gen value ("true",
// "false" or ""). An opt-out in either comment wins over an opt-in.
func typeOption(ti *typeInfo) string {
	option := ""
	for _, lines := range [][]tags.Line{ti.doc, ti.second} {
		values, err := optionValues(lines, mainTag)
		if err != nil || len(values) != 1 {
			continue
		}
		switch values[0].Value {
		case "false":
			return "false"
		case "true":
			option = "true"
		}
	}
	return option
}

func matchesFilter(obj *types.TypeName, filter string) bool {
	if filter == "*" {
		return true
	}
	if field, ok := strings.CutPrefix(filter, "TypesWithField="); ok {
		s, isStruct := obj.Type().Underlying().(*types.Struct)
		if !isStruct {
			return false
		}
		for i := range s.NumFields() {
			if s.Field(i).Name() == field {
				return true
			}
		}
		return false
	}
	suffix, _ := strings.CutPrefix(filter, "TypesWithSuffix=")
	return strings.HasSuffix(obj.Name(), suffix)
}

// embedsListMeta reports whether a struct embeds metav1.ListMeta: lists are
// not validated as objects.
func embedsListMeta(t types.Type) bool {
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range s.NumFields() {
		f := s.Field(i)
		if f.Embedded() && isNamedType(f.Type(), "k8s.io/apimachinery/pkg/apis/meta/v1", "ListMeta") {
			return true
		}
	}
	return false
}

func isNamedType(t types.Type, pkg, name string) bool {
	n, ok := shape.Named(t)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}
