package rollout

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TB is the part of testing.TB that Equivalent uses; *testing.T has it.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// ValidateFunc is a whole-object validation: a hand-written
// ValidateWidget(obj, old) adapted to this shape, or a generated
// Validate_Widget with its field path bound.
type ValidateFunc[T any] func(ctx context.Context, op operation.Operation, obj, oldObj *T) field.ErrorList

// Case is one table case: Old nil is a create, else an update.
type Case[T any] struct {
	Name     string
	Obj, Old *T
}

// EquivalenceOption tunes Equivalent.
type EquivalenceOption func(*equivalence)

type equivalence struct {
	rounds   int
	seed     uint64
	options  map[string]bool
	coverAll bool
}

// FuzzRounds sets how many fuzzed creates and updates run (default 500;
// 0 runs only the table cases).
func FuzzRounds(n int) EquivalenceOption { return func(e *equivalence) { e.rounds = n } }

// Seed fixes the fuzzer's seed (default 1), so a failure reproduces.
func Seed(s uint64) EquivalenceOption { return func(e *equivalence) { e.seed = s } }

// OperationOptions sets the validation options (feature gates) of every
// operation, for rules written with +k8s:ifOptionEnabled.
func OperationOptions(o map[string]bool) EquivalenceOption {
	return func(e *equivalence) { e.options = o }
}

// CoverAll compares every hand-written error, as if each were marked
// CoveredByDeclarative: for a hand-written function that checks exactly
// the migrated rules.
func CoverAll() EquivalenceOption { return func(e *equivalence) { e.coverAll = true } }

// Equivalent fails t unless handWritten and declarative agree on every
// table case and on fuzzed objects derived from them, on create and on
// update (fuzzed updates start from an old object hand-written validation
// accepts). Agreement is kube-apiserver's: every hand-written error marked
// CoveredByDeclarative has a declarative error of the same type, field and
// origin, and every declarative error has such a hand-written error. Each
// failure names the rule that differs and the object that shows it.
func Equivalent[T any](t TB, handWritten, declarative ValidateFunc[T], cases []Case[T], opts ...EquivalenceOption) {
	t.Helper()
	e := equivalence{rounds: 500, seed: 1}
	for _, o := range opts {
		o(&e)
	}
	for _, c := range cases {
		checkCase(t, e, c, handWritten, declarative)
	}
	if e.rounds == 0 || len(cases) == 0 {
		return
	}
	f := newFuzzer(rand.New(rand.NewPCG(e.seed, e.seed)), cases)
	for i := range e.rounds {
		c := fuzzCase(f, cases, i)
		if c.Old != nil && !storable(e, c.Old, handWritten) {
			continue
		}
		checkCase(t, e, c, handWritten, declarative)
	}
}

// storable reports whether hand-written validation accepts old on create.
// Fuzzed updates start only from such objects: stored objects were valid
// (KEP-5073's first ratcheting principle), and a generated rule that
// ratchets must not be blamed for differing on data no server stored.
func storable[T any](e equivalence, old *T, handWritten ValidateFunc[T]) bool {
	op := operation.Operation{Type: operation.Create, Options: e.options}
	return len(handWritten(context.Background(), op, old, nil)) == 0
}

// checkCase runs both validations on one case and reports every mismatch.
func checkCase[T any](t TB, e equivalence, c Case[T], handWritten, declarative ValidateFunc[T]) {
	t.Helper()
	op := operation.Operation{Type: operation.Create, Options: e.options}
	if c.Old != nil {
		op.Type = operation.Update
	}
	ctx := context.Background()
	hv := handWritten(ctx, op, c.Obj, c.Old)
	if e.coverAll {
		hv = hv.MarkCoveredByDeclarative()
	}
	for _, m := range Compare(hv, declarative(ctx, op, c.Obj, c.Old), anyError) {
		t.Errorf("%s (%s): rule %s differs: %s\n%s", c.Name, opName(op), m.Rule(), m, describe(c))
	}
}

func opName(op operation.Operation) string {
	if op.Type == operation.Update {
		return "update"
	}
	return "create"
}

// describe prints the objects as JSON, the form API authors read.
func describe[T any](c Case[T]) string {
	obj, _ := json.Marshal(c.Obj)
	if c.Old == nil {
		return fmt.Sprintf("object: %s", obj)
	}
	old, _ := json.Marshal(c.Old)
	return fmt.Sprintf("object: %s\nold object: %s", obj, old)
}
