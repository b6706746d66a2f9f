package upstream

import (
	"context"
	"fmt"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresource"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured/unstructuredscheme"
	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/warning"
)

// strategy is what a custom resource strategy is to the generic registry.
type strategy interface {
	rest.RESTCreateStrategy
	rest.RESTUpdateStrategy
}

// Pipeline is kube-apiserver's handling of custom resource requests for one
// CRD version after the body is read: decoding (Decode), then the generic
// registry's validation (rest.ValidateCreate, rest.ValidateUpdate: common
// ObjectMeta checks around the strategy's) with the custom resource strategy,
// or the status strategy for the status subresource, whose validation runs
// CEL rules last. Around them it does what the registry does before
// validation: a generated name on create, system fields kept on update.
type Pipeline struct {
	structural *structuralschema.Structural
	storage    storage
	validator  apiservervalidation.SchemaValidator
	strategy   strategy
	status     strategy
}

// Result is the verdict of one request.
type Result struct {
	// Object is what kube-apiserver returns: the decoded object after the
	// steps before validation (PrepareForCreate, or BeforeUpdate's
	// PrepareForUpdate and system fields), read back through the storage
	// codec, without what storage itself adds.
	Object map[string]any
	Errors field.ErrorList
	// Warnings are the strategy's and the CEL validator's (ratcheted rules).
	Warnings []string
}

// NewPipeline builds the pipeline of a CRD version as kube-apiserver does.
func NewPipeline(crd *apiextensions.CustomResourceDefinition, version string) (*Pipeline, error) {
	structural, err := ServedSchema(crd, version)
	if err != nil {
		return nil, err
	}
	v, err := apiextensions.GetSchemaForVersion(crd, version)
	if err != nil {
		return nil, err
	}
	var props *apiextensions.JSONSchemaProps
	if v != nil {
		props = v.OpenAPIV3Schema
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(props)
	if err != nil {
		return nil, err
	}
	sub, err := apiextensions.GetSubresourcesForVersion(crd, version)
	if err != nil {
		return nil, err
	}
	var status *apiextensions.CustomResourceSubresourceStatus
	var scale *apiextensions.CustomResourceSubresourceScale
	var statusValidator apiservervalidation.SchemaValidator
	if sub != nil {
		status, scale = sub.Status, sub.Scale
		if s, ok := props.Properties["status"]; ok && status != nil {
			if statusValidator, _, err = apiservervalidation.NewSchemaValidator(&s); err != nil {
				return nil, err
			}
		}
	}
	kind := k8sschema.GroupVersionKind{Group: crd.Spec.Group, Version: version, Kind: crd.Spec.Names.Kind}
	s := customresource.NewStrategy(unstructuredscheme.NewUnstructuredObjectTyper(), crd.Spec.Scope == apiextensions.NamespaceScoped,
		kind, validator, statusValidator, structural, status, scale, nil)
	storage, err := storageOf(crd)
	if err != nil {
		return nil, err
	}
	if crd.Spec.Conversion != nil && crd.Spec.Conversion.Strategy == apiextensions.WebhookConverter {
		// A conversion webhook round-trips objects without loss: what the
		// request version holds comes back (kval's engine assumes the same).
		storage = storageForRequests(crd, version, structural)
	}
	return &Pipeline{structural: structural, storage: storage, validator: validator, strategy: s, status: customresource.NewStatusStrategy(s)}, nil
}

// storageForRequests stands for the storage of a CRD that converts with a
// lossless webhook: reading back gives the request version's object.
func storageForRequests(crd *apiextensions.CustomResourceDefinition, version string, s *structuralschema.Structural) storage {
	return storage{apiVersion: crd.Spec.Group + "/" + version, structural: s}
}

// storageOf is the storage version of a CRD with its served schema.
func storageOf(crd *apiextensions.CustomResourceDefinition) (storage, error) {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			s, err := ServedSchema(crd, v.Name)
			return storage{apiVersion: crd.Spec.Group + "/" + v.Name, structural: s}, err
		}
	}
	return storage{}, fmt.Errorf("%s has no storage version", crd.Name)
}

// Structural is the structural schema the pipeline serves.
func (p *Pipeline) Structural() *structuralschema.Structural { return p.structural }

