package play

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/schema"
)

// crdState is everything that depends only on the CRD text: computed once
// per text, reused while only the objects are edited. The catalog lints and
// compiles what a request needs; the report (lint with costs, lower) is
// computed on its first request.
type crdState struct {
	docs     []document
	problems []Problem
	catalog  *catalog.Catalog

	reportOnce sync.Once
	report     *Report
}

// loadCRDs reads the CRDs of the text into a catalog.
func loadCRDs(text string) *crdState {
	st := &crdState{catalog: catalog.New(catalog.Options{})}
	docs, problems := documents(inputCRD, text)
	st.docs, st.problems = docs, problems
	var crds []*schema.CRD
	for _, doc := range docs {
		if crd := st.decode(doc); crd != nil {
			crds = append(crds, crd)
		}
	}
	if len(docs) == 0 && len(problems) == 0 {
		st.problems = append(st.problems, Problem{Input: inputCRD,
			Message: "no CustomResourceDefinition: write one of apiextensions.k8s.io/v1"})
	}
	if err := st.catalog.Put(crds...); err != nil {
		st.problems = append(st.problems, Problem{Input: inputCRD, Message: err.Error()})
	}
	return st
}

// decode reads one document as a CRD; nil for another kind (a problem)
// or a CRD that does not decode (see the lint report).
func (st *crdState) decode(doc document) *schema.CRD {
	if !schema.IsCRD(doc.Object) {
		st.problems = append(st.problems, Problem{Input: inputCRD, Line: doc.Source.Line,
			Message: "not a CustomResourceDefinition (" + identity(doc.Object) + "): the CRD editor holds CRDs only"})
		return nil
	}
	crd, errs := schema.DecodeCRD(doc.Document)
	if len(errs) > 0 {
		st.problems = append(st.problems, Problem{Input: inputCRD, Line: doc.Source.Line,
			Message: fmt.Sprintf("%s %q is invalid: %v", schema.CRDKind, crd.Name(), errs.ToAggregate())})
		return nil
	}
	return crd
}

// inspect computes the report once.
func (st *crdState) inspect(ctx context.Context) *Report {
	st.reportOnce.Do(func() {
		r := &Report{Rules: []RuleCost{}, Lint: LintView{Valid: true, Errors: []FieldError{}, Warnings: []string{}},
			Timings: map[string]float64{}}
		start := time.Now()
		for _, doc := range st.docs {
			r.check(ctx, doc)
		}
		sortRules(r.Rules)
		r.Timings["lint"] = millis(time.Since(start))
		start = time.Now()
		r.Lower = lowerAll(ctx, st.docs)
		r.Timings["lower"] = millis(time.Since(start))
		st.report = r
	})
	return st.report
}

// check lints a CRD document as `kval lint --cel-costs` does.
func (r *Report) check(ctx context.Context, doc document) {
	if !schema.IsCRD(doc.Object) {
		return
	}
	crd, errs := schema.DecodeCRD(doc.Document)
	if len(errs) > 0 {
		r.addLintErrors(doc, errs)
		return
	}
	checker := celrules.NewChecker()
	errs = lint.CheckCRD(ctx, crd, lint.Options{Rules: checker})
	r.addLintErrors(doc, errs)
	if len(errs) == 0 {
		r.Lint.Warnings = append(r.Lint.Warnings, lint.WarningsOnCreate(crd)...)
	}
	r.Rules = append(r.Rules, ruleCosts(doc, checker)...)
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
