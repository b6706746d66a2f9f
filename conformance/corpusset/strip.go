package corpusset

import (
	"encoding/json"
	"fmt"

	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// WithoutRules loads the version's CRD again, on both sides, with every
// x-kubernetes-validations removed: the pipeline of the validation issue
// before CEL.
func (v Version) WithoutRules() (Version, error) {
	docs, errs := manifest.ReadFile(v.CRD.Source.File)
	if len(errs) > 0 {
		return Version{}, fmt.Errorf("%v", errs)
	}
	for _, doc := range docs {
		meta, _ := doc.Object["metadata"].(map[string]any)
		if name, _ := meta["name"].(string); name != v.CRD.Name() {
			continue
		}
		stripRules(doc.Object)
		crd, loadErrs := schema.DecodeCRD(doc)
		if len(loadErrs) > 0 {
			return Version{}, loadErrs.ToAggregate()
		}
		data, err := json.Marshal(doc.Object)
		if err != nil {
			return Version{}, err
		}
		u, err := upstream.DecodeCRD(data)
		if err != nil {
			return Version{}, err
		}
		return Version{Name: v.Name + " without rules", CRD: crd, Version: v.Version, Upstream: u}, nil
	}
	return Version{}, fmt.Errorf("%s not found in %s", v.CRD.Name(), v.CRD.Source.File)
}

// stripRules removes x-kubernetes-validations everywhere in a document, in place.
func stripRules(v any) {
	switch v := v.(type) {
	case map[string]any:
		delete(v, "x-kubernetes-validations")
		for _, x := range v {
			stripRules(x)
		}
	case []any:
		for _, x := range v {
			stripRules(x)
		}
	}
}
