package values

import (
	"reflect"
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/defaults"
	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/schema"
)

// TestDefaultingAsUpstream defaults random objects of every corpus CRD
// version (fields left out and nulls, so that defaults apply, at every
// depth) with kval's Defaulter and with kube-apiserver's
// structuraldefaulting.Default on the served schema: the objects must be
// equal. kval visits only the nodes with a default at or below them.
func TestDefaultingAsUpstream(t *testing.T) {
	var c tally
	changed := 0
	for i, cv := range corpusVersions(t) {
		served, err := upstreamServed(cv)
		if err != nil || served == nil {
			continue
		}
		d := defaults.Compile(cv.kval)
		gen := objgen.New(int64(i), objgen.Hostile)
		for range 50 {
			obj := gen.Resource(cv.kval, cv.group+"/"+cv.version, cv.kind)
			changed += compareDefaulting(t, &c, cv.name, d, served, obj)
		}
	}
	for name, doc := range defaultedSchemas {
		s, served := craftedServed(t, doc)
		d := defaults.Compile(s)
		gen := objgen.New(int64(len(name)), objgen.Hostile)
		for range 100 {
			changed += compareDefaulting(t, &c, name, d, served, gen.Resource(s, "example.com/v1", "Crafted"))
		}
	}
	if c.compared < 2300 || changed < c.compared/4 {
		t.Fatalf("%d objects compared, %d of them defaulted: the test would not catch much", c.compared, changed)
	}
	report(t, "defaulting", c)
}

// compareDefaulting defaults obj both ways; 1 when kval changed it.
func compareDefaulting(t *testing.T, c *tally, what string, d *defaults.Defaulter, served *structuralschema.Structural, obj map[string]any) int {
	t.Helper()
	ours, theirs := runtime.DeepCopyJSON(obj), runtime.DeepCopyJSON(obj)
	d.Default(ours)
	structuraldefaulting.Default(theirs, served)
	c.compared++
	if !reflect.DeepEqual(ours, theirs) {
		c.differences++
		t.Errorf("%s: defaulted differently\nobject: %s\nkval:     %s\nupstream: %s", what, show(obj), show(ours), show(theirs))
	}
	if reflect.DeepEqual(ours, obj) {
		return 0
	}
	return 1
}

// craftedServed compiles a crafted root schema on both sides, upstream's
// with its defaults pruned as kube-apiserver serves them.
func craftedServed(t *testing.T, doc string) (*schema.Schema, *structuralschema.Structural) {
	t.Helper()
	_, s := craftedPair(t, doc)
	served, err := upstreamServed(crdVersion{upstream: upstreamProps(t, doc)})
	if err != nil {
		t.Fatal(err)
	}
	return s, served
}

// defaultedSchemas put defaults where no corpus CRD has them: under
// additionalProperties, in items of items, below properties without one.
var defaultedSchemas = map[string]string{
	"defaults under additionalProperties": `{type: object, properties: {spec: {type: object, additionalProperties: ` +
		`{type: object, properties: {a: {type: string, default: x}, b: {type: array, items: {type: object, properties: {c: {type: integer, default: 1}}}}}}}}}`,
	"defaulted additionalProperties": `{type: object, properties: {spec: {type: object, additionalProperties: {type: string, default: d}}}}`,
	"defaults in items of items": `{type: object, properties: {spec: {type: object, properties: {m: {type: array, items: ` +
		`{type: array, items: {type: object, properties: {n: {type: boolean, default: true}, o: {type: string}}}}}}}}}`,
	"a defaulted object with defaults inside": `{type: object, properties: {spec: {type: object, default: {}, properties: ` +
		`{p: {type: object, default: {}, properties: {q: {type: string, default: z}, r: {type: string, nullable: true, default: y}}}}}}}`,
}
