package webhook

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strings"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kval-dev/kval/params"
)

// instanceKind is the kind of KUDO's Instances, the one version KUDO serves.
var instanceKind = metav1.GroupVersionKind{Group: params.APIGroup, Version: "v1beta1", Kind: params.InstanceKind}

// isInstance reports whether a request writes an Instance itself: its
// status subresource carries no parameters (and KUDO's controller writes
// it constantly, even when an OperatorVersion is gone).
func isInstance(req *admissionv1.AdmissionRequest) bool {
	return req.Kind == instanceKind && req.SubResource == ""
}

// instanceDefaults is the Mutator of KUDO Instances: a JSON patch making
// spec.parameters what params.Defaulted says the Instance keeps. On create
// it adds the defaults of immutable parameters without a value
// (params.Install), so that the value installed never changes with a later
// OperatorVersion's default; on an upgrade it removes the values of
// parameters the new OperatorVersion no longer defines (params.Upgrade:
// they leave the Instance). Other requests go to next (nil: unchanged). A
// request the rules refuse gets no patch: /validate denies it with the
// rules' errors (params.InstanceCheck in the catalog).
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
// the rules refuse it or it changes nothing. An Instance that cannot be
// checked is denied: kval fails closed.
func instancePatch(ctx context.Context, ovs OperatorVersions, req *admissionv1.AdmissionRequest) ([]byte, error) {
	obj, err := decodeObject(ctx, "object", req.Object.Raw)
	var old map[string]any
	if err == nil && req.Operation == admissionv1.Update {
		old, err = decodeObject(ctx, "oldObject", req.OldObject.Raw)
	}
	if err != nil {
		return nil, err
	}
	given, result, err := params.Defaulted(ctx, ovs, obj, old)
	switch {
	case errors.As(err, new(*MissingOperatorVersionError)):
		return nil, deny(reasonNoOperatorVersion, http.StatusBadRequest, "kval cannot check Instance %q: %v; kval denies what it cannot check", req.Name, err)
	case err != nil:
		return nil, deny(reasonBadRequest, http.StatusBadRequest, "kval cannot check this Instance: %v; kval denies what it cannot check", err)
	case result == nil:
		return nil, nil
	}
	spec, _ := obj["spec"].(map[string]any)
	_, hasMap := spec["parameters"].(map[string]any)
	return parametersPatch(hasMap, given, result)
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
