// Command gen turns the OpenAPI v3 documents Kubernetes publishes for its
// built-in API groups (api/openapi-spec/v3 of the k8s.io/kubernetes module)
// into the compressed file package builtin embeds for one minor version.
//
// It is run by go generate in package builtin:
//
//	go run ./internal/gen -module k8s.io/kubernetes@v1.36.3 -out data/kubernetes-1.36.json.gz
//
// The module is fetched with `go mod download` (the Go module proxy or the
// module cache), so the main module never depends on k8s.io/kubernetes.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	module := flag.String("module", "", "the k8s.io/kubernetes module version, e.g. k8s.io/kubernetes@v1.36.3")
	dir := flag.String("dir", "", "read the documents from this directory instead of the module's api/openapi-spec/v3")
	out := flag.String("out", "", "the file to write (gzip-compressed JSON)")
	flag.Parse()
	if err := run(*module, *dir, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(module, dir, out string) error {
	if out == "" || (module == "") == (dir == "") {
		return fmt.Errorf("give -out and one of -module or -dir")
	}
	source := dir
	if module != "" {
		moduleDir, err := downloadModule(module)
		if err != nil {
			return err
		}
		dir, source = moduleDir+"/api/openapi-spec/v3", module+" api/openapi-spec/v3"
	}
	docs, err := readDocuments(dir)
	if err != nil {
		return err
	}
	data, err := build(source, docs)
	if err != nil {
		return err
	}
	return write(out, data)
}
