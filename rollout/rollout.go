package rollout

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Rollout holds what is fixed for a server: gates, metrics and logger.
type Rollout struct {
	Gates   Gates
	Metrics *Metrics     // nil: nothing counted
	Logger  *slog.Logger // nil: slog.Default()
}

// Option configures one resource's strategy.
type Option func(*Mode)

// WithDeclarativeEnforcement opts the resource into the explicit lifecycle:
// declarative validation runs even with the DeclarativeValidation gate off,
// and its standard (unprefixed) rules are enforced.
func WithDeclarativeEnforcement() Option {
	return func(m *Mode) { m.Enforcement = true }
}

// Func is a validation to run; declarative ones are usually a closure over
// a generated Validate_<Type>.
type Func func() field.ErrorList

// Request identifies what is validated, for metrics and logs.
type Request struct {
	// Kind is the resource's kind, e.g. "Widget".
	Kind      string
	Operation operation.Operation
}

// Validate runs hand-written validation and, where the authority table
// says so, declarative validation, and returns the errors the user sees.
func (r *Rollout) Validate(ctx context.Context, req Request, handWritten, declarative Func, opts ...Option) field.ErrorList {
	var mode Mode
	for _, o := range opts {
		o(&mode)
	}
	hv := handWritten()
	if !Runs(r.Gates, mode) {
		return hv
	}
	dv, panicked := r.runDeclarative(req, declarative)
	if panicked != nil {
		return r.afterPanic(mode, hv, panicked)
	}
	r.shadow(ctx, req, mode, hv, dv)
	return merge(r.Gates, mode, hv, dv)
}

// runDeclarative runs generated code, which must never take the server
// down: a panic is recovered and counted.
func (r *Rollout) runDeclarative(req Request, declarative Func) (errs field.ErrorList, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			errs, panicked = nil, p
			if r.Metrics != nil {
				r.Metrics.panicked(Identifier(req))
			}
			r.logger().Error("declarative validation panicked", "identifier", Identifier(req), "panic", fmt.Sprint(p))
		}
	}()
	return declarative(), nil
}

// afterPanic returns the hand-written result. With enforcement, standard
// rules have no hand-written fallback, so an internal error is added: a
// panic must not let an object in that the enforced rules would refuse.
func (r *Rollout) afterPanic(mode Mode, hv field.ErrorList, p any) field.ErrorList {
	if !mode.Enforcement {
		return hv
	}
	return append(hv, field.InternalError(nil, fmt.Errorf("declarative validation panicked: %v", p)))
}

// shadow compares the results and reports every mismatch.
func (r *Rollout) shadow(ctx context.Context, req Request, mode Mode, hv, dv field.ErrorList) {
	if !r.Gates.DeclarativeValidation {
		return
	}
	candidate := func(e *field.Error) bool { return compared(r.Gates, mode, StabilityOf(e)) }
	mismatches := Compare(hv, dv, candidate)
	id := Identifier(req)
	for _, m := range mismatches {
		if r.Metrics != nil {
			r.Metrics.mismatch(id)
		}
		r.logger().ErrorContext(ctx, "declarative validation mismatch", "identifier", id, "mismatch", m.String(),
			"handWritten", render(hv), "declarative", render(dv))
	}
}

// merge builds the returned list: hand-written errors, minus the covered
// ones an enforced declarative error replaces, plus the enforced
// declarative errors.
func merge(g Gates, mode Mode, hv, dv field.ErrorList) field.ErrorList {
	var enforced field.ErrorList
	for _, e := range dv {
		if Decide(g, mode, StabilityOf(e)) == Declarative {
			enforced = append(enforced, e)
		}
	}
	out := make(field.ErrorList, 0, len(hv)+len(enforced))
	for _, h := range hv {
		if !h.CoveredByDeclarative || !matchesAny(h, enforced) {
			out = append(out, h)
		}
	}
	return append(out, enforced...)
}

func matchesAny(h *field.Error, list field.ErrorList) bool {
	for _, d := range list {
		if matcher.Matches(h, d) {
			return true
		}
	}
	return false
}

// Identifier is kube-apiserver's validation_identifier:
// <kind>[_<subresource>]_<create|update>, lower case.
func Identifier(req Request) string {
	id := strings.ToLower(req.Kind)
	if id == "" {
		id = "unknown_resource"
	}
	if subs := req.Operation.Request.Subresources; len(subs) > 0 {
		id += "_" + strings.Join(subs, "_")
	}
	if req.Operation.Type == operation.Update {
		return id + "_update"
	}
	return id + "_create"
}

func (r *Rollout) logger() *slog.Logger {
	if r.Logger != nil {
		return r.Logger
	}
	return slog.Default()
}

// render lists errors as the matcher sees them, for logs.
func render(list field.ErrorList) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = matcher.Render(e)
	}
	return out
}
