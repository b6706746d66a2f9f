package values

import (
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/listtypes"
	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/values"
)

func upstreamServed(cv crdVersion) (*structuralschema.Structural, error) {
	if cv.upstream == nil {
		return nil, nil
	}
	s, err := structuralschema.NewStructural(cv.upstream)
	if err != nil {
		return nil, err
	}
	s = s.DeepCopy()
	return s, structuraldefaulting.PruneDefaults(s)
}

// pair is one schema compiled by kval and by upstream.
type pair struct {
	kval      *values.Validator
	kvalLists *listtypes.Validator
	upstream  *upstreamValidator
	fldPath   *field.Path
}

func newPair(t testing.TB, kvalSchema *schema.Schema, props *apiextensions.JSONSchemaProps) *pair {
	t.Helper()
	v, err := values.Compile(kvalSchema)
	if err != nil {
		t.Fatalf("kval compile: %v", err)
	}
	return &pair{kval: v, kvalLists: listtypes.Compile(kvalSchema), upstream: newUpstream(t, props)}
}

// tally counts comparisons and differences.
type tally struct {
	compared, differences int
}

// create compares the validation of obj on create.
func (p *pair) create(t testing.TB, c *tally, what string, obj any) {
	t.Helper()
	c.compared++
	ours := p.kval.Validate(p.fldPath, runtime.DeepCopyJSONValue(obj))
	theirs := p.upstream.create(p.fldPath, runtime.DeepCopyJSONValue(obj))
	if d := diffErrors(ours, theirs); d != "" {
		c.differences++
		t.Errorf("%s: create differs\nobject: %s\n%s", what, show(obj), d)
	}
	if m, ok := obj.(map[string]any); ok {
		ours := p.kvalLists.Validate(nil, m)
		theirs := p.upstream.listTypes(m)
		if d := diffErrors(ours, theirs); d != "" {
			c.differences++
			t.Errorf("%s: list types differ\nobject: %s\n%s", what, show(obj), d)
		}
	}
}

// update compares the validation of an update, with and without ratcheting.
func (p *pair) update(t testing.TB, c *tally, what string, obj, old any) {
	t.Helper()
	c.compared++
	ours := p.kval.ValidateUpdate(p.fldPath, runtime.DeepCopyJSONValue(obj), runtime.DeepCopyJSONValue(old))
	errs, ratcheted := p.upstream.update(p.fldPath, runtime.DeepCopyJSONValue(obj), runtime.DeepCopyJSONValue(old))
	if d := diffErrors(ours.Errors, errs); d != "" {
		c.differences++
		t.Errorf("%s: update errors differ\nold: %s\nnew: %s\n%s", what, show(old), show(obj), d)
	}
	if d := diffUnordered(ours.Ratcheted, ratcheted); d != "" {
		c.differences++
		t.Errorf("%s: ratcheted errors differ\nold: %s\nnew: %s\n%s", what, show(old), show(obj), d)
	}
	plain := p.kval.Validate(p.fldPath, runtime.DeepCopyJSONValue(obj))
	if d := diffErrors(plain, p.upstream.updateWithoutRatcheting(p.fldPath, obj, old)); d != "" {
		c.differences++
		t.Errorf("%s: update without ratcheting differs\n%s", what, d)
	}
	if m, ok := obj.(map[string]any); ok {
		oldMap, _ := old.(map[string]any)
		ours := p.kvalLists.ValidateUpdate(nil, m, oldMap)
		var theirs field.ErrorList
		if len(p.upstream.listTypes(oldMap)) == 0 {
			theirs = p.upstream.listTypes(m)
		}
		if d := diffErrors(ours.Errors, theirs); d != "" {
			c.differences++
			t.Errorf("%s: list types on update differ\n%s", what, d)
		}
	}
}
