package kubeapis

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// plan is what the driver calls: the functions both trees have, the
// registering packages, and per function its options and subresources.
type plan struct {
	funcs    []function
	register []string // packages with RegisterValidations
	roots    map[string][]string
	options  map[string][]string // by package
}

// aliases names imported packages p0, p1... in a stable order.
type aliases map[string]string

func (a aliases) of(pkg string) string {
	if a[pkg] == "" {
		a[pkg] = fmt.Sprintf("p%d", len(a))
	}
	return a[pkg]
}

// writeDriver writes the driver (testdata/driver and funcs.go) into a tree.
func writeDriver(t *testing.T, tree string, p *plan, r release) {
	t.Helper()
	dir := filepath.Join(tree, "cmd", "driver")
	files, _ := filepath.Glob("testdata/driver/*.go")
	for _, f := range files {
		copyFile(t, f, filepath.Join(dir, filepath.Base(f)))
	}
	writeFile(t, filepath.Join(dir, "funcs.go"), funcsSource(p))
	writeFile(t, filepath.Join(dir, "options.go"), optionsSource(r))
}

// funcsSource lists the entries and registrations for the driver.
func funcsSource(p *plan) string {
	a := aliases{}
	var body strings.Builder
	body.WriteString("var addToScheme = []func(*runtime.Scheme) error{\n")
	for _, pkg := range p.register {
		fmt.Fprintf(&body, "\t%s.RegisterValidations,\n", a.of(pkg))
	}
	body.WriteString("}\n\nfunc init() {\n\tentries = []entry{\n")
	for _, f := range p.funcs {
		body.WriteString(entrySource(a, p, f))
	}
	body.WriteString("\t}\n}\n")
	var head strings.Builder
	head.WriteString("package main\n\nimport (\n\t\"context\"\n\n\t\"k8s.io/apimachinery/pkg/api/operation\"\n\t\"k8s.io/apimachinery/pkg/runtime\"\n\t\"k8s.io/apimachinery/pkg/util/validation/field\"\n\n")
	for pkg, name := range a {
		fmt.Fprintf(&head, "\t%s %q\n", name, pkg)
	}
	head.WriteString(")\n\n")
	return head.String() + body.String()
}

// entrySource is one entry of the driver's table.
func entrySource(a aliases, p *plan, f function) string {
	tp, fp := a.of(f.typePkg), a.of(f.pkg)
	typ := tp + "." + f.typeName
	subs, root := p.roots[f.typePkg+"."+f.typeName]
	root = root && f.name == "Validate_"+f.typeName
	return fmt.Sprintf("\t\t{name: %q, group: groupOf(%s.SchemeGroupVersion.Group), version: %q, kind: %q, root: %v, subresources: %#v, options: %#v,\n"+
		"\t\t\tnewObj: func() any { return new(%s) },\n"+
		"\t\t\tcall: func(ctx context.Context, op operation.Operation, obj, old any) field.ErrorList {\n"+
		"\t\t\t\to, _ := old.(*%s)\n\t\t\t\treturn %s.%s(ctx, op, nil, obj.(*%s), o)\n\t\t\t}},\n",
		f.key(), tp, path.Base(f.typePkg), f.typeName, root, subs, p.options[f.pkg], typ, typ, fp, f.name, typ)
}

// optionsSource converts the names of the options that are on to the
// operation's options: a set since Kubernetes 1.37, a list before.
func optionsSource(r release) string {
	if r.optionsAsList {
		return "package main\n\nfunc toOptions(on map[string]bool) []string { return keys(on) }\n"
	}
	return "package main\n\nfunc toOptions(on map[string]bool) map[string]bool { return on }\n"
}
