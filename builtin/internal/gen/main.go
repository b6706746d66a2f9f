// Command gen turns the OpenAPI v3 documents Kubernetes publishes for its
// built-in API groups (api/openapi-spec/v3 of the k8s.io/kubernetes module)
// into the compressed files package builtin embeds: one per minor version,
// and the definitions they share (see write.go).
//
// It is run by go generate in package builtin, with every version at once:
//
//	go run ./internal/gen -out data -module k8s.io/kubernetes@v1.35.4 -module k8s.io/kubernetes@v1.36.3
//
// The modules are fetched with `go mod download` (the Go module proxy or
// the module cache), so the main module never depends on k8s.io/kubernetes.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

// modules are the -module flags.
type modules []string

func (m *modules) String() string     { return strings.Join(*m, ",") }
func (m *modules) Set(v string) error { *m = append(*m, v); return nil }

func main() {
	var mods modules
	flag.Var(&mods, "module", "a k8s.io/kubernetes module version, e.g. k8s.io/kubernetes@v1.36.3 (repeated: one per minor version)")
	out := flag.String("out", "", "the directory to write the files to")
	flag.Parse()
	if err := run(mods, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(mods []string, out string) error {
	if out == "" || len(mods) == 0 {
		return fmt.Errorf("give -out and at least one -module")
	}
	versions := map[string]*file{}
	for _, module := range mods {
		minor, err := minorOfModule(module)
		if err != nil {
			return err
		}
		if versions[minor] != nil {
			return fmt.Errorf("%s: minor %s is given twice", module, minor)
		}
		if versions[minor], err = buildModule(module); err != nil {
			return err
		}
	}
	return writeAll(out, versions)
}

// buildModule builds the file of one k8s.io/kubernetes module version.
func buildModule(module string) (*file, error) {
	dir, err := downloadModule(module)
	if err != nil {
		return nil, err
	}
	docs, err := readDocuments(dir + "/api/openapi-spec/v3")
	if err != nil {
		return nil, err
	}
	return build(module+" api/openapi-spec/v3", docs)
}

// minorOfModule is the minor version of k8s.io/kubernetes@v1.36.3: "1.36".
func minorOfModule(module string) (string, error) {
	_, version, _ := strings.Cut(module, "@v")
	parts := strings.Split(version, ".")
	if len(parts) != 3 {
		return "", fmt.Errorf("%s: want k8s.io/kubernetes@v1.N.P", module)
	}
	return parts[0] + "." + parts[1], nil
}
