package e2e

import (
	"fmt"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"

	"github.com/kval-dev/kval/engine"
)

// transition is one update: the spec stored, the spec sent.
type transition struct {
	name     string
	old, new map[string]any
}

// loweredCase is a CRD with kval's extensions, lowered and applied to
// kube-apiserver, with the engine on the CRD with the extensions beside it.
type loweredCase struct {
	gvr    schema.GroupVersionResource
	kind   schema.GroupKind
	engine *engine.Validator // on the CRD with the extensions
	base   *engine.Validator // on the CRD without them
	client dynamic.ResourceInterface
	ns     string
}

// newLoweredCase lowers crd (moved to group), installs the result in
// kube-apiserver with no webhook, and compiles crd with its extensions.
func newLoweredCase(t *testing.T, crd map[string]any, group, ns string) *loweredCase {
	t.Helper()
	withExt := inGroup(crd, group)
	api := dynamicClient(t)
	installCRD(t, api, lowered(t, withExt))
	ensure(t, api.Resource(namespaceRes), namespace(ns))
	spec := withExt["spec"].(map[string]any)
	names := spec["names"].(map[string]any)
	c := &loweredCase{
		gvr:  schema.GroupVersionResource{Group: group, Version: "v1", Resource: names["plural"].(string)},
		kind: schema.GroupKind{Group: group, Kind: names["kind"].(string)},
		ns:   ns,
	}
	c.engine = validatorOf(t, withExt, group, c.kind.Kind)
	c.base = validatorOf(t, withoutMutability(t, withExt), group, c.kind.Kind)
	c.client = api.Resource(c.gvr).Namespace(ns)
	return c
}

