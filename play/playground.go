package play

import (
	"context"
	"sync"
)

// Playground answers the page's requests. It keeps the state of the last
// CRD text, so that editing the objects does not lint and compile the CRD
// again. It is safe for concurrent use.
type Playground struct {
	mu      sync.Mutex
	crdText string
	crd     *crdState
}

// New returns a playground with no CRD loaded yet.
func New() *Playground { return &Playground{} }

// Evaluate answers one request. Bad input is never an error: it is in the
// Output's Problems.
func (p *Playground) Evaluate(ctx context.Context, in Input) *Output {
	st := p.crdFor(ctx, in.CRD)
	out := &Output{Verdict: Unusable, Errors: []FieldError{}, Pruned: []string{}, Warnings: []string{},
		Diff: []DiffLine{}, Rules: st.rules, Lint: st.lint, Lower: st.lower}
	out.Problems = append([]Problem{}, st.problems...)
	if out.Rules == nil {
		out.Rules = []RuleCost{}
	}
	if out.Lint.Errors == nil {
		out.Lint.Errors = []FieldError{}
	}
	if out.Lint.Warnings == nil {
		out.Lint.Warnings = []string{}
	}
	req, problems := readRequest(in)
	out.Problems = append(out.Problems, problems...)
	if len(out.Problems) > 0 {
		return out
	}
	validate(ctx, st, req, out)
	return out
}

// crdFor returns the state of a CRD text, computed on its first use.
func (p *Playground) crdFor(ctx context.Context, text string) *crdState {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.crd == nil || p.crdText != text {
		p.crd, p.crdText = loadCRDs(ctx, text), text
	}
	return p.crd
}
