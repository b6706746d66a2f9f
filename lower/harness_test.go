package lower_test

import (
	"context"
	"fmt"
	"math/rand"
	"slices"
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

// sides validates an update two ways: with the extensions (ext: kval's
// mutability stage), and with the lowered rules and no extension (low:
// kube-apiserver's CEL). root is the version's schema, which says where
// the rules report (see rulePath).
type sides struct {
	ext, low *engine.Validator
	root     *schema.Schema
}

// lowered is a CRD with extensions, lowered. Extensions Lower could not
// lower are taken out of ext as well, so that both sides enforce the same
// constructs.
type lowered struct {
	ext map[string]any
	res *lower.Result
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
	return lowered{ext: ext, res: res}
}

// sides compiles one version both ways.
func (l lowered) sides(t *testing.T, version string) sides {
	t.Helper()
	crd, errs := schema.DecodeCRD(manifest.Document{Object: l.ext})
	if len(errs) > 0 {
		t.Fatalf("decode: %v", errs)
	}
	return sides{ext: compile(t, l.ext, version), low: compile(t, l.res.CRD, version), root: crd.VersionSchema(version)}
}

// newSides lowers a CRD with extensions and compiles one version.
func newSides(t *testing.T, withExt map[string]any, version string) (sides, *lower.Result) {
	t.Helper()
	l := lowerForTest(t, withExt)
	return l.sides(t, version), l.res
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

// outcome is how the pair fared, the same on both sides.
type outcome int

const (
	accepted outcome = iota
	rejected         // an extension (or its rule) denies it, maybe with other errors
	invalid          // denied for other reasons only: schema, the CRD's own rules
	blocked          // denied by errors that keep kube-apiserver's rules from running
)

func (o outcome) String() string { return [...]string{"accepted", "rejected", "invalid", "blocked"}[o] }

// compare validates the update old → new both ways and returns an error
// describing any difference between ext and low: the verdict, a bad
// request, or the errors (see sameErrors). The extensions' errors are
// kube-apiserver's and those the webhook finds, even where kube-apiserver's
// errors keep it from calling the webhook: the rules run then too.
func (sd sides) compare(old, new map[string]any) (outcome, error) {
	run := func(v *engine.Validator, scope engine.Scope) *engine.Result {
		res, err := v.Validate(context.Background(), engine.Request{Operation: engine.Update, Scope: scope,
			Object: jsonvalue.DeepCopyObject(new), OldObject: jsonvalue.DeepCopyObject(old)})
		if err != nil {
			return &engine.Result{BadRequest: err}
		}
		return res
	}
	ext, low := run(sd.ext, engine.AllChecks), run(sd.low, engine.AllChecks)
	if ext.Valid() != low.Valid() {
		return invalid, fmt.Errorf("verdicts differ: with the extensions %s, with the lowered rules %s", verdict(ext), verdict(low))
	}
	if fmt.Sprint(ext.BadRequest) != fmt.Sprint(low.BadRequest) {
		return invalid, fmt.Errorf("bad requests differ: with the extensions %v, with the lowered rules %v", ext.BadRequest, low.BadRequest)
	}
	if ext.Valid() {
		return accepted, nil
	}
	extErrs := append(slices.Clone(ext.Errors), run(sd.ext, engine.BeyondKubeAPIServer).Errors...)
	if err := sameErrors(sd.root, extErrs, low.Errors); err != nil {
		return invalid, err
	}
	switch {
	case slices.ContainsFunc(low.Errors, blocking):
		return blocked, nil
	case slices.ContainsFunc(extErrs, fromExtension):
		return rejected, nil
	}
	return invalid, nil
}

func verdict(r *engine.Result) string {
	if r.Valid() {
		return "valid"
	}
	return fmt.Sprintf("invalid (%v %v)", r.Errors, r.BadRequest)
}

// sameErrors checks that both sides report the same errors: the same
// type, message and path, but for the paths a rule's fieldPath cannot say,
// where the rule reports at the node above (rulePath). Errors of other
// origins are the same on both sides, with one exception: where errors
// keep kube-apiserver's rules from running (a wrong type, a required field
// missing, an enum, length or count violated), it reports that instead of
// the rules' errors, so the errors of the extensions are not expected then,
// and that notice is, also where the CRD had no rule of its own. Errors are
// compared as sets: the keys of one collection, several errors of the
// extensions, are one error of the rule.
func sameErrors(root *schema.Schema, ext, low field.ErrorList) error {
	rulesRan := !slices.ContainsFunc(low, blocking)
	want := map[string]bool{}
	for _, e := range ext {
		if fromExtension(e) && !rulesRan {
			continue
		}
		at, err := rulePath(root, e)
		if err != nil {
			return err
		}
		want[errorKey(at, e)] = true
	}
	if !rulesRan {
		want[errorKey(notRun.Field, notRun)] = true
	}
	got := map[string]bool{}
	for _, e := range low {
		got[errorKey(e.Field, e)] = true
	}
	for k := range want {
		if !got[k] {
			return fmt.Errorf("%q: with the extensions only (rules: %v; extensions: %v)", k, low, ext)
		}
	}
	for k := range got {
		if !want[k] {
			return fmt.Errorf("%q: with the lowered rules only (rules: %v; extensions: %v)", k, low, ext)
		}
	}
	return nil
}

// notRun is kube-apiserver's error when other errors keep its rules from
// running.
var notRun = field.Invalid(nil, nil, "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation")

func blocking(e *field.Error) bool {
	return e.Type == notRun.Type && e.Field == notRun.Field && e.Detail == notRun.Detail
}

func errorKey(path string, e *field.Error) string {
	return path + ": " + string(e.Type) + ": " + e.Detail
}

// fromExtension reports whether package mutability reported e.
func fromExtension(e *field.Error) bool {
	return strings.HasPrefix(e.Origin, "mutability=") || strings.HasPrefix(e.Origin, "keyMutability=")
}

// rulePath is where the lowered rules report an error of the extensions.
// A rule's fieldPath names a field below the rule's node, never an index
// or a key, so (package lower's doc, "Where the rules go"):
//   - a key added or removed (x-kubernetes-key-mutability, reported at
//     collection[key] or collection[index]) is reported at the collection;
//   - anything below the items of a list that kube-apiserver does not
//     correlate (every list but list-type map lists) is reported at the
//     highest such list on the way from the root, where the rule is.
//
// Everywhere else, the path is the error's own: the fields, the items of
// list-map lists, and the values of maps the rules are on or name.
func rulePath(root *schema.Schema, e *field.Error) (string, error) {
	if !fromExtension(e) {
		return e.Field, nil
	}
	steps, err := followPath(root, e.Field)
	if err != nil {
		return "", err
	}
	at := e.Field
	if strings.HasPrefix(e.Origin, "keyMutability=") {
		last := steps[len(steps)-1]
		if !last.bracket {
			return "", fmt.Errorf("%s: a key error not at a key or index", e.Field)
		}
		at, steps = e.Field[:last.start], steps[:len(steps)-1]
	}
	for _, st := range steps {
		if st.bracket && st.parent.Type == "array" && !st.parent.IsMapList() {
			return e.Field[:st.start], nil
		}
	}
	return at, nil
}

// pathStep is one step of an object path: a property, or an index or key
// in brackets, starting at offset start, from the node parent.
type pathStep struct {
	start   int
	bracket bool
	parent  *schema.Schema
}

// followPath splits an object path along the schema, which tells property
// names with dots and keys with brackets apart from the steps.
func followPath(root *schema.Schema, p string) ([]pathStep, error) {
	var steps []pathStep
	s := root
	for i := 0; i < len(p); {
		if s == nil {
			return nil, fmt.Errorf("%s: no schema at %s", p, p[:i])
		}
		if p[i] == '[' {
			end := closingBracket(p, i)
			steps = append(steps, pathStep{start: i, bracket: true, parent: s})
			if s.Type == "array" {
				s = s.Items
			} else {
				s = s.AdditionalPropertiesSchema()
			}
			i = end + 1
			continue
		}
		if p[i] == '.' {
			i++
		}
		name, ok := propertyAt(s, p[i:])
		if !ok {
			return nil, fmt.Errorf("%s: no property at %s", p, p[:i])
		}
		steps = append(steps, pathStep{start: i, parent: s})
		s = s.Properties[name]
		i += len(name)
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("an error at the root: %q", p)
	}
	return steps, nil
}

// closingBracket is the end of the bracket opened at i: the first "]"
// followed by the end, a "." or a "[".
func closingBracket(p string, i int) int {
	for j := i + 1; j < len(p); j++ {
		if p[j] == ']' && (j+1 == len(p) || p[j+1] == '.' || p[j+1] == '[') {
			return j
		}
	}
	return len(p) - 1
}

// propertyAt finds the property of s that rest starts with, up to a "."
// or "[" or the end; the longest, for names with dots.
func propertyAt(s *schema.Schema, rest string) (string, bool) {
	found := ""
	for j := 0; j <= len(rest); j++ {
		if j == len(rest) || rest[j] == '.' || rest[j] == '[' {
			if _, ok := s.Properties[rest[:j]]; ok {
				found = rest[:j]
			}
		}
	}
	return found, found != ""
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