func validatorOf(t *testing.T, crd map[string]any, group, kind string) *engine.Validator {
	t.Helper()
	v, err := catalogOf(t, crd).ForObject(t.Context(), group+"/v1", kind)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// verdicts counts how the transitions fared: allowed; denied with the
// engine's errors; denied with them reported higher up; invalid by the
// schema alone.
type verdicts struct{ allowed, identical, explained, schemaInvalid int }

// run stores tr.old in kube-apiserver, updates it to tr.new, and compares
// the answer with the engine's on the CRD with the extensions, given the
// same old and new objects: the same verdict, and the same error text, or
// (see explained) the same errors reported higher up.
func (c *loweredCase) run(t *testing.T, name string, tr transition, v *verdicts) {
	t.Helper()
	obj := &unstructured.Unstructured{Object: map[string]any{"spec": tr.old}}
	obj.SetAPIVersion(c.gvr.GroupVersion().String())
	obj.SetKind(c.kind.Kind)
	obj.SetName(name)
	createEventually(t, c.client, obj, metav1.CreateOptions{})
	stored, err := c.client.Get(t.Context(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	updated := stored.DeepCopy()
	updated.Object["spec"] = runtime.DeepCopyJSONValue(tr.new)
	res, base := c.validate(t, c.engine, updated, stored), c.validate(t, c.base, updated, stored)
	_, serverErr := c.client.Update(t.Context(), updated, metav1.UpdateOptions{})
	if !base.Valid() {
		// kube-apiserver rejects it by the schema before any transition
		// rule runs (and before a webhook would be called).
		c.compareSchemaInvalid(t, tr.name, name, res, base, serverErr, v)
		return
	}
	c.compare(t, tr.name, name, res, serverErr, v)
}

func (c *loweredCase) validate(t *testing.T, v *engine.Validator, obj, old *unstructured.Unstructured) *engine.Result {
	t.Helper()
	res, err := v.Validate(t.Context(), engine.Request{Operation: engine.Update,
		Object: runtime.DeepCopyJSON(obj.Object), OldObject: runtime.DeepCopyJSON(old.Object)})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// compareSchemaInvalid: an update invalid without the extensions gets
// kube-apiserver's errors of the CRD without them, and so does kval's
// engine, whose own checks run only when kube-apiserver's pass (as a
// webhook is called only then).
func (c *loweredCase) compareSchemaInvalid(t *testing.T, what, name string, res, base *engine.Result, serverErr error, v *verdicts) {
	t.Helper()
	want := apierrors.NewInvalid(c.kind, name, base.Errors).Error()
	if serverErr == nil || serverErr.Error() != want {
		t.Errorf("%s: invalid by the schema alone:\n  kube-apiserver: %v\n  want:           %s", what, serverErr, want)
		return
	}
	v.schemaInvalid++
	if got := apierrors.NewInvalid(c.kind, name, res.Errors).Error(); got != want {
		t.Errorf("%s: invalid by the schema:\n  kval:           %s\n  kube-apiserver: %s", what, got, want)
	}
}

func (c *loweredCase) compare(t *testing.T, what, name string, res *engine.Result, serverErr error, v *verdicts) {
	t.Helper()
	switch {
	case res.Valid() && serverErr == nil:
		v.allowed++
	case res.Valid() || serverErr == nil:
		t.Errorf("%s: verdicts differ: with the extensions %v, kube-apiserver with the lowered rules %v", what, res.Errors, serverErr)
	case serverErr.Error() == apierrors.NewInvalid(c.kind, name, res.Errors).Error():
		v.identical++
	case explained(res, serverErr):
		v.explained++
		t.Logf("%s: reported higher up: with the extensions %v\n  kube-apiserver: %v", what, res.Errors, serverErr)
	default:
		t.Errorf("%s: errors differ:\n  with the extensions %v\n  kube-apiserver:     %v", what, res.Errors, serverErr)
	}
}

// explained: every error of the extensions has a cause of kube-apiserver's
// with its message at its path or above it, and every cause has such an
// error at or below it. Package lower's documented difference: a rule
// reports a key's error at its collection (a fieldPath cannot name an
// index), and a value's below an atomic list's items at the list.
func explained(res *engine.Result, serverErr error) bool {
	status, ok := serverErr.(apierrors.APIStatus)
	if !ok || status.Status().Reason != metav1.StatusReasonInvalid || status.Status().Details == nil {
		return false
	}
	causes := status.Status().Details.Causes
	for _, e := range res.Errors {
		if !coveredBy(causes, e.Field, e.ErrorBody(), func(cause, path string) bool { return under(path, cause) }) {
			return false
		}
	}
	for _, cause := range causes {
		found := false
		for _, e := range res.Errors {
			found = found || cause.Message == e.ErrorBody() && under(e.Field, cause.Field)
		}
		if !found {
			return false
		}
	}
	return true
}

func coveredBy(causes []metav1.StatusCause, path, message string, rel func(cause, path string) bool) bool {
	for _, c := range causes {
		if c.Message == message && rel(c.Field, path) {
			return true
		}
	}
	return false
}

// under reports whether path p is q or below it.
func under(p, q string) bool {
	return p == q || strings.HasPrefix(p, q+".") || strings.HasPrefix(p, q+"[")
}

// TestLoweredExampleCRDOnKubeAPIServer applies `kval lower`'s output for
// examples/crd.yaml to kube-apiserver, with no webhook, and sends it the
// example updates (examples/current to examples/objects) and one update
// per extension of the CRD, allowed and forbidden: kube-apiserver's
// verdicts and errors are those of kval's engine on the CRD with the
// extensions.
func TestLoweredExampleCRDOnKubeAPIServer(t *testing.T) {
	c := newLoweredCase(t, example(t, "crd.yaml").Object, "lowered.e2e.kval.dev", "lowered")
	var v verdicts
	for i, tr := range databaseTransitions(t) {
		c.run(t, fmt.Sprintf("db-%d", i), tr, &v)
	}
	t.Logf("%d allowed, %d denied with identical errors, %d reported higher up, %d invalid by the schema", v.allowed, v.identical, v.explained, v.schemaInvalid)
	if v.allowed == 0 || v.identical == 0 {
		t.Errorf("%+v: the transitions should include allowed and denied updates", v)
	}
}

// databaseTransitions are the examples' updates and one per extension.
func databaseTransitions(t *testing.T) []transition {
	var out []transition
	for _, name := range []string{"orders", "ledger"} {
		out = append(out, transition{"examples " + name, spec(t, "current/"+name+".yaml"), spec(t, "objects/"+name+".yaml")})
	}
	base := map[string]any{"engine": "postgres", "version": "16.2", "migrations": []any{"a", "b"}}
	with := func(k string, v any) map[string]any {
		s := runtime.DeepCopyJSON(base)
		if v == nil {
			delete(s, k)
		} else {
			s[k] = v
		}
		return s
	}
	zoned := with("primaryZone", "eu-1")
	return append(out,
		transition{"engine changed", base, with("engine", "mysql")},
		transition{"engine removed", base, with("engine", nil)},
		transition{"migration appended", base, with("migrations", []any{"a", "b", "c"})},
		transition{"migration removed", base, with("migrations", []any{"a"})},
		transition{"migration changed", base, with("migrations", []any{"a", "c"})},
		transition{"migrations removed", base, with("migrations", nil)},
		transition{"migrations added", with("migrations", nil), base},
		transition{"primaryZone set", base, zoned},
		transition{"primaryZone changed", zoned, with("primaryZone", "eu-2")},
		transition{"primaryZone removed", zoned, base},
		transition{"version changed", base, with("version", "17")},
	)
}

// spec is the spec of an example object.
func spec(t *testing.T, file string) map[string]any {
	return example(t, file).Object["spec"].(map[string]any)
}
