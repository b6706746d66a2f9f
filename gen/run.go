package gen

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/kval-dev/kval/gen/validators"
)

// DefaultOutputFile is the name of the generated file in each package.
const DefaultOutputFile = "zz_generated.validations.go"

// Options configure a run of the generator.
type Options struct {
	// Dir is the directory package patterns are relative to ("" for the
	// current directory).
	Dir string
	// Patterns select the packages, as for `go build` (e.g. "./...").
	Patterns []string
	// OutputFile is the generated file's name in each package.
	OutputFile string
	// ReadOnly are packages whose validation functions generated code may
	// call, but which are not generated in this run.
	ReadOnly []string
	// Header is boilerplate (e.g. a license) put at the top of each file.
	Header string
	// CurrentVersion is the Kubernetes version ("1.40") the lifecycle lint
	// compares +k8s:alpha and +k8s:beta rules' since with; empty turns the
	// lifecycle lint off.
	CurrentVersion string
}

// Result is the outcome of a run.
type Result struct {
	// Files are the generated files of the packages no problem reaches
	// (see isolate.go).
	Files []File
	// Problems are the tag and shape problems found; generation is refused
	// for the packages they reach.
	Problems []Problem
	// Packages are the packages configured for generation.
	Packages []string
	// ProblemPackages are the packages the problems are in, sorted (for a
	// problem with no position: the packages configured for generation,
	// else every package the patterns matched).
	ProblemPackages []string
	// Warnings are type errors in the loaded code, which do not stop
	// generation (hand-written code may use generated code about to be
	// replaced) but may explain surprises, and the lifecycle lint's
	// findings (Options.CurrentVersion).
	Warnings []string
}

// Generate loads the packages, evaluates their tags and returns the
// generated files and every problem found. It writes nothing. The error is
// for packages that cannot be loaded.
func Generate(opts Options) (*Result, error) {
	return run(opts, false)
}

// Lint is Generate without the generated files: it reports misused tags,
// unsupported shapes and broken lint rules.
func Lint(opts Options) (*Result, error) {
	return run(opts, true)
}

func run(opts Options, lintOnly bool) (*Result, error) {
	if opts.OutputFile == "" {
		opts.OutputFile = DefaultOutputFile
	}
	current, err := currentVersion(opts.CurrentVersion)
	if err != nil {
		return nil, err
	}
	prog, err := load(opts.Dir, opts.Patterns, opts.ReadOnly, opts.OutputFile)
	if err != nil {
		return nil, err
	}
	ps := &problems{}
	targets := configure(prog, opts.ReadOnly, ps)
	reg := validators.New(prog)
	d := newDiscoverer(prog, reg, ps)
	for _, t := range targets {
		for _, ti := range t.roots {
			d.discover(ti.obj.Type(), validators.TypePath(ti.obj.Type()))
		}
	}
	res := &Result{Warnings: prog.warnings}
	for _, t := range targets {
		res.Packages = append(res.Packages, t.out.path)
		if !t.nolint {
			newLinter(d, current, &res.Warnings).lintTarget(t)
		}
	}
	for _, issue := range reg.UnclaimedCustomFunctions(prog.outputs) {
		ps.add(Problem{Msg: issue, Tag: "+k8s:customValidation"})
	}
	files := emitAll(targets, d, ps, opts)
	for _, n := range reg.Notes() {
		ps.note(Problem{Pos: n.Pos, Tag: n.Tag, Msg: n.Msg, Hint: n.Hint})
	}
	res.Problems = ps.sorted()
	res.Warnings = append(res.Warnings, ps.notes...)
	res.ProblemPackages = problemPackages(prog, res.Problems, res.Packages)
	if !lintOnly {
		res.Files = cleanFiles(prog, targets, files, res.Problems)
	}
	return res, nil
}

// currentVersion parses Options.CurrentVersion; "" is no version.
func currentVersion(s string) (*kubeMinor, error) {
	if s == "" {
		return nil, nil
	}
	v, err := parseKubeMinor(s)
	if err != nil {
		return nil, fmt.Errorf("--current-version: %w", err)
	}
	return &v, nil
}

// emitAll renders every target's files; rendering also finds problems (e.g.
// unsupported shapes in fields that need validation).
func emitAll(targets []*target, d *discoverer, ps *problems, opts Options) []File {
	var files []File
	for _, t := range targets {
		g := newFileGen(t, d, ps)
		f, err := g.generate(opts)
		if err != nil {
			ps.add(Problem{Msg: err.Error()})
			continue
		}
		files = append(files, f)
		if t.fixtures {
			files = append(files, g.fixtureFile(opts))
		}
	}
	return files
}

// Write writes generated files, replacing existing ones.
func Write(files []File) error {
	for _, f := range files {
		if err := os.WriteFile(f.Path, f.Content, 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", f.Path, err)
		}
	}
	return nil
}

// problemPackages names the packages the problems are in, for a summary.
func problemPackages(prog *program, ps []Problem, targets []string) []string {
	byDir := map[string]string{}
	for _, p := range prog.pkgs {
		byDir[p.dir] = p.path
	}
	fallback := targets
	if len(fallback) == 0 {
		fallback = prog.roots
	}
	set := map[string]bool{}
	for _, p := range ps {
		if path, ok := packageAt(byDir, p.Pos.File); ok {
			set[path] = true
			continue
		}
		for _, path := range fallback {
			set[path] = true
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// packageAt finds the package of a problem's file, or of its directory
// (problems about a whole package are placed there).
func packageAt(byDir map[string]string, file string) (string, bool) {
	if file == "" {
		return "", false
	}
	if path, ok := byDir[file]; ok {
		return path, true
	}
	path, ok := byDir[filepath.Dir(file)]
	return path, ok
}
