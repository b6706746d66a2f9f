package kvaltest

import (
	"context"
	"fmt"
	"maps"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
)

// KUDO Instances are glue only, as in kval serve --kudo-instances: the
// params package owns every rule and message; kvaltest decodes the
// Instance of a write, finds its OperatorVersion and applies params.Admit's
// verdict, the patch as the webhook's mutation and the errors as its
// validation.

// operatorVersionResource is where OperatorVersions written through the
// client are stored.
var operatorVersionResource = schema.GroupResource{Group: "kudo.dev", Resource: "operatorversions"}

// kudoInstances is the client's admission of KUDO Instances (option
// OperatorVersions).
type kudoInstances struct {
	paths []string
	files *params.Index // the OperatorVersions of paths, verified
}

// load reads and verifies the OperatorVersions of the option's paths.
func (k *kudoInstances) load() error {
	files, err := params.ReadVerified(k.paths...)
	if err != nil {
		return fmt.Errorf("OperatorVersions: %w", err)
	}
	k.files = files
	return nil
}

// admitInstance applies the parameter rules to a write of an Instance:
// on success it sets spec.parameters to what the Instance keeps (the
// webhook's mutating patch) and returns the rules' errors, which refuse
// the write as the webhook's validation does. A write it cannot check (an
// unreadable Instance, a missing OperatorVersion) is refused, as the
// webhook fails closed. Writes of other kinds, of the status subresource,
// or without the option, pass untouched.
func (c *Client) admitInstance(ctx context.Context, t *target, w write) (field.ErrorList, error) {
	if c.kudo == nil || w.subresource != "" || !params.IsInstance(w.object) {
		return nil, nil
	}
	inst, err := decodeInstance(w.object)
	var old *params.Instance
	if err == nil && w.old != nil {
		old, err = decodeInstance(w.old)
	}
	if err != nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("kval cannot check this Instance: %v", err))
	}
	result, errs, err := params.Admit(ctx, &clientOperatorVersions{c}, t.key.namespace, old, inst)
	if err != nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("kval cannot check Instance %q: %v; kval denies what it cannot check", inst.Name, err))
	}
	if len(errs) == 0 && !maps.Equal(result, inst.Parameters) {
		setParameters(w.object, result)
	}
	return errs, nil
}

func decodeInstance(obj map[string]any) (*params.Instance, error) {
	return params.DecodeInstance(manifest.Document{Source: manifest.Source{File: "request", Item: -1}, Object: obj})
}

// setParameters replaces spec.parameters of an Instance (DecodeInstance
// has checked that it has a spec).
func setParameters(obj map[string]any, parameters map[string]string) {
	m := make(map[string]any, len(parameters))
	for name, text := range parameters {
		m[name] = text
	}
	obj["spec"].(map[string]any)["parameters"] = m
}

// clientOperatorVersions finds an Instance's OperatorVersion among those
// written through the client (as the webhook watches the cluster's), then
// among the option's files. It runs under the store's lock.
type clientOperatorVersions struct{ c *Client }

func (f *clientOperatorVersions) OperatorVersion(_ context.Context, namespace, name string) (*params.OperatorVersion, error) {
	if obj, ok := f.c.store.objects[key{resource: operatorVersionResource, namespace: namespace, name: name}]; ok {
		source := manifest.Source{File: "kvaltest", Item: -1}
		return params.DecodeOperatorVersion(manifest.Document{Source: source, Object: obj})
	}
	if ov, ok := f.c.kudo.files.Find(namespace, name); ok {
		return ov, nil
	}
	return nil, fmt.Errorf("OperatorVersion %q not found in namespace %q (neither written through the client nor among kvaltest.OperatorVersions)", name, namespace)
}
