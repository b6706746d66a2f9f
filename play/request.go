package play

import (
	"context"
	"errors"
	"strings"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/jsonvalue"
)

// request is an Input's objects, read.
type request struct {
	old, new document
	update   bool
}

// readRequest reads the objects: a create without an old object, an update
// with one.
func readRequest(in Input) (request, []Problem) {
	var req request
	var problems []Problem
	req.new, problems = object(inputNew, in.New)
	if strings.TrimSpace(in.Old) == "" {
		return req, problems
	}
	req.update = true
	old, oldProblems := object(inputOld, in.Old)
	req.old = old
	problems = append(problems, oldProblems...)
	if len(problems) == 0 {
		problems = sameObject(req.old, req.new)
	}
	return req, problems
}

// validate runs the request through the engine, as kube-apiserver would
// with the CRD installed, and records the answer.
func validate(ctx context.Context, st *crdState, req request, out *Output) {
	apiVersion, _ := req.new.Object["apiVersion"].(string)
	kind, _ := req.new.Object["kind"].(string)
	v, err := st.catalog.ForObject(ctx, apiVersion, kind)
	if err != nil {
		out.Problems = append(out.Problems, lookupProblem(err, req.new))
		return
	}
	// The engine prunes and defaults the objects it is given: it gets
	// copies, and the inputs stay as written for the diff.
	r := engine.Request{Operation: engine.Create, Object: jsonvalue.DeepCopyObject(req.new.Object)}
	if req.update {
		r.Operation, r.OldObject = engine.Update, jsonvalue.DeepCopyObject(req.old.Object)
	}
	out.Operation = strings.ToLower(string(r.Operation))
	res, err := v.Validate(ctx, r)
	if err != nil {
		out.Problems = append(out.Problems, Problem{Input: inputNew, Message: err.Error()})
		return
	}
	record(res, req.new, req.old.Object, out)
}

// lookupProblem says why no CRD serves the object, on the input to fix.
func lookupProblem(err error, obj document) Problem {
	var invalid *catalog.InvalidCRDError
	if errors.As(err, &invalid) {
		return Problem{Input: inputCRD, Message: err.Error()}
	}
	return Problem{Input: inputNew, Line: obj.Source.Line, Message: err.Error()}
}

// record copies the engine's answer into the output.
func record(res *engine.Result, obj document, old map[string]any, out *Output) {
	out.Verdict = Valid
	if !res.Valid() {
		out.Verdict = Invalid
	}
	out.Pruned = append(out.Pruned, res.Pruned...)
	out.Errors = fieldErrors(inputNew, obj, res.Errors)
	out.Message = message(obj.Object, res)
	if res.Valid() {
		out.Message = accepted(obj.Object, old, out.Operation)
	}
	for _, p := range res.Pruned {
		out.Warnings = append(out.Warnings, "unknown field \""+p+"\"")
	}
	out.Warnings = append(out.Warnings, res.Warnings...)
	out.Warnings = append(out.Warnings, res.RatchetedWarnings()...)
	if res.Object != nil {
		out.Object, out.Diff = returned(obj.Object, res.Object)
	}
}
