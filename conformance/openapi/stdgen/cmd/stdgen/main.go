// Command stdgen writes kval's standard OpenAPI definitions; see package
// stdgen. Run it from the repository root:
//
//	go run ./conformance/openapi/stdgen/cmd/stdgen [-o openapi/standard_definitions.json]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/kval-dev/kval/conformance/openapi/stdgen"
)

func main() {
	out := flag.String("o", "openapi/standard_definitions.json", "the file to write")
	flag.Parse()
	data, err := stdgen.Generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "stdgen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "stdgen:", err)
		os.Exit(1)
	}
}
