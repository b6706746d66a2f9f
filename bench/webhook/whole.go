package webhook

import (
	"encoding/json"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	authenticationv1 "k8s.io/api/authentication/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// wholeReview is an as-sent review with the rest of what kube-apiserver
// sends: the objects' uid, creation time, a status as a Gateway API
// controller writes it (the route accepted by its Gateway), and managed
// fields as server-side apply records them (the client's apply, which
// owns every field it wrote, and the controller's status update), and the
// request's user, options, requestKind and requestResource.
func wholeReview(asSent []byte) ([]byte, error) {
	var r admissionv1.AdmissionReview
	if err := json.Unmarshal(asSent, &r); err != nil {
		return nil, err
	}
	for _, raw := range []*[]byte{&r.Request.Object.Raw, &r.Request.OldObject.Raw} {
		var err error
		if *raw, err = withServerMetadata(*raw); err != nil {
			return nil, err
		}
	}
	req := r.Request
	req.RequestKind, req.RequestResource = &req.Kind, &req.Resource
	req.UserInfo = authenticationv1.UserInfo{Username: "kubernetes-admin", UID: "2f6d3c1e-0b7a-4c55-9d1e-8a3f6b2c4d10", Groups: []string{"kubeadm:cluster-admins", "system:authenticated"}}
	dryRun := false
	req.DryRun = &dryRun
	options, err := json.Marshal(map[string]any{"kind": "UpdateOptions", "apiVersion": "meta.k8s.io/v1", "fieldManager": "kubectl", "fieldValidation": "Strict"})
	if err != nil {
		return nil, err
	}
	req.Options = runtime.RawExtension{Raw: options}
	return json.Marshal(r)
}

// withServerMetadata is an object with the metadata kube-apiserver sets.
func withServerMetadata(raw []byte) ([]byte, error) {
	var obj map[string]any
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, err
	}
	created := time.Date(2026, 11, 2, 9, 30, 0, 0, time.UTC).Format(time.RFC3339)
	meta := obj["metadata"].(map[string]any)
	meta["uid"], meta["creationTimestamp"] = "9b1c0f4e-6a2d-4f0b-8e57-3c1d2a4b5e6f", created
	applied := fieldSet(obj, true)
	obj["status"] = routeStatus(created)
	meta["managedFields"] = []any{
		map[string]any{
			"manager": "kubectl", "operation": "Apply", "apiVersion": obj["apiVersion"], "time": created,
			"fieldsType": "FieldsV1", "fieldsV1": applied,
		},
		map[string]any{
			"manager": "gateway-controller", "operation": "Update", "apiVersion": obj["apiVersion"], "time": created,
			"fieldsType": "FieldsV1", "fieldsV1": map[string]any{"f:status": fieldSet(obj["status"], false)}, "subresource": "status",
		},
	}
	return json.Marshal(obj)
}

// routeStatus is the status a Gateway API controller writes for a route
// its Gateway accepted.
func routeStatus(at string) map[string]any {
	condition := func(kind, reason, message string) any {
		return map[string]any{"type": kind, "status": "True", "reason": reason, "message": message, "lastTransitionTime": at, "observedGeneration": int64(1)}
	}
	return map[string]any{"parents": []any{map[string]any{
		"parentRef":      map[string]any{"group": "gateway.networking.k8s.io", "kind": "Gateway", "name": "example-gateway"},
		"controllerName": "example.net/gateway-controller",
		"conditions": []any{
			condition("Accepted", "Accepted", "Route is accepted"),
			condition("ResolvedRefs", "ResolvedRefs", "All references resolved"),
		},
	}}}
}

// fieldSet is the FieldsV1 set of every field of v: "f:" and each key,
// the items of a list as the list itself (Gateway API's lists are
// atomic). At the root, only the fields a client writes.
func fieldSet(v any, root bool) map[string]any {
	set := map[string]any{}
	obj, isObject := v.(map[string]any)
	if !isObject {
		return set
	}
	if len(obj) > 0 && !root {
		set["."] = map[string]any{}
	}
	for key, child := range obj {
		switch {
		case root && (key == "apiVersion" || key == "kind" || key == "status"):
		case root && key == "metadata":
			set["f:metadata"] = clientMetadata(child.(map[string]any))
		default:
			set["f:"+key] = fieldSet(child, false)
		}
	}
	return set
}

// clientMetadata is the field set of the metadata a client writes.
func clientMetadata(meta map[string]any) map[string]any {
	set := map[string]any{}
	for _, key := range []string{"labels", "annotations"} {
		if m, found := meta[key]; found {
			set["f:"+key] = fieldSet(m, false)
		}
	}
	return set
}
