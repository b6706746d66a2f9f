package play

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kval-dev/kval/manifest"
)

// Names of the inputs, as problems and errors name them.
const (
	inputCRD = "crd"
	inputOld = "old"
	inputNew = "new"
)

// document is one decoded document with the text it was cut from, which
// locates its fields.
type document struct {
	manifest.Document
	raw manifest.Raw
}

// documents reads every document of an input's text; a document that does
// not parse is a problem, and the others are still read.
func documents(input, text string) ([]document, []Problem) {
	raws, errs := manifest.ReadAllRaw(input, strings.NewReader(text))
	problems := problemsOf(input, errs)
	var docs []document
	for _, raw := range raws {
		for _, d := range raw.Decode() {
			if d.Err != nil {
				problems = append(problems, problemOf(input, d.Err))
				continue
			}
			docs = append(docs, document{Document: d.Document, raw: raw})
		}
	}
	return docs, problems
}

// object reads the one object an input's text must hold.
func object(input, text string) (document, []Problem) {
	docs, problems := documents(input, text)
	if len(problems) > 0 {
		return document{}, problems
	}
	switch len(docs) {
	case 0:
		return document{}, []Problem{{Input: input, Message: "no object: write one YAML or JSON object"}}
	case 1:
		return docs[0], nil
	}
	return document{}, []Problem{{Input: input, Line: docs[1].Source.Line,
		Message: fmt.Sprintf("%d objects: the playground validates one object at a time", len(docs))}}
}

func problemsOf(input string, errs []error) []Problem {
	out := make([]Problem, 0, len(errs))
	for _, err := range errs {
		out = append(out, problemOf(input, err))
	}
	return out
}

// problemOf keeps the line a manifest error names.
func problemOf(input string, err error) Problem {
	p := Problem{Input: input, Message: err.Error()}
	var located *manifest.Error
	if errors.As(err, &located) {
		p.Line = located.Source.Line
	}
	return p
}

// sameObject says why old and new cannot be one object's update: kube-
// apiserver updates the object its URL names, which the body must name too.
func sameObject(old, new document) []Problem {
	o, n := identity(old.Object), identity(new.Object)
	if o == n {
		return nil
	}
	return []Problem{{Input: inputOld, Line: old.Source.Line,
		Message: fmt.Sprintf("the old object is %s, the new one %s: an update keeps kind, namespace and name", o, n)}}
}

func identity(obj map[string]any) string {
	kind, _ := obj["kind"].(string)
	meta, _ := obj["metadata"].(map[string]any)
	ns, _ := meta["namespace"].(string)
	name, _ := meta["name"].(string)
	if ns != "" {
		return fmt.Sprintf("%s %s/%s", kind, ns, name)
	}
	return fmt.Sprintf("%s %s", kind, name)
}
