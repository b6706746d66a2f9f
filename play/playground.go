package play

import (
	"context"
	"sync"
	"time"
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
	st := p.crdFor(in.CRD)
	out := &Output{Verdict: Unusable, Errors: []FieldError{}, Pruned: []string{}, Warnings: []string{},
		Diff: []DiffLine{}, Timings: map[string]float64{}}
	out.Problems = append([]Problem{}, st.problems...)
	req, problems := readRequest(in)
	out.Problems = append(out.Problems, problems...)
	if len(out.Problems) > 0 {
		return out
	}
	start := time.Now()
	validate(ctx, st, req, out)
	out.Timings["request"] = millis(time.Since(start))
	return out
}

// Inspect reports on a CRD text: lint's findings, the rules' costs, the
// lowered CRD. The page asks for it after the first verdict; it is
// computed once per text.
func (p *Playground) Inspect(ctx context.Context, crdText string) *Report {
	return p.crdFor(crdText).inspect(ctx)
}

// crdFor returns the state of a CRD text, made on its first use.
func (p *Playground) crdFor(text string) *crdState {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.crd == nil || p.crdText != text {
		p.crd, p.crdText = loadCRDs(text), text
	}
	return p.crd
}
