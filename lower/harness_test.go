package lower_test

import (
	"context"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/lower"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// trio validates an update three ways: with no extension and no generated
// rule (base), with the extensions (ext: kval's mutability stage), and
// with the lowered rules and no extension (low: kube-apiserver's CEL).
type trio struct {
	base, ext, low *engine.Validator
}

// lowered is a CRD with extensions, lowered. Extensions Lower could not
// lower are taken out of ext as well, so that both sides enforce the same
// constructs; base has no extension and no generated rule.
type lowered struct {
	base, ext map[string]any
	res       *lower.Result
}

func lowerForTest(t *testing.T, withExt map[string]any) lowered {
	t.Helper()
	res, err := lower.Lower(context.Background(), withExt, lower.Options{NoFixes: true})
	if err != nil {
		t.Fatalf("lower: %v", err)
	}
	ext := jsonvalue.DeepCopyObject(withExt)
	for _, u := range res.Unlowered {
		removeExtension(t, ext, u)
	}
	base := jsonvalue.DeepCopyObject(ext)
	stripExtensions(base)
	return lowered{base: base, ext: ext, res: res}
}

// trio compiles one version three ways.
func (l lowered) trio(t *testing.T, version string) trio {
	t.Helper()
	return trio{base: compile(t, l.base, version), ext: compile(t, l.ext, version), low: compile(t, l.res.CRD, version)}
}

// newTrio lowers a CRD with extensions and compiles one version.
func newTrio(t *testing.T, withExt map[string]any, version string) (trio, *lower.Result) {
	t.Helper()
	l := lowerForTest(t, withExt)
	return l.trio(t, version), l.res
}

func compile(t *testing.T, doc map[string]any, version string) *engine.Validator {
	t.Helper()
	crd, errs := schema.DecodeCRD(manifest.Document{Object: doc})
	if len(errs) > 0 {
		t.Fatalf("decode: %v", errs)
	}
	v, err := engine.Compile(crd, version, engine.Options{})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return v
}

// outcome is how the pair fared.
type outcome int

const (
	skipped outcome = iota // invalid without any extension: nothing to compare
	accepted
	rejected
)

// compare validates the update old → new three ways and returns an error
// describing any difference between ext and low: the verdict, and the
// errors (see samePaths).
func (tr trio) compare(old, new map[string]any) (outcome, error) {
	ctx := context.Background()
	run := func(v *engine.Validator) *engine.Result {
		res, err := v.Validate(ctx, engine.Request{Operation: engine.Update,
			Object: jsonvalue.DeepCopyObject(new), OldObject: jsonvalue.DeepCopyObject(old)})
		if err != nil {
			return &engine.Result{BadRequest: err}
		}
		return res
	}
	if base := run(tr.base); !base.Valid() {
		return skipped, nil
	}
	ext, low := run(tr.ext), run(tr.low)
	if ext.Valid() != low.Valid() {
		return skipped, fmt.Errorf("verdicts differ: with the extensions %s, with the lowered rules %s", verdict(ext), verdict(low))
	}
	if err := samePaths(ext.Errors, low.Errors); err != nil {
		return skipped, err
	}
	if ext.Valid() {
		return accepted, nil
	}
	return rejected, nil
}

func verdict(r *engine.Result) string {
	if r.Valid() {
		return "valid"
	}
	return fmt.Sprintf("invalid (%v %v)", r.Errors, r.BadRequest)
}

// samePaths checks that the errors say the same things at the same places,
// as far as a rule's fieldPath can say where: every error of the
// extensions has an error of the rules with its message at its path or
// above it (a rule reports a key at its collection, and a value below an
// atomic list's items at the list), and every error of the rules has one
// of the extensions with its message at or below it.
func samePaths(ext, low field.ErrorList) error {
	for _, e := range ext {
		if !anyCovers(low, e, func(l, e *field.Error) bool { return under(e.Field, l.Field) }) {
			return fmt.Errorf("%s: %s: no rule reports it (rules: %v)", e.Field, e.Detail, low)
		}
	}
	for _, l := range low {
		if !anyCovers(ext, l, func(e, l *field.Error) bool { return under(e.Field, l.Field) }) {
			return fmt.Errorf("%s: %s: reported by a rule only (extensions: %v)", l.Field, l.Detail, ext)
		}
	}
	return nil
}

func anyCovers(list field.ErrorList, e *field.Error, rel func(a, b *field.Error) bool) bool {
	for _, x := range list {
		if x.Detail == e.Detail && x.Type == e.Type && rel(x, e) {
			return true
		}
	}
	return false
}

// under reports whether path p is q or below it.
func under(p, q string) bool {
	return p == q || strings.HasPrefix(p, q+".") || strings.HasPrefix(p, q+"[")
}

// place puts the extensions at random on the eligible nodes of every
// version's schema of a copy of crd (stripped of its own), each extension
// on a node with probability density, and returns the copy.
func place(t *testing.T, crd map[string]any, rnd *rand.Rand, density float64) map[string]any {
	t.Helper()
	out := jsonvalue.DeepCopyObject(crd)
	stripExtensions(out)
	decoded, errs := schema.DecodeCRD(manifest.Document{Object: out})
	if len(errs) > 0 {
		t.Fatalf("decode: %v", errs)
	}
	for _, v := range versionSchemas(out) {
		for _, site := range schema.MutabilitySites(decoded.VersionSchema(v.name)) {
			node := resolve(t, v.doc, site.Pointer)
			maybeSet(rnd, density, node, lower.MutabilityKeyword, site.Mutability)
			maybeSet(rnd, density, node, lower.KeyMutabilityKeyword, site.KeyMutability)
		}
	}
	return out
}

func maybeSet(rnd *rand.Rand, density float64, node map[string]any, keyword string, values []schema.Mutability) {
	if len(values) > 0 && rnd.Float64() < density {
		node[keyword] = string(values[rnd.Intn(len(values))])
	}
}

type versionDoc struct {
	name string
	doc  map[string]any
}

func versionSchemas(crd map[string]any) []versionDoc {
	spec, _ := crd["spec"].(map[string]any)
	versions, _ := spec["versions"].([]any)
	var out []versionDoc
	for _, v := range versions {
		version, _ := v.(map[string]any)
		holder, _ := version["schema"].(map[string]any)
		if doc, ok := holder["openAPIV3Schema"].(map[string]any); ok {
			name, _ := version["name"].(string)
			out = append(out, versionDoc{name: name, doc: doc})
		}
	}
	return out
}

func resolve(t *testing.T, doc map[string]any, pointer []string) map[string]any {
	t.Helper()
	node := doc
	for _, token := range pointer {
		next, ok := node[token].(map[string]any)
		if !ok {
			t.Fatalf("pointer %v does not resolve", pointer)
		}
		node = next
	}
	return node
}

func removeExtension(t *testing.T, crd map[string]any, u lower.Unlowered) {
	for _, v := range versionSchemas(crd) {
		if v.name == u.Version {
			delete(resolve(t, v.doc, u.Pointer), u.Keyword)
		}
	}
}

// stripExtensions removes both extensions from every schema of crd.
func stripExtensions(crd map[string]any) {
	var strip func(any)
	strip = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			delete(v, lower.MutabilityKeyword)
			delete(v, lower.KeyMutabilityKeyword)
			for _, key := range sortedKeys(v) {
				if key != "default" && key != "example" && key != "enum" {
					strip(v[key])
				}
			}
		case []any:
			for _, item := range v {
				strip(item)
			}
		}
	}
	strip(crd["spec"])
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
