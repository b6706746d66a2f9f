package objgen

import (
	"fmt"
	"maps"
	"math/rand"
	"slices"

	"github.com/kval-dev/kval/schema"
)

// Options are the probabilities (0 to 1) and bounds of generation.
type Options struct {
	// Optional is the probability that a property that is not required is set.
	Optional float64
	// Unknown is the probability that an object gets a field its schema does not specify.
	Unknown float64
	// Null is the probability that a value is null.
	Null float64
	// WrongType is the probability that a value has a JSON type its schema does not allow.
	WrongType float64
	// MaxItems bounds arrays and maps; MaxDepth bounds free-form (preserved) values.
	MaxItems int
	MaxDepth int
	// OwnerReferences is the probability that metadata gets an
	// ownerReference; each of its required fields is then left out with
	// probability Null (metadata is not under Valid: kube-apiserver
	// checks it in Go, not by the schema).
	OwnerReferences float64
	// Valid makes values satisfy the schema's value validation: formats,
	// patterns, lengths, bounds, multipleOf, item and property counts,
	// unique items and list-map keys, required properties, and one branch of
	// each anyOf and oneOf (CEL rules and not are not considered). Nulls,
	// unknown fields and wrong types still come with their probabilities.
	Valid bool
}

// Hostile are options that exercise pruning, null handling and type conflicts.
var Hostile = Options{Optional: 0.6, Unknown: 0.15, Null: 0.05, WrongType: 0.03, MaxItems: 3, MaxDepth: 3}

// ValidOnly are options for objects that pass value validation.
var ValidOnly = Options{Optional: 0.6, MaxItems: 3, MaxDepth: 3, Valid: true}

// Generator builds random objects. It is not safe for concurrent use.
type Generator struct {
	rnd  *rand.Rand
	opts Options
}

// New returns a generator with a fixed seed.
func New(seed int64, opts Options) *Generator {
	return &Generator{rnd: rand.New(rand.NewSource(seed)), opts: opts}
}

// Resource builds a resource of apiVersion and kind for the root schema s.
func (g *Generator) Resource(s *schema.Schema, apiVersion, kind string) map[string]any {
	obj, _ := g.object(s, 0).(map[string]any)
	if obj == nil {
		obj = map[string]any{}
	}
	obj["apiVersion"] = apiVersion
	obj["kind"] = kind
	obj["metadata"] = g.metadata()
	return obj
}

// Value builds a value for schema s.
func (g *Generator) Value(s *schema.Schema) any {
	return g.value(s, 0)
}

func (g *Generator) chance(p float64) bool { return p > 0 && g.rnd.Float64() < p }

func (g *Generator) value(s *schema.Schema, depth int) any {
	if g.chance(g.opts.Null) {
		return nil
	}
	if g.chance(g.opts.WrongType) {
		return g.wrongType(s, depth)
	}
	if s == nil {
		return g.free(depth)
	}
	if g.opts.Valid {
		s = g.refine(s)
	}
	if len(s.Enum) > 0 {
		return s.Enum[g.rnd.Intn(len(s.Enum))]
	}
	switch {
	case s.IntOrString:
		if g.rnd.Intn(2) == 0 {
			return int64(g.rnd.Intn(100))
		}
		return fmt.Sprintf("%d%%", g.rnd.Intn(100))
	case s.Type == "object" || (s.Type == "" && (len(s.Properties) > 0 || s.AdditionalProperties != nil)):
		return g.object(s, depth)
	case s.Type == "array":
		return g.array(s, depth)
	case s.Type == "":
		return g.free(depth)
	}
	if g.opts.Valid {
		return g.validScalar(s)
	}
	return g.scalar(s.Type)
}

