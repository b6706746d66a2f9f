package kvaltest

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
)

// KUDO Instances (option OperatorVersions) are checked by the params
// extension of the client's catalog (params.InstanceCheck), as in kval
// serve --kudo-instances: the rules' errors, and a missing
// OperatorVersion, are causes of the engine's one Invalid status. What
// kvaltest adds is the webhook's mutation (params.Defaulted, applied to
// the object before it is validated) and where OperatorVersions are
// found.

// operatorVersionResource is where OperatorVersions written through the
// client are stored.
var operatorVersionResource = schema.GroupResource{Group: params.APIGroup, Resource: "operatorversions"}

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

// catalogOptions are the options of the client's catalog: with option
// OperatorVersions, the params extension.
func (c *Client) catalogOptions() catalog.Options {
	if c.kudo == nil {
		return catalog.Options{}
	}
	return catalog.Options{Engine: engine.Options{Extensions: []engine.Extension{params.InstanceCheck(&clientOperatorVersions{c})}}}
}

// defaultInstance applies the webhook's mutation to a write of an
// Instance: spec.parameters become what the rules keep (the immutable
// defaults pinned on install, the values of removed parameters dropped on
// an upgrade). A write the rules refuse, or cannot check, is left as it is:
// validation refuses it. Writes of other kinds, of the status subresource,
// or without the option, pass untouched.
func (c *Client) defaultInstance(ctx context.Context, w write) {
	if c.kudo == nil || w.subresource != "" || !params.IsInstance(w.object) {
		return
	}
	if _, result, err := params.Defaulted(ctx, &clientOperatorVersions{c}, w.object, w.old); err == nil && result != nil {
		setParameters(w.object, result)
	}
}

// setParameters replaces spec.parameters of an Instance (params.Defaulted
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

func (f *clientOperatorVersions) OperatorVersion(ctx context.Context, namespace, name string) (*params.OperatorVersion, error) {
	if obj, ok := f.c.store.objects[key{resource: operatorVersionResource, namespace: namespace, name: name}]; ok {
		source := manifest.Source{File: "kvaltest", Item: -1}
		return params.DecodeOperatorVersion(manifest.Document{Source: source, Object: obj})
	}
	return f.c.kudo.files.Finder("neither written through the client nor among kvaltest.OperatorVersions").OperatorVersion(ctx, namespace, name)
}
