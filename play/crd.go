package play

import (
	"context"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/schema"
)

// crdState is everything that depends only on the CRD text: computed once
// per text, reused while only the objects are edited.
type crdState struct {
	problems []Problem
	catalog  *catalog.Catalog
	rules    []RuleCost
	lint     LintView
	lower    LowerView
}

// loadCRDs lints, compiles and lowers the CRDs of the text.
func loadCRDs(ctx context.Context, text string) *crdState {
	st := &crdState{catalog: catalog.New(catalog.Options{}), lint: LintView{Valid: true}}
	docs, problems := documents(inputCRD, text)
	st.problems = problems
	var crds []*schema.CRD
	for _, doc := range docs {
		if crd := st.decode(doc); crd != nil {
			st.check(ctx, doc, crd)
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
	st.lower = lowerAll(ctx, docs)
	sortRules(st.rules)
	return st
}

// decode reads one document as a CRD; nil for another kind (a problem)
// or a CRD that does not decode (lint errors).
func (st *crdState) decode(doc document) *schema.CRD {
	if !schema.IsCRD(doc.Object) {
		st.problems = append(st.problems, Problem{Input: inputCRD, Line: doc.Source.Line,
			Message: "not a CustomResourceDefinition (" + identity(doc.Object) + "): the CRD editor holds CRDs only"})
		return nil
	}
	crd, errs := schema.DecodeCRD(doc.Document)
	if len(errs) > 0 {
		st.addLintErrors(doc, errs)
		return nil
	}
	return crd
}

// check lints a CRD as `kval lint --cel-costs` does.
func (st *crdState) check(ctx context.Context, doc document, crd *schema.CRD) {
	checker := celrules.NewChecker()
	errs := lint.CheckCRD(ctx, crd, lint.Options{Rules: checker})
	st.addLintErrors(doc, errs)
	if len(errs) == 0 {
		st.lint.Warnings = append(st.lint.Warnings, lint.WarningsOnCreate(crd)...)
	}
	st.rules = append(st.rules, ruleCosts(doc, checker.Costs())...)
}
