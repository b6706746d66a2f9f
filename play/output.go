package play

import "github.com/kval-dev/kval/lint"

// Input is one request of the playground: the texts the page's editors
// hold. Old is empty for a create.
type Input struct {
	CRD string `json:"crd"`
	Old string `json:"old,omitempty"`
	New string `json:"new"`
}

// Verdicts of Output.Verdict.
const (
	Valid   = "valid"
	Invalid = "invalid"
	// Unusable says the inputs could not be validated at all (a YAML
	// error, no CRD, a CRD kube-apiserver would reject): Problems say why.
	Unusable = "error"
)

// Output is the playground's answer, in the JSON the page renders.
type Output struct {
	Verdict   string `json:"verdict"`
	Operation string `json:"operation,omitempty"` // create or update
	// Message is the verdict as kubectl prints it: the Invalid status, or
	// "database.example.kval.dev/orders configured".
	Message string `json:"message,omitempty"`
	// Errors reject the request; Problems make the inputs unusable.
	Errors   []FieldError `json:"errors"`
	Problems []Problem    `json:"problems"`
	Pruned   []string     `json:"pruned"`
	// Warnings are kubectl's "Warning: ..." lines: pruned fields, the
	// engine's warnings, errors that ratcheting let through.
	Warnings []string `json:"warnings"`
	// Object is the object kube-apiserver returns, as YAML; Diff compares
	// it with the input object (both rendered the same way).
	Object string     `json:"object,omitempty"`
	Diff   []DiffLine `json:"diff"`
	// Timings are the milliseconds each step took: "request" (the
	// lookup, the first lint and compilation of the CRD, the validation).
	Timings map[string]float64 `json:"timings"`
}

// Report is what the playground says about the CRD text alone, apart from
// any request: computed once per text, after the first verdict.
type Report struct {
	// Rules are the CRD's CEL rules with their estimated costs, most
	// expensive first, as `kval lint --cel-costs` lists them.
	Rules []RuleCost `json:"rules"`
	Lint  LintView   `json:"lint"`
	Lower LowerView  `json:"lower"`
	// Timings are the milliseconds of "lint" and "lower".
	Timings map[string]float64 `json:"timings"`
}

// FieldError is one error, located in the text of the input it is about.
type FieldError struct {
	// Input is "new" for the request's errors, "crd" for lint's.
	Input  string `json:"input"`
	Field  string `json:"field"`
	Type   string `json:"type"`
	Detail string `json:"detail,omitempty"`
	// Message is the error as kubectl prints it: "field: Type: detail".
	Message string `json:"message"`
	// Line is the 1-based line of the field in its input, 0 if not found.
	Line int `json:"line,omitempty"`
}

// Problem is why an input could not be used.
type Problem struct {
	Input   string `json:"input"` // crd, old or new
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
}

// DiffLine is one line of the returned object's diff: Op is " " (kept),
// "-" (only in the input: pruned or changed) or "+" (only in the returned
// object: defaulted, set by kube-apiserver).
type DiffLine struct {
	Op   string `json:"op"`
	Text string `json:"text"`
}

// RuleCost is one CEL rule's estimated cost and the bounds that would
// bring it under its limit (lint.CELCost), with its line in the CRD's text.
type RuleCost struct {
	lint.CELCost
	// Hint says in words what Fixes say, as kval lint prints it.
	Hint string `json:"hint,omitempty"`
	Line int    `json:"line,omitempty"`
}

// LintView is `kval lint`'s verdict on the CRD.
type LintView struct {
	Valid    bool         `json:"valid"`
	Errors   []FieldError `json:"errors"`
	Warnings []string     `json:"warnings"`
}

// LowerView is `kval lower`'s output for the CRD: the CRD with its
// mutability extensions as CEL transition rules, and what could not be
// lowered.
type LowerView struct {
	CRD       string   `json:"crd,omitempty"`
	Lowered   int      `json:"lowered"`
	Rules     int      `json:"rules"`
	Unlowered []string `json:"unlowered"`
	Error     string   `json:"error,omitempty"`
}
