package crd

import (
	"context"

	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/schema"
)

// checkError is one error of kube-apiserver's verdict on a generated CRD;
// path is its field path, "" when it has none.
type checkError struct{ path, msg string }

// check loads a generated CRD back as `kval lint` loads files and returns
// kube-apiserver's verdict on creating it: a generated CRD that the
// apiserver would refuse is a problem of the run, not a file to write.
func check(ctx context.Context, c *CRD) []checkError {
	loaded := schema.LoadBytes(c.FileName, c.YAML)
	var errs []checkError
	for _, p := range loaded.Problems {
		errs = append(errs, checkError{msg: p.Error()})
	}
	for _, crd := range loaded.CRDs {
		for _, e := range lint.CheckCRD(ctx, crd, lint.Options{}) {
			errs = append(errs, checkError{path: e.Field, msg: e.Error()})
		}
	}
	return errs
}
