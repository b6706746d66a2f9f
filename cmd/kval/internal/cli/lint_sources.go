package cli

import (
	"bytes"
	"context"
	"fmt"

	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/manifest"
)

// readLintInputs is readInputs for kval lint's arguments, which may also
// be Helm charts (their crds/ folders, crdsource.Expand) and URLs
// (fetched and cached as --crd fetches them).
func readLintInputs(ctx context.Context, s streams, args []string, fn func(inputDoc)) error {
	for _, arg := range args {
		if crdsource.IsURL(arg) {
			readURL(ctx, s, arg, fn)
			continue
		}
		paths, err := crdsource.Expand(arg)
		if err != nil {
			return badInput("%s: %v", arg, err)
		}
		if err := readInputs(s, paths, fn); err != nil {
			return err
		}
	}
	return nil
}

// readURL hands over the documents of a URL, or the error of fetching it.
func readURL(ctx context.Context, s streams, rawURL string, fn func(inputDoc)) {
	fetched, err := crdsource.NewFetcher().Fetch(ctx, rawURL)
	url := crdsource.Redact(rawURL) // its name, without its credentials
	if err != nil {
		fn(inputDoc{doc: manifest.Document{Source: manifest.Source{File: url, Item: -1}}, err: err})
		return
	}
	if fetched.Stale != nil {
		fmt.Fprintf(s.err, "Warning: %s: using the cached copy: %v\n", url, fetched.Stale)
	}
	readStream(url, bytes.NewReader(fetched.Body), func(in rawInput) {
		for _, doc := range in.decode() {
			fn(doc)
		}
	})
}
