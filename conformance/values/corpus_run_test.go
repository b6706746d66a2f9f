package values

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestCorpusExamples validates every corpus example and invalid example,
// as written and as kube-apiserver decodes it (pruned, defaulted), on create
// and as an update of itself, against every version of its CRD.
func TestCorpusExamples(t *testing.T) {
	objects := corpusObjects(t)
	var c tally
	for _, cv := range corpusVersions(t) {
		if cv.upstream == nil {
			continue
		}
		p := newPair(t, cv.kval, cv.upstream)
		for _, o := range objects[cv.gvk] {
			what := cv.name + " " + o.Source
			p.create(t, &c, what, o.Object)
			p.update(t, &c, what+" (unchanged)", o.Object, o.Object)
			if d := decoded(t, cv, o.Object); d != nil {
				p.create(t, &c, what+" (decoded)", d)
				p.update(t, &c, what+" (decoded, unchanged)", d, d)
			}
		}
	}
	report(t, "corpus examples", c)
}

func report(t *testing.T, what string, c tally) {
	t.Helper()
	msg := fmt.Sprintf("conformance/values: %s: %d comparisons, %d differences", what, c.compared, c.differences)
	t.Log(msg)
	fmt.Println(msg)
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	if len(b) > 2000 {
		return string(b[:2000]) + "..."
	}
	return string(b)
}
