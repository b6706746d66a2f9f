package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	admissionv1 "k8s.io/api/admission/v1"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
)

// instanceDefaults is the Mutator of KUDO Instances: on create, a JSON
// patch adding what params.Install adds to spec.parameters (the defaults
// of immutable parameters without a value), so that the value installed
// never changes with a later OperatorVersion's default. Other requests go
// to next (nil: unchanged). An install the rules refuse gets no patch:
// /validate denies it with the rules' errors.
func instanceDefaults(ovs OperatorVersions, next Mutator) Mutator {
	return func(ctx context.Context, req *admissionv1.AdmissionRequest) ([]byte, []string, error) {
		switch {
		case isInstance(req) && req.Operation == admissionv1.Create:
			patch, err := installPatch(ctx, ovs, req)
			return patch, nil, err
		case next != nil:
			return next(ctx, req)
		}
		return nil, nil, nil
	}
}

// installPatch is the patch of one Instance create, nil when there is
// nothing to add.
func installPatch(ctx context.Context, ovs OperatorVersions, req *admissionv1.AdmissionRequest) ([]byte, error) {
	obj, err := manifest.DecodeObject(req.Object.Raw)
	if err != nil {
		return nil, fmt.Errorf("object is not usable: %w", err)
	}
	inst, err := params.DecodeInstance(manifest.Document{Source: manifest.Source{File: "object", Item: -1}, Object: obj})
	if err != nil {
		return nil, fmt.Errorf("kval cannot check this Instance: %w", err)
	}
	ov, err := ovs.OperatorVersion(ctx, req.Namespace, inst.OperatorVersion)
	if err != nil {
		return nil, fmt.Errorf("kval cannot check Instance %q: %w; kval denies what it cannot check", inst.Name, err)
	}
	result, errs := params.Install(ov, inst.Parameters)
	if len(errs) > 0 {
		return nil, nil
	}
	spec, _ := obj["spec"].(map[string]any)
	_, hasMap := spec["parameters"].(map[string]any)
	return parametersPatch(hasMap, inst.Parameters, result)
}

// patchOp is one operation of a JSON patch (RFC 6902).
type patchOp struct {
	Op    string `json:"op"`
	Path  string `json:"path"`
	Value any    `json:"value"`
}

// parametersPatch adds to spec.parameters the values of result that given
// lacks: one operation per value, or the whole map when the Instance has
// none.
func parametersPatch(hasMap bool, given, result map[string]string) ([]byte, error) {
	added := map[string]string{}
	for name, text := range result {
		if _, ok := given[name]; !ok {
			added[name] = text
		}
	}
	if len(added) == 0 {
		return nil, nil
	}
	if !hasMap {
		return json.Marshal([]patchOp{{Op: "add", Path: "/spec/parameters", Value: added}})
	}
	names := make([]string, 0, len(added))
	for name := range added {
		names = append(names, name)
	}
	sort.Strings(names)
	ops := make([]patchOp, len(names))
	for i, name := range names {
		ops[i] = patchOp{Op: "add", Path: "/spec/parameters/" + escapePointer(name), Value: added[name]}
	}
	return json.Marshal(ops)
}

// escapePointer escapes a JSON pointer token (RFC 6901).
func escapePointer(token string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(token)
}