func (g *Generator) object(s *schema.Schema, depth int) any {
	if g.opts.Valid {
		return g.validObject(s, depth)
	}
	obj := map[string]any{}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		if contains(s.Required, name) || g.chance(g.opts.Optional) {
			obj[name] = g.value(s.Properties[name], depth+1)
		}
	}
	if s.AdditionalProperties != nil {
		for i := g.rnd.Intn(g.opts.MaxItems + 1); i > 0; i-- {
			obj[g.key()] = g.value(s.AdditionalProperties.Schema, depth+1)
		}
	}
	if s.PreservesUnknownFields() && depth < g.opts.MaxDepth {
		obj[g.key()] = g.free(depth + 1)
	}
	if g.chance(g.opts.Unknown) {
		obj["unknown"+g.key()] = g.free(depth + 1)
	}
	if s.EmbeddedResource {
		obj["apiVersion"] = "example.com/v1"
		obj["kind"] = "Embedded"
		if g.chance(g.opts.WrongType) {
			obj["kind"] = int64(5) // decoding fails: kind must be a string
		}
		obj["metadata"] = g.metadata()
	}
	return obj
}

func (g *Generator) array(s *schema.Schema, depth int) any {
	if g.opts.Valid {
		return g.validArray(s, depth)
	}
	n := g.rnd.Intn(g.opts.MaxItems + 1)
	list := make([]any, n)
	for i := range list {
		list[i] = g.value(s.Items, depth+1)
	}
	return list
}

// free builds a value with no schema: any JSON.
func (g *Generator) free(depth int) any {
	kinds := 5
	if depth >= g.opts.MaxDepth {
		kinds = 3 // scalars only
	}
	switch g.rnd.Intn(kinds) {
	case 0:
		return g.scalar("string")
	case 1:
		return g.scalar("integer")
	case 2:
		return g.scalar("boolean")
	case 3:
		m := map[string]any{}
		for i := g.rnd.Intn(g.opts.MaxItems + 1); i > 0; i-- {
			m[g.key()] = g.free(depth + 1)
		}
		return m
	default:
		list := make([]any, g.rnd.Intn(g.opts.MaxItems+1))
		for i := range list {
			list[i] = g.free(depth + 1)
		}
		return list
	}
}

// wrongType builds a value whose JSON type the schema does not allow.
func (g *Generator) wrongType(s *schema.Schema, depth int) any {
	want := ""
	if s != nil {
		want = s.Type
	}
	switch want {
	case "object":
		return []any{g.scalar("string")}
	case "array":
		return map[string]any{g.key(): g.scalar("integer")}
	case "string":
		return int64(g.rnd.Intn(10))
	default:
		return map[string]any{g.key(): g.free(depth + 1)}
	}
}

func (g *Generator) scalar(typ string) any {
	switch typ {
	case "integer":
		return int64(g.rnd.Intn(2000) - 1000)
	case "number":
		return float64(g.rnd.Intn(2000)-1000) / 8
	case "boolean":
		return g.rnd.Intn(2) == 0
	default:
		return g.key()
	}
}

func (g *Generator) key() string {
	const letters = "abcdefghijklmnopqrstuvwxyz"
	b := make([]byte, 1+g.rnd.Intn(6))
	for i := range b {
		b[i] = letters[g.rnd.Intn(len(letters))]
	}
	return string(b)
}

// metadata builds ObjectMeta with an unknown field now and then.
func (g *Generator) metadata() map[string]any {
	meta := map[string]any{"name": "obj-" + g.key()}
	if g.chance(0.5) {
		meta["labels"] = map[string]any{"app": g.key()}
	}
	if g.chance(g.opts.Unknown) {
		meta["garbage"] = g.scalar("integer")
	}
	if g.chance(g.opts.WrongType) {
		meta["labels"] = g.scalar("integer") // decoding fails: malformed metadata
	}
	if g.chance(g.opts.OwnerReferences) {
		meta["ownerReferences"] = []any{g.ownerReference()}
	}
	return meta
}

// ownerReference builds a reference to an owner, with each required field
// missing with probability Null.
func (g *Generator) ownerReference() map[string]any {
	ref := map[string]any{}
	fields := map[string]any{
		"apiVersion": "example.com/v1",
		"kind":       "Owner",
		"name":       "owner-" + g.key(),
		"uid":        fmt.Sprintf("%08x-0000-4000-8000-%012x", g.rnd.Uint32(), g.rnd.Int63n(1<<48)),
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		if !g.chance(g.opts.Null) {
			ref[k] = fields[k]
		}
	}
	if g.chance(0.5) {
		ref["controller"] = true
	}
	return ref
}
