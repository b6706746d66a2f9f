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

	"github.com/kval-dev/kval/conformance/upstream"
)

// strategy is the part of upstream's custom resource strategy a request uses.
type strategy interface {
	PrepareForCreate(ctx context.Context, obj runtime.Object)
	Validate(ctx context.Context, obj runtime.Object) field.ErrorList
	WarningsOnCreate(ctx context.Context, obj runtime.Object) []string
	PrepareForUpdate(ctx context.Context, obj, old runtime.Object)
	ValidateUpdate(ctx context.Context, obj, old runtime.Object) field.ErrorList
	WarningsOnUpdate(ctx context.Context, obj, old runtime.Object) []string
}

// upstreamPipeline is kube-apiserver's handling of a custom resource
// request, after reading the body: decoding and the strategy.
type upstreamPipeline struct {
	structural *structuralschema.Structural
	strategy   strategy
}

func newUpstreamPipeline(b *testing.B, crd *apiextensions.CustomResourceDefinition, version string, structural *structuralschema.Structural) *upstreamPipeline {
	v, err := apiextensions.GetSchemaForVersion(crd, version)
	if err != nil {
		b.Fatal(err)
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(v.OpenAPIV3Schema)
	if err != nil {
		b.Fatal(err)
	}
	var statusValidator apiservervalidation.SchemaValidator
	sub, err := apiextensions.GetSubresourcesForVersion(crd, version)
	if err != nil {
		b.Fatal(err)
	}
	var status *apiextensions.CustomResourceSubresourceStatus
	var scale *apiextensions.CustomResourceSubresourceScale
	if sub != nil {
		status, scale = sub.Status, sub.Scale
		if status != nil {
			if s, ok := v.OpenAPIV3Schema.Properties["status"]; ok {
				if statusValidator, _, err = apiservervalidation.NewSchemaValidator(&s); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	kind := k8sschema.GroupVersionKind{Group: crd.Spec.Group, Version: version, Kind: crd.Spec.Names.Kind}
	s := customresource.NewStrategy(unstructuredscheme.NewUnstructuredObjectTyper(), crd.Spec.Scope == apiextensions.NamespaceScoped,
		kind, validator, statusValidator, structural, status, scale, nil)
	return &upstreamPipeline{structural: structural, strategy: s}
}

// create decodes and validates a create.
func (p *upstreamPipeline) create(obj map[string]any) (field.ErrorList, error) {
	if _, err := upstream.Decode(obj, p.structural, true); err != nil {
		return nil, err
	}
	u := &unstructured.Unstructured{Object: obj}
	p.strategy.PrepareForCreate(ctx, u)
	errs := p.strategy.Validate(ctx, u)
	p.strategy.WarningsOnCreate(ctx, u)
	return errs, nil
}

// update decodes both objects and validates an update of old to obj.
func (p *upstreamPipeline) update(obj, old map[string]any) (field.ErrorList, error) {
	if _, err := upstream.Decode(old, p.structural, true); err != nil {
		return nil, err
	}
	if _, err := upstream.Decode(obj, p.structural, true); err != nil {
		return nil, err
	}
	u, o := &unstructured.Unstructured{Object: obj}, &unstructured.Unstructured{Object: old}
	p.strategy.PrepareForUpdate(ctx, u, o)
	errs := p.strategy.ValidateUpdate(ctx, u, o)
	p.strategy.WarningsOnUpdate(ctx, u, o)
	return errs, nil
}
