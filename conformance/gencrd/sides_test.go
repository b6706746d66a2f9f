package gencrd

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/conformance/gencrd/api"
	"github.com/kval-dev/kval/conformance/gencrd/kvalgen"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/schema"
)

// loadEngine compiles the committed CRD of package api.
func loadEngine(t *testing.T) (*engine.Validator, *schema.Schema) {
	t.Helper()
	path := filepath.Join("testdata", "crd", "roundtrip.kval.dev_widgets.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l := schema.LoadBytes(path, data)
	if len(l.Problems) > 0 || len(l.CRDs) != 1 {
		t.Fatalf("loading %s: %v", path, l.Problems)
	}
	v, err := engine.Compile(l.CRDs[0], "v1", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return v, l.CRDs[0].VersionSchema("v1")
}

// verdict is one side's answer to a request.
type verdict struct {
	errs field.ErrorList
	// undecodable says the object does not fit the Go type: kube-apiserver
	// rejects such a body while decoding, before any validation.
	undecodable bool
}

func (v verdict) rejected() bool { return v.undecodable || len(v.errs) > 0 }

// engineSide runs a create (old == nil) or an update through the engine
// and returns its errors and the object as it would be stored (pruned and
// defaulted), which the Go side validates as kube-apiserver validates a
// built-in object after decoding and defaulting.
func engineSide(t *testing.T, v *engine.Validator, obj, old map[string]any) (verdict, map[string]any) {
	t.Helper()
	req := engine.Request{Operation: engine.Create, Object: runtime.DeepCopyJSON(obj)}
	if old != nil {
		req.Operation, req.OldObject = engine.Update, runtime.DeepCopyJSON(old)
	}
	res, err := v.Validate(context.Background(), req)
	if err != nil {
		t.Fatalf("the engine cannot run the request: %v", err)
	}
	return verdict{errs: res.Errors}, res.Object
}

// goSide decodes the stored objects into api.Widget and runs the generated
// validation. Errors of alpha rules are dropped, as package rollout does
// by default (they run in shadow mode), and as kval gen crd leaves those
// rules out of the CRD.
func goSide(obj, old map[string]any) verdict {
	var now, before *api.Widget
	if !decode(obj, &now) {
		return verdict{undecodable: true}
	}
	op := operation.Operation{Type: operation.Create}
	if old != nil {
		if !decode(old, &before) {
			return verdict{undecodable: true}
		}
		op.Type = operation.Update
	}
	var errs field.ErrorList
	for _, e := range kvalgen.Validate_Widget(context.Background(), op, nil, now, before) {
		if !e.IsAlpha() {
			errs = append(errs, e)
		}
	}
	return verdict{errs: errs}
}

func decode(obj map[string]any, into **api.Widget) bool {
	if obj == nil {
		return false
	}
	data, err := json.Marshal(obj)
	if err != nil {
		return false
	}
	*into = &api.Widget{}
	return json.Unmarshal(data, *into) == nil
}