// Create decodes obj (in place) and validates a create.
func (p *Pipeline) Create(obj map[string]any) (Result, error) {
	if _, err := Decode(obj, p.structural, true); err != nil {
		return Result{}, err
	}
	ctx, rec := withRecorder()
	u := &unstructured.Unstructured{Object: obj}
	rest.WipeObjectMetaSystemFields(u) // the create handler's, before admission
	generateName(u)
	p.strategy.PrepareForCreate(ctx, u)
	errs := rest.ValidateCreate(ctx, u, p.strategy)
	rec.add(p.strategy.WarningsOnCreate(ctx, u))
	if err := p.readBack(u.Object); err != nil {
		return Result{}, err
	}
	return Result{Object: u.Object, Errors: errs, Warnings: rec.texts()}, nil
}

// Update decodes both objects (in place) and validates an update of old to obj.
func (p *Pipeline) Update(obj, old map[string]any) (Result, error) {
	return p.update(p.strategy, obj, old)
}

// UpdateStatus validates an update of the status subresource.
func (p *Pipeline) UpdateStatus(obj, old map[string]any) (Result, error) {
	return p.update(p.status, obj, old)
}

func (p *Pipeline) update(s strategy, obj, old map[string]any) (Result, error) {
	if _, err := Decode(old, p.structural, true); err != nil {
		return Result{}, fmt.Errorf("old object: %w", err)
	}
	if err := p.readBack(old); err != nil {
		return Result{}, fmt.Errorf("old object: %w", err)
	}
	if _, err := Decode(obj, p.structural, true); err != nil {
		return Result{}, err
	}
	ctx, rec := withRecorder()
	u, o := &unstructured.Unstructured{Object: obj}, &unstructured.Unstructured{Object: old}
	u.SetGeneration(o.GetGeneration())
	s.PrepareForUpdate(ctx, u, o)
	keepSystemFields(u, o)
	errs := rest.ValidateUpdate(ctx, u, o, s)
	rec.add(s.WarningsOnUpdate(ctx, u, o))
	// u.Object, not obj: the status strategy replaces the whole object.
	if err := p.readBack(u.Object); err != nil {
		return Result{}, err
	}
	return Result{Object: u.Object, Errors: errs, Warnings: rec.texts()}, nil
}

// SchemaErrors is upstream's value validation alone on a decoded object.
func (p *Pipeline) SchemaErrors(obj map[string]any) field.ErrorList {
	return apiservervalidation.ValidateCustomResource(nil, obj, p.validator)
}

// recorder collects the warnings a request adds to its context.
type recorder struct {
	mu       sync.Mutex
	warnings []string
}

func withRecorder() (context.Context, *recorder) {
	rec := &recorder{}
	return warning.WithWarningRecorder(context.Background(), rec), rec
}

func (r *recorder) AddWarning(_, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.warnings = append(r.warnings, text)
}

func (r *recorder) add(texts []string) {
	for _, t := range texts {
		r.AddWarning("", t)
	}
}

func (r *recorder) texts() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.warnings...)
}

// generateName gives an object with only generateName the name the registry
// generates (store.go), with kval's deterministic stand-in for the random
// suffix, so that both sides validate the same name.
func generateName(u *unstructured.Unstructured) {
	base := u.GetGenerateName()
	if base == "" || u.GetName() != "" {
		return
	}
	const maxBase, suffix = 58, "xxxxx"
	if len(base) > maxBase {
		base = base[:maxBase]
	}
	u.SetName(base + suffix)
}

// keepSystemFields copies the fields an update cannot change from the old
// object, as rest.BeforeUpdate does after PrepareForUpdate.
func keepSystemFields(u, o *unstructured.Unstructured) {
	if u.GetUID() == "" {
		u.SetUID(o.GetUID())
	}
	if t := o.GetCreationTimestamp(); !t.IsZero() {
		u.SetCreationTimestamp(t)
	}
	if t := o.GetDeletionTimestamp(); t != nil && !t.IsZero() {
		u.SetDeletionTimestamp(t)
	}
	if g := o.GetDeletionGracePeriodSeconds(); g != nil && u.GetDeletionGracePeriodSeconds() == nil {
		u.SetDeletionGracePeriodSeconds(g)
	}
}
