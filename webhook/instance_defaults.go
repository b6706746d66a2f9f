package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	admissionv1 "k8s.io/api/admission/v1"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
)

// instanceDefaults is the Mutator of KUDO Instances: a JSON patch making
// spec.parameters what params.Admit says the Instance keeps. On create it
// adds the defaults of immutable parameters without a value (params.Install),
// so that the value installed never changes with a later OperatorVersion's
// default; on an upgrade it removes the values of parameters the new
// OperatorVersion no longer defines (params.Upgrade: they leave the
// Instance). Other requests go to next (nil: unchanged). A request the
// rules refuse gets no patch: /validate denies it with the rules' errors.
func instanceDefaults(ovs OperatorVersions, next Mutator) Mutator {
	return func(ctx context.Context, req *admissionv1.AdmissionRequest) ([]byte, []string, error) {
		switch {
		case isInstance(req) && (req.Operation == admissionv1.Create || req.Operation == admissionv1.Update):
			patch, err := instancePatch(ctx, ovs, req)
			return patch, nil, err
		case next != nil:
			return next(ctx, req)
		}
		return nil, nil, nil
	}
}

// instancePatch is the patch of one Instance create or update, nil when
// the rules refuse it or it changes nothing.
func instancePatch(ctx context.Context, ovs OperatorVersions, req *admissionv1.AdmissionRequest) ([]byte, error) {
	inst, hasMap, err := mutatedInstance("object", req.Object.Raw)
	if err != nil {
		return nil, err
	}
	var old *params.Instance
	if req.Operation == admissionv1.Update {
		if old, _, err = mutatedInstance("oldObject", req.OldObject.Raw); err != nil {
			return nil, err
		}
	}
	result, errs, err := params.Admit(ctx, ovs, req.Namespace, old, inst)
	if err != nil {
		return nil, fmt.Errorf("kval cannot check Instance %q: %w; kval denies what it cannot check", inst.Name, err)
	}
	if len(errs) > 0 {
		return nil, nil
	}
	return parametersPatch(hasMap, inst.Parameters, result)
}

// mutatedInstance decodes the Instance of a request to mutate, and says
// whether it has a spec.parameters map to patch.
func mutatedInstance(field string, raw []byte) (*params.Instance, bool, error) {
	obj, err := manifest.DecodeObject(raw)
	if err != nil {
		return nil, false, fmt.Errorf("%s is not usable: %w", field, err)
	}
	inst, err := params.DecodeInstance(manifest.Document{Source: manifest.Source{File: field, Item: -1}, Object: obj})
	if err != nil {
		return nil, false, fmt.Errorf("kval cannot check this Instance: %w", err)
	}
	spec, _ := obj["spec"].(map[string]any)
	_, hasMap := spec["parameters"].(map[string]any)
	return inst, hasMap, nil
}

// patchOp is one operation of a JSON patch (RFC 6902).
type patchOp struct {
	Op    string `json:"op"`
	Path  string `json:"path"`
	Value any    `json:"value,omitempty"`
}

// parametersPatch makes spec.parameters hold result instead of given:
// one operation per value added or removed (sorted by name), or the whole
// map when the Instance has none (hasMap false).
func parametersPatch(hasMap bool, given, result map[string]string) ([]byte, error) {
	added, removed := map[string]string{}, []string{}
	for name, text := range result {
		if _, ok := given[name]; !ok {
			added[name] = text
		}
	}
	for name := range given {
		if _, ok := result[name]; !ok {
			removed = append(removed, name)
		}
	}
	if len(added) == 0 && len(removed) == 0 {
		return nil, nil
	}
	if !hasMap {
		return json.Marshal([]patchOp{{Op: "add", Path: "/spec/parameters", Value: added}})
	}
	ops := make([]patchOp, 0, len(added)+len(removed))
	for _, name := range slices.Sorted(maps.Keys(added)) {
		ops = append(ops, patchOp{Op: "add", Path: parameterPath(name), Value: added[name]})
	}
	slices.Sort(removed)
	for _, name := range removed {
		ops = append(ops, patchOp{Op: "remove", Path: parameterPath(name)})
	}
	return json.Marshal(ops)
}

func parameterPath(name string) string { return "/spec/parameters/" + escapePointer(name) }

// escapePointer escapes a JSON pointer token (RFC 6901).
func escapePointer(token string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(token)
}
