package cel

import (
	"context"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresource"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured/unstructuredscheme"
	"k8s.io/apimachinery/pkg/runtime"
	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/warning"

	"github.com/kval-dev/kval/conformance/upstream"
)

// strategy is the part of upstream's custom resource strategy a request uses.
type strategy interface {
	PrepareForCreate(ctx context.Context, obj runtime.Object)
	Validate(ctx context.Context, obj runtime.Object) field.ErrorList
	PrepareForUpdate(ctx context.Context, obj, old runtime.Object)
	ValidateUpdate(ctx context.Context, obj, old runtime.Object) field.ErrorList
}

// upstreamPipeline is kube-apiserver's handling of a custom resource
// request after reading the body: decoding, then the strategy (CEL last).
type upstreamPipeline struct {
	structural *structuralschema.Structural
	validator  apiservervalidation.SchemaValidator
	strategy   strategy
}

func newUpstreamPipeline(t testing.TB, crd *apiextensions.CustomResourceDefinition, version string) *upstreamPipeline {
	t.Helper()
	structural, err := upstream.ServedSchema(crd, version)
	if err != nil || structural == nil {
		t.Fatalf("no served schema: %v", err)
	}
	v, err := apiextensions.GetSchemaForVersion(crd, version)
	if err != nil {
		t.Fatal(err)
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(v.OpenAPIV3Schema)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := apiextensions.GetSubresourcesForVersion(crd, version)
	if err != nil {
		t.Fatal(err)
	}
	var status *apiextensions.CustomResourceSubresourceStatus
	var scale *apiextensions.CustomResourceSubresourceScale
	var statusValidator apiservervalidation.SchemaValidator
	if sub != nil {
		status, scale = sub.Status, sub.Scale
		if s, ok := v.OpenAPIV3Schema.Properties["status"]; ok && status != nil {
			if statusValidator, _, err = apiservervalidation.NewSchemaValidator(&s); err != nil {
				t.Fatal(err)
			}
		}
	}
	kind := k8sschema.GroupVersionKind{Group: crd.Spec.Group, Version: version, Kind: crd.Spec.Names.Kind}
	s := customresource.NewStrategy(unstructuredscheme.NewUnstructuredObjectTyper(), crd.Spec.Scope == apiextensions.NamespaceScoped,
		kind, validator, statusValidator, structural, status, scale, nil)
	return &upstreamPipeline{structural: structural, validator: validator, strategy: s}
}

// create decodes and validates a create; ok is false when decoding fails.
func (p *upstreamPipeline) create(obj map[string]any) (errs field.ErrorList, warnings []string, ok bool) {
	if _, err := upstream.Decode(obj, p.structural, true); err != nil {
		return nil, nil, false
	}
	rec := &recorder{}
	ctx := warning.WithWarningRecorder(context.Background(), rec)
	u := &unstructured.Unstructured{Object: obj}
	p.strategy.PrepareForCreate(ctx, u)
	return p.strategy.Validate(ctx, u), rec.warnings, true
}

// update decodes both objects and validates an update of old to obj.
func (p *upstreamPipeline) update(obj, old map[string]any) (errs field.ErrorList, warnings []string, ok bool) {
	if _, err := upstream.Decode(old, p.structural, true); err != nil {
		return nil, nil, false
	}
	if _, err := upstream.Decode(obj, p.structural, true); err != nil {
		return nil, nil, false
	}
	rec := &recorder{}
	ctx := warning.WithWarningRecorder(context.Background(), rec)
	u, o := &unstructured.Unstructured{Object: obj}, &unstructured.Unstructured{Object: old}
	p.strategy.PrepareForUpdate(ctx, u, o)
	return p.strategy.ValidateUpdate(ctx, u, o), rec.warnings, true
}

// schemaErrors is upstream's value validation alone on a decoded object.
func (p *upstreamPipeline) schemaErrors(obj map[string]any) field.ErrorList {
	return apiservervalidation.ValidateCustomResource(nil, obj, p.validator)
}
