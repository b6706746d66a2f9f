package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	sources := flag.String("sources", "catalog/crdindex/sources.yaml", "the projects, written by hand")
	out := flag.String("index", "catalog/crdindex/index.yaml", "the index to write")
	mirror := flag.String("mirror", "", "also write a local copy into this directory")
	latest := flag.Bool("latest", false, "take each module's newest version instead of the one in sources")
	flag.Parse()
	if err := run(*sources, *out, *mirror, *latest); err != nil {
		fmt.Fprintln(os.Stderr, "refresh:", err)
		os.Exit(1)
	}
}

func run(sourcesFile, indexFile, mirror string, latest bool) error {
	srcs, err := readSources(sourcesFile)
	if err != nil {
		return err
	}
	idx, files, err := build(srcs, latest)
	if err != nil {
		return err
	}
	if err := writeIndex(indexFile, idx); err != nil {
		return err
	}
	if mirror == "" {
		return nil
	}
	return writeMirror(mirror, idx, files)
}
