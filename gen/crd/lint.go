package crd

import (
	"context"

	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/schema"
)

// check loads a generated CRD back as `kval lint` loads files and returns
// kube-apiserver's verdict on creating it: a generated CRD that the
// apiserver would refuse is a problem of the run, not a file to write.
func check(ctx context.Context, c *CRD) []string {
	loaded := schema.LoadBytes(c.FileName, c.YAML)
	var msgs []string
	for _, p := range loaded.Problems {
		msgs = append(msgs, p.Error())
	}
	for _, crd := range loaded.CRDs {
		for _, e := range lint.CheckCRD(ctx, crd, lint.Options{}) {
			msgs = append(msgs, e.Error())
		}
	}
	return msgs
}
