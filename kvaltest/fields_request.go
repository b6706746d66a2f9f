package kvaltest

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// kube-apiserver's field manager works on the request's object as the
// decoder leaves it (pruned, defaulted), before the strategy resets the
// status a create sends or keeps the old status on an update. When that
// object does not convert to the schema's typed value (a null in an
// associative list, say, in a status the strategy then drops), the field
// manager fails and the write is stored without managedFields
// (UpdateNoErrors); updates do not start them again, an apply does.

// withoutManagedFieldsIfLost removes out's managedFields when kube-apiserver's
// field manager would have failed on request, the object as sent (before
// admission changed it), against old (nil on create).
func (c *Client) withoutManagedFieldsIfLost(ctx context.Context, t *target, subresource string, old, request, out map[string]any) {
	if request != nil && statusReset(subresource, request, out) && c.managedFieldsLost(ctx, t, subresource, old, request) {
		delete(metaOf(out), "managedFields")
	}
}

func (c *Client) managedFieldsLost(ctx context.Context, t *target, subresource string, old, request map[string]any) bool {
	if !t.kind.custom() {
		return false
	}
	v, err := c.catalogOf(t).ForObject(ctx, t.gvk.GroupVersion().String(), t.gvk.Kind)
	if err != nil {
		return false
	}
	probe := jsonvalue.DeepCopyObject(request)
	if res := v.Decode(probe); len(res.Errors) > 0 {
		return false
	}
	fm, err := c.fieldManager(t, subresource)
	if err != nil {
		return false
	}
	live := &unstructured.Unstructured{Object: old}
	if old == nil {
		live = &unstructured.Unstructured{Object: map[string]any{}}
		live.SetGroupVersionKind(t.gvk)
	}
	_, err = fm.Update(live, &unstructured.Unstructured{Object: probe}, "kvaltest-probe")
	return err != nil
}

// statusReset reports whether the strategy may have changed what the field
// manager saw: a write of the object whose status is not the one stored,
// or any write of the status subresource (its object's other fields are
// the old ones). Otherwise the object kvaltest's field manager converted
// is the one kube-apiserver's saw, and nothing is lost.
func statusReset(subresource string, request, out map[string]any) bool {
	if subresource != "" {
		return true
	}
	status, sent := request["status"]
	return sent && !jsonvalue.Equal(status, out["status"])
}
