package kvaltest

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/engine"
)

// Status returns the writer of the status subresource.
func (c *Client) Status() client.SubResourceWriter { return c.SubResource(engine.StatusSubresource) }

// SubResource returns a client of a subresource: status, and the scale
// subresource of custom resources whose CRD defines it (see served for
// how others fail).
func (c *Client) SubResource(name string) client.SubResourceClient {
	return &subResourceClient{c: c, name: name}
}

type subResourceClient struct {
	c    *Client
	name string
}

// Get reads the object of the subresource (the whole object, as a status GET returns it).
func (s *subResourceClient) Get(ctx context.Context, obj, subResource client.Object, opts ...client.SubResourceGetOption) error {
	if err := s.served(ctx, obj, "get"); err != nil {
		return err
	}
	if s.name == scaleSubresource {
		return s.c.scaleGet(ctx, obj, subResourceOrObject(obj, subResource))
	}
	return s.c.Get(ctx, client.ObjectKeyFromObject(obj), subResourceOrObject(obj, subResource))
}

// Create is refused: status has no create.
func (s *subResourceClient) Create(ctx context.Context, obj, _ client.Object, _ ...client.SubResourceCreateOption) error {
	return s.served(ctx, obj, "create")
}

// Update writes the subresource of a stored object.
func (s *subResourceClient) Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error {
	if err := s.served(ctx, obj, "update"); err != nil {
		return err
	}
	o := (&client.SubResourceUpdateOptions{}).ApplyOptions(opts)
	uo := o.UpdateOptions
	if s.name == scaleSubresource {
		return s.c.scaleUpdate(ctx, obj, subResourceOrObject(obj, o.SubResourceBody), &uo)
	}
	if o.SubResourceBody != nil {
		obj = o.SubResourceBody
	}
	return s.c.update(ctx, obj, s.name, uo.FieldManager, engine.FieldValidation(uo.FieldValidation), isDryRun(uo.DryRun))
}

// Patch patches the subresource of a stored object.
func (s *subResourceClient) Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
	if err := s.served(ctx, obj, "patch"); err != nil {
		return err
	}
	o := (&client.SubResourcePatchOptions{}).ApplyOptions(opts)
	body := obj
	if o.SubResourceBody != nil {
		body = o.SubResourceBody
	}
	if s.name == scaleSubresource {
		return s.c.scalePatch(ctx, obj, body, patch, &o.PatchOptions)
	}
	return s.c.patch(ctx, body, patch, s.name, &o.PatchOptions)
}

// Apply applies a configuration to the subresource (for scale, the
// SubResourceBody's Scale to obj's scale).
func (s *subResourceClient) Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...client.SubResourceApplyOption) error {
	o := (&client.SubResourceApplyOptions{}).ApplyOpts(opts)
	if s.name == scaleSubresource {
		return s.c.scaleApply(ctx, obj, o)
	}
	return s.c.applyConfiguration(ctx, obj, s.name, o.AsPatchOptions())
}

func (s *subResourceClient) served(ctx context.Context, obj client.Object, verb string) error {
	return s.c.served(ctx, obj, s.name, verb)
}

// served says whether kvaltest answers a request of a subresource, with
// kube-apiserver's routing: a custom resource has only the subresources
// its CRD defines, and its handler answers NotFound for any other (status
// of a CRD without it, scale of one without it, eviction, token...).
// kvaltest serves status, the scale a CRD defines and the scale of the
// built-in kinds that have one; other subresources of built-in kinds are
// not modelled: MethodNotSupported.
func (c *Client) served(ctx context.Context, obj client.Object, subresource, verb string) error {
	t, err := c.resolveTarget(obj)
	if err != nil {
		return err
	}
	if verb != "create" && t.kind.hasSubresource(subresource, t.gvk.Version) {
		return nil // the request's own targetOf warns
	}
	c.warnDeprecated(ctx, t.kind, t.gvk.Version)
	if t.kind.custom() && !t.kind.hasSubresource(subresource, t.gvk.Version) {
		return t.notFound()
	}
	resource := schema.GroupResource{Group: t.kind.resource.Group, Resource: t.kind.resource.Resource + "/" + subresource}
	return apierrors.NewMethodNotSupported(resource, verb)
}

func subResourceOrObject(obj, subResource client.Object) client.Object {
	if subResource != nil {
		return subResource
	}
	return obj
}
