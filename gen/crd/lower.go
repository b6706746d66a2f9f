package crd

import (
	"context"

	"github.com/kval-dev/kval/lower"
	"github.com/kval-dev/kval/tags"
)

// lowered rewrites a generated CRD's mutability extensions as CEL
// transition rules (package lower, as `kval lower` does), so that the CRD
// enforces seed 000's markers in any cluster, with no kval webhook. An
// extension with no faithful CEL form is a problem at the kind, with the
// schema path and the bound that would fix it: writing the CRD without its
// rule would silently drop the marker.
func lowered(ctx context.Context, ps *problems, pos tags.Pos, c *CRD) *CRD {
	res, err := lower.Lower(ctx, c.Object, lower.Options{})
	if err != nil {
		ps.add(pos, "lowering the generated %s: %v", c, err)
		return nil
	}
	for _, u := range res.Unlowered {
		ps.add(pos, "%v", u)
	}
	data, err := encodeYAML(res.CRD)
	if err != nil {
		ps.add(pos, "encoding the lowered %s: %v", c, err)
		return nil
	}
	return &CRD{Name: c.Name, FileName: c.FileName, Object: res.CRD, YAML: data}
}
