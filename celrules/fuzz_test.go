package celrules

import (
	"context"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// fuzzSchema has a rule slot on an object with every kind of value, and on
// the items of a map list (correlated on update).
const fuzzSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      s: {type: string, maxLength: 64}
      num: {type: integer}
      f: {type: number}
      b: {type: boolean}
      ios: {x-kubernetes-int-or-string: true}
      d: {type: string, format: duration}
      t: {type: string, format: date-time}
      l: {type: array, maxItems: 8, items: {type: string, maxLength: 16}}
      m: {type: object, maxProperties: 8, additionalProperties: {type: integer}}
      items:
        type: array
        maxItems: 8
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [name]
        items:
          type: object
          required: [name]
          properties:
            name: {type: string, maxLength: 8}
            value: {type: integer}
      free: {type: object, x-kubernetes-preserve-unknown-fields: true}
`

// FuzzRules compiles fuzzed rules (and messageExpressions) on two nodes and
// evaluates them on generated objects and updates with a fuzzed budget:
// nothing panics, and the budget is enforced (an evaluation that stops
// early says why, and no evaluation runs away).
func FuzzRules(f *testing.F) {
	seeds := []string{
		"self.s == oldSelf.s", "self.l.all(x, x.size() < 5)", "self.m.exists(k, self.m[k] > 1)",
		"self.l.all(x, self.l.all(y, x == y || x != y))", "type(self.ios) == int ? self.ios > 1 : self.ios.endsWith('%')",
		"self.d < duration('1h') && self.t.getFullYear() > 2000", "oldSelf.hasValue()", "self.value == oldSelf.value",
		"self.name.matches('^[a-z]+$')", "self.f > 1.5 || self.b", "self.m.map(k, self.m[k]).sum() == 0",
		"quantity('1Gi').isGreaterThan(quantity('1Mi'))", "self.free.x == 1", "[1,2,3].all(i, v, i < v)",
	}
	for i, s := range seeds {
		f.Add(s, "'message: ' + string(self)", int64(i), uint32(10000+i*100000), i%2 == 0)
	}
	base := parseSchema(f, fuzzSchema)
	f.Fuzz(func(t *testing.T, rule, message string, seed int64, budget uint32, optional bool) {
		s := withRules(base, rule, message, optional)
		v := NewValidator(s, Options{ResourceRoot: true})
		if v == nil {
			t.Fatal("a schema with rules has a validator")
		}
		g := objgen.New(seed, objgen.Options{Optional: 0.7, Null: 0.05, WrongType: 0.05, MaxItems: 4, MaxDepth: 2})
		old := g.Resource(s, "example.com/v1", "Widget")
		obj := g.Mutate(s, old)
		for _, o := range []map[string]any{nil, old} {
			checkEvaluation(t, v, obj, o, int64(budget))
		}
	})
}

// withRules returns a copy of s with the rule on spec and on the map
// list's items; optional sets optionalOldSelf.
func withRules(s *schema.Schema, rule, message string, optional bool) *schema.Schema {
	r := schema.ValidationRule{Rule: rule, MessageExpression: message}
	if optional {
		r.OptionalOldSelf = &optional
	}
	root := *s
	spec := *s.Properties["spec"]
	spec.Validations = []schema.ValidationRule{r}
	items := *spec.Properties["items"]
	item := *items.Items
	item.Validations = []schema.ValidationRule{r, {Rule: "self.name.size() > 0"}}
	items.Items = &item
	spec.Properties = copyProps(spec.Properties)
	spec.Properties["items"] = &items
	root.Properties = copyProps(s.Properties)
	root.Properties["spec"] = &spec
	return &root
}

func copyProps(in map[string]*schema.Schema) map[string]*schema.Schema {
	out := make(map[string]*schema.Schema, len(in))
	for k, v := range in {
		out[k] = v
	}
	return out
}

// checkEvaluation evaluates and checks the invariants.
func checkEvaluation(t *testing.T, v *Validator, obj, old map[string]any, budget int64) {
	t.Helper()
	var oldValue any
	if old != nil {
		oldValue = old
	}
	start := time.Now()
	res := v.Validate(context.Background(), nil, obj, oldValue, EvalOptions{Budget: budget, Ratcheting: true})
	if elapsed := time.Since(start); elapsed > 20*time.Second {
		t.Errorf("evaluation took %v: the cost limits did not stop it", elapsed)
	}
	all := append(append(field.ErrorList(nil), res.Errors...), res.Ratcheted...)
	for _, e := range all {
		if strings.Contains(e.Detail, "evaluating x-kubernetes-validations:") {
			t.Fatalf("panic: %v", e)
		}
	}
	if res.Budget > budget {
		t.Errorf("budget grew: %d of %d left", res.Budget, budget)
	}
	if res.Budget < 0 && !saysWhyItStopped(all) {
		t.Errorf("the evaluation stopped early (budget %d) without saying why: %v", res.Budget, all)
	}
}

func saysWhyItStopped(errs field.ErrorList) bool {
	for _, e := range errs {
		if strings.Contains(e.Detail, "no further validation rules will be run") || e.Type == field.ErrorTypeInternal {
			return true
		}
	}
	return false
}

// FuzzBuilders evaluates fuzzed rules (seeded with the ways of building
// large strings and lists) on objects near kube-apiserver's size limit: a
// string of almost 3 MiB made of a fuzzed piece, and a list of copies of
// it. Nothing panics, no evaluation runs away, and (without a bound on
// what the rules build) the first seed alone would take terabytes: the
// fuzzer dies of it, which is its finding.
func FuzzBuilders(f *testing.F) {
	seeds := []string{
		"self.s.replace('', self.s).size() > 0", "self.s.replace(self.s, self.s + self.s, 1).size() > 0",
		"self.l.map(x, self.s).join(self.s).size() > 0", "'%s %s'.format([self.l, self.l.map(x, self.s)]).size() > 0",
		"('%.' + string(self.num) + 'f').format([1.0]).size() > 0", "self.l.map(x, self.l).flatten(2).size() > 0",
		"(self.l + self.l + self.l + self.l).sort().distinct().reverse().size() > 0", "self.s.split('').join(self.s).size() > 0",
		"(self.s + self.s + self.s + self.s + self.s).size() > 0", "self.l.all(x, self.s.replace('a', x + x).size() > 0)",
		"self.s.split('').map(c, c + self.s).size() > 0", "self.l.map(x, [self.s, x]).flatten().join('').size() > 0",
	}
	for i, s := range seeds {
		f.Add(s, "ab", uint32(i*4099), uint8(i*3), int64(1<<(i%24)))
	}
	base := parseSchema(f, builderSchema[:strings.Index(builderSchema, "    x-kubernetes-validations")])
	f.Fuzz(func(t *testing.T, rule, piece string, shorter uint32, items uint8, num int64) {
		v := NewValidator(withSpecRule(base, rule), Options{ResourceRoot: true})
		if len(v.CompileErrors()) > 0 {
			return
		}
		obj := nearLimitObject(piece, shorter, items, num)
		allocated, _ := measure(func() { checkEvaluation(t, v, obj, nil, RuntimeCELCostBudget) })
		if allocated > maxEvaluationAlloc {
			t.Errorf("the evaluation allocated %d MB", allocated>>20)
		}
	})
}

// maxEvaluationAlloc bounds what one evaluation of FuzzBuilders allocates
// in all: a few results of the largest size the bound lets through, and
// the copies upstream's cost tracker makes to count characters.
const maxEvaluationAlloc = 1 << 30

// withSpecRule returns a copy of s with the rule on spec.
func withSpecRule(s *schema.Schema, rule string) *schema.Schema {
	root := *s
	spec := *s.Properties["spec"]
	spec.Validations = []schema.ValidationRule{{Rule: rule}}
	root.Properties = copyProps(s.Properties)
	root.Properties["spec"] = &spec
	return &root
}

// nearLimitObject has a string of piece repeated to shorter bytes (modulo
// 256 KiB) under 3 MiB, and a list of items copies of piece.
func nearLimitObject(piece string, shorter uint32, items uint8, num int64) map[string]any {
	if piece == "" {
		piece = "x"
	}
	size := manifest.MaxDocumentBytes - 4096 - int(shorter%(256<<10))
	s := strings.Repeat(piece, size/len(piece)+1)[:size]
	if len(piece) > 64 {
		piece = piece[:64]
	}
	return map[string]any{"spec": map[string]any{"s": s, "l": repeatAny(piece, int(items%32)), "num": num}}
}
