package strategy

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"

	"github.com/kval-dev/kval/engine"
)

// oldObjectPath names errors of an old object kval could not store.
var oldObjectPath = field.NewPath("<old object>")

// update is rest.BeforeUpdate with kval's names and no storage.
func (a *admission) update(ctx context.Context) engine.NativeAnswer {
	old, err := a.stored(ctx)
	if err != nil {
		return engine.NativeAnswer{Errors: field.ErrorList{field.Invalid(oldObjectPath, "", err.Error())}}
	}
	if answer, refused := a.applyManifest(old); refused {
		return answer
	}
	obj, err := decode(a.kind.gvk, a.req.Object)
	if err != nil {
		return engine.NativeAnswer{BadRequest: err}
	}
	ctx = a.context(ctx, "update")
	if err := a.prepareUpdate(ctx, obj, old); err != nil {
		return engine.NativeAnswer{BadRequest: err}
	}
	errs := rest.ValidateUpdate(ctx, obj, old, a.updater())
	if len(errs) == 0 {
		for _, w := range a.updater().WarningsOnUpdate(ctx, obj, old) {
			a.warnings.AddWarning("", w)
		}
		a.updater().Canonicalize(obj)
	}
	return a.answer(obj, old, errs)
}

// updater is the strategy of an update: the kind's own, or the
// subresource's (the status strategy, a Namespace's finalize strategy).
// The engine sends only the subresources the kind admits.
func (a *admission) updater() rest.RESTUpdateStrategy {
	return a.kind.updaterOf(a.req.Subresource)
}

// applyManifest makes the request's object the one kubectl apply of the
// new manifest makes over the stored old one, when the old object is a
// manifest, and reports whether that refused the request.
func (a *admission) applyManifest(stored runtime.Object) (answer engine.NativeAnswer, refused bool) {
	if !a.req.OldIsManifest {
		return answer, false
	}
	obj, patchErr, err := a.applied(stored)
	switch {
	case err != nil:
		return engine.NativeAnswer{BadRequest: err}, true
	case patchErr != nil:
		return engine.NativeAnswer{Errors: field.ErrorList{patchErr}}, true
	}
	a.req.Object = obj
	return answer, false
}

// storedResourceVersion is the resourceVersion of an old object kval
// stores from a manifest: storage gives every object one, the applied
// object keeps it, and an update without one is invalid.
const storedResourceVersion = "1"

// stored is the old object as storage holds it: decoded and defaulted,
// and for a manifest, prepared as its create would have stored it, with
// a resourceVersion.
func (a *admission) stored(ctx context.Context) (runtime.Object, error) {
	old, err := decode(a.kind.gvk, a.req.OldObject)
	if err != nil || !a.req.OldIsManifest {
		return old, err
	}
	create := &admission{kind: a.kind, req: engine.NativeRequest{Object: a.req.OldObject}}
	if err := create.prepareCreate(create.context(ctx, "create"), old); err != nil {
		return nil, err
	}
	m, err := meta.Accessor(old)
	if err != nil {
		return nil, err
	}
	m.SetResourceVersion(storedResourceVersion)
	return old, nil
}

// prepareUpdate is what the update handler, the storage and
// rest.BeforeUpdate do before validating: the namespace, the old
// resourceVersion when the new object has none, the storage's changes, the
// old generation, the strategy's PrepareForUpdate, then the
// old object's uid (when the new one has none) and creation time.
func (a *admission) prepareUpdate(ctx context.Context, obj, old runtime.Object) error {
	m, err := meta.Accessor(obj)
	if err != nil {
		return err
	}
	oldMeta, err := meta.Accessor(old)
	if err != nil {
		return err
	}
	ns, _ := genericapirequest.NamespaceFrom(ctx)
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(rest.ExpectedNamespaceForScope(ns, a.kind.strategy.NamespaceScoped()), m); err != nil {
		return err
	}
	if m.GetResourceVersion() == "" {
		m.SetResourceVersion(oldMeta.GetResourceVersion()) // an unconditional update
	}
	a.kind.runStorageHook(obj, old)
	m.SetGeneration(oldMeta.GetGeneration())
	a.updater().PrepareForUpdate(ctx, obj, old)
	if m.GetUID() == "" {
		m.SetUID(oldMeta.GetUID())
	}
	if created := oldMeta.GetCreationTimestamp(); !created.IsZero() {
		m.SetCreationTimestamp(created)
	}
	return nil
}
