package kvaltest

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// target is the object a request is about: its kind, its key in the store
// and, for writes, its content.
type target struct {
	gvk  schema.GroupVersionKind
	kind *kind
	key  key
}

// targetOf resolves the kind, scope and key of obj.
func (c *Client) targetOf(ctx context.Context, obj client.Object) (*target, error) {
	t, err := c.resolveTarget(obj)
	if err == nil {
		c.warnDeprecated(ctx, t.kind, t.gvk.Version)
	}
	return t, err
}

// resolveTarget is targetOf without the deprecation warning, for a check
// made before the request's own targetOf.
func (c *Client) resolveTarget(obj client.Object) (*target, error) {
	gvk, err := c.GroupVersionKindFor(obj)
	if err != nil {
		return nil, err
	}
	k, err := c.kinds().forKind(gvk)
	if err != nil {
		return nil, err
	}
	ns := obj.GetNamespace()
	if !k.namespaced {
		ns = ""
	}
	return &target{gvk: gvk, kind: k, key: key{resource: k.resource, namespace: ns, name: obj.GetName()}}, nil
}

// targetOfList resolves the kind of the items of a list.
func (c *Client) targetOfList(ctx context.Context, list client.ObjectList) (*target, error) {
	gvk, err := c.GroupVersionKindFor(list)
	if err != nil {
		return nil, err
	}
	itemKind, isList := strings.CutSuffix(gvk.Kind, "List")
	if !isList {
		return nil, fmt.Errorf("%T is not a list: its kind is %s", list, gvk.Kind)
	}
	gvk.Kind = itemKind
	k, err := c.kinds().forKind(gvk)
	if err != nil {
		return nil, err
	}
	c.warnDeprecated(ctx, k, gvk.Version)
	return &target{gvk: gvk, kind: k, key: key{resource: k.resource}}, nil
}
