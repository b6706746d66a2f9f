package play

import (
	"context"
	"errors"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/lower"
	"github.com/kval-dev/kval/schema"
)

// lowerAll is `kval lower --best-effort` on the CRDs of the text: the
// lowered CRDs as YAML documents, and what could not be lowered.
func lowerAll(ctx context.Context, docs []document) LowerView {
	view := LowerView{Unlowered: []string{}}
	var texts []string
	for _, doc := range docs {
		if !schema.IsCRD(doc.Object) {
			continue
		}
		res, err := lower.Lower(ctx, doc.Object, lower.Options{})
		if err != nil {
			view.Error = lowerError(err)
			return view
		}
		view.Lowered += res.Lowered
		view.Rules += res.Rules
		for _, u := range res.Unlowered {
			view.Unlowered = append(view.Unlowered, u.Error())
		}
		text, err := yaml.Marshal(res.CRD)
		if err != nil {
			view.Error = err.Error()
			return view
		}
		texts = append(texts, string(text))
	}
	view.CRD = strings.Join(texts, "---\n")
	return view
}

// lowerError points at lint for an invalid CRD, as kval lower does.
func lowerError(err error) string {
	var invalid *lower.InputError
	if errors.As(err, &invalid) {
		return invalid.Error() + " (see the lint tab)"
	}
	return err.Error()
}
