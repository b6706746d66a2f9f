package strategy

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/warning"

	"github.com/kval-dev/kval/engine"
)

// storedUID is the uid a created object gets when the request names none
// (engine.NativeRequest.UID): kval has no storage to draw one from, and a
// fixed one keeps its answers repeatable (a Job's controller-uid labels
// carry it).
const storedUID types.UID = "00000000-0000-0000-0000-000000000000"

// generatedSuffix and maxGeneratedNameBase: the engine's names for
// generateName (kube-apiserver appends 5 random characters to at most 58).
const (
	generatedSuffix      = "xxxxx"
	maxGeneratedNameBase = 58
	defaultNamespace     = metav1.NamespaceDefault
)

// admission is one request of one kind through its strategy.
type admission struct {
	kind     *Kind
	req      engine.NativeRequest
	warnings warnings
	// absentNamespace: the manifest had no namespace; the answer has none
	// either (kubectl would send the namespace of its context).
	absentNamespace bool
}

// Admit runs a request as kube-apiserver's registry does for the kind:
// decode and default, prepare, validate, canonicalize.
func (k *Kind) Admit(ctx context.Context, req engine.NativeRequest) (answer engine.NativeAnswer) {
	defer func() {
		if p := recover(); p != nil {
			answer = engine.NativeAnswer{Errors: field.ErrorList{field.InternalError(nil, fmt.Errorf("kube-apiserver's validation of %s panicked: %v", k.gvk.Kind, p))}}
		}
	}()
	a := &admission{kind: k, req: req, absentNamespace: namespaceOf(req.Object) == ""}
	if req.Operation == engine.Create {
		return a.create(ctx)
	}
	return a.update(ctx)
}

// create is rest.BeforeCreate with kval's names and no storage.
func (a *admission) create(ctx context.Context) engine.NativeAnswer {
	obj, err := decode(a.kind.gvk, a.req.Object)
	if err != nil {
		return engine.NativeAnswer{BadRequest: err}
	}
	if a.req.NameGenerated || needsNameGeneration(obj) {
		// kube-apiserver's store copies the object before each try of a
		// generated name: the copy shares no map with another field (a
		// Job's labels defaulted to its template's do).
		obj = obj.DeepCopyObject()
	}
	ctx = a.context(ctx, "create")
	if err := a.prepareCreate(ctx, obj); err != nil {
		return engine.NativeAnswer{BadRequest: err}
	}
	errs := rest.ValidateCreate(ctx, obj, a.kind.strategy)
	if len(errs) == 0 {
		for _, w := range a.kind.strategy.WarningsOnCreate(ctx, obj) {
			a.warnings.AddWarning("", w)
		}
		a.kind.strategy.Canonicalize(obj)
	}
	return a.answer(obj, nil, errs)
}

// prepareCreate is what the create handler and rest.BeforeCreate do before
// validating: system fields, a generated name, the namespace, the
// storage's changes, the strategy's PrepareForCreate.
func (a *admission) prepareCreate(ctx context.Context, obj runtime.Object) error {
	m, err := meta.Accessor(obj)
	if err != nil {
		return err
	}
	rest.WipeObjectMetaSystemFields(m)
	m.SetUID(cmp.Or(types.UID(a.req.UID), storedUID))
	m.SetCreationTimestamp(metav1.NewTime(time.Now()))
	if m.GetName() == "" && m.GetGenerateName() != "" {
		base := m.GetGenerateName()
		m.SetName(base[:min(len(base), maxGeneratedNameBase)] + generatedSuffix)
	}
	ns, _ := genericapirequest.NamespaceFrom(ctx)
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(rest.ExpectedNamespaceForScope(ns, a.kind.strategy.NamespaceScoped()), m); err != nil {
		return err
	}
	a.kind.runStorageHook(obj, nil)
	a.kind.strategy.PrepareForCreate(ctx, obj)
	return nil
}

// needsNameGeneration: the object has a generateName and no name.
func needsNameGeneration(obj runtime.Object) bool {
	m, err := meta.Accessor(obj)
	return err == nil && m.GetName() == "" && m.GetGenerateName() != ""
}

// context is the request's context as the strategies read it: the
// namespace (the object's, else the old object's, else kubectl's default), the request's verb and resource, a recorder of warnings.
func (a *admission) context(ctx context.Context, verb string) context.Context {
	ns := ""
	if a.kind.strategy.NamespaceScoped() {
		ns = cmp.Or(namespaceOf(a.req.Object), namespaceOf(a.req.OldObject), defaultNamespace)
	}
	ctx = genericapirequest.WithNamespace(ctx, ns)
	ctx = genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{
		IsResourceRequest: true, Verb: verb, APIGroup: a.kind.gvk.Group, APIVersion: a.kind.gvk.Version,
		Resource: a.kind.resource, Namespace: ns, Name: nameOf(a.req.Object),
	})
	return warning.WithWarningRecorder(ctx, &a.warnings)
}

// answer encodes the object (and the old one) in the request's version.
func (a *admission) answer(obj, old runtime.Object, errs field.ErrorList) engine.NativeAnswer {
	out := engine.NativeAnswer{Errors: errs, Warnings: a.warnings}
	if a.req.ObjectsUnused {
		return out
	}
	var err error
	if out.Object, err = a.encode(obj); err == nil && old != nil {
		out.OldObject, err = a.encode(old)
	}
	if err != nil {
		out.Errors = append(out.Errors, field.InternalError(nil, err))
	}
	return out
}

// encode is the object kube-apiserver returns: in the request's version,
// without the system fields kval has no storage for, and without the
// namespace the manifest did not name.
func (a *admission) encode(obj runtime.Object) (map[string]any, error) {
	out, err := encode(obj, a.kind.gvk.GroupVersion())
	if err != nil {
		return nil, err
	}
	m, _ := out["metadata"].(map[string]any)
	engine.WipeSystemFields(m)
	if a.absentNamespace {
		delete(m, "namespace")
	}
	return out, nil
}

// warnings records the warnings a strategy adds to the context.
type warnings []string

func (w *warnings) AddWarning(_, text string) { *w = append(*w, text) }

func namespaceOf(obj map[string]any) string { return metadataString(obj, "namespace") }
func nameOf(obj map[string]any) string      { return metadataString(obj, "name") }

func metadataString(obj map[string]any, key string) string {
	m, _ := obj["metadata"].(map[string]any)
	s, _ := m[key].(string)
	return s
}
