package values

import (
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	structurallisttype "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/kube-openapi/pkg/validation/validate"
	"sigs.k8s.io/yaml"
)

// upstreamValidator is kube-apiserver's value validation of one schema.
type upstreamValidator struct {
	validator  apiservervalidation.SchemaValidator
	structural *structuralschema.Structural
}

func newUpstream(t testing.TB, props *apiextensions.JSONSchemaProps) *upstreamValidator {
	t.Helper()
	v, _, err := apiservervalidation.NewSchemaValidator(props)
	if err != nil {
		t.Fatalf("upstream schema validator: %v", err)
	}
	ss, err := structuralschema.NewStructural(props)
	if err != nil {
		t.Fatalf("upstream structural schema: %v", err)
	}
	return &upstreamValidator{validator: v, structural: ss}
}

// upstreamProps converts a schema written as YAML (or JSON) to the internal
// form kube-apiserver validates with.
func upstreamProps(t testing.TB, doc string) *apiextensions.JSONSchemaProps {
	t.Helper()
	var v1 apiextensionsv1.JSONSchemaProps
	if err := yaml.UnmarshalStrict([]byte(doc), &v1); err != nil {
		t.Fatalf("decoding schema: %v", err)
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &internal, nil); err != nil {
		t.Fatalf("converting schema: %v", err)
	}
	return &internal
}

func (u *upstreamValidator) create(fldPath *field.Path, obj any) field.ErrorList {
	return apiservervalidation.ValidateCustomResource(fldPath, obj, u.validator)
}

// update runs the ratcheting update as the custom resource strategy does,
// and returns the errors and the ratcheted errors (upstream keeps the latter
// as warnings of its result and drops them; they are converted here the
// same way as errors).
func (u *upstreamValidator) update(fldPath *field.Path, obj, old any) (errs, ratcheted field.ErrorList) {
	corr := common.NewCorrelatedObject(obj, old, &model.Structural{Structural: u.structural})
	res := u.validator.ValidateUpdate(obj, old, apiservervalidation.WithRatcheting(corr))
	errs = apiservervalidation.ValidateCustomResource(fldPath, nil, fixedResult{Errors: res.Errors})
	ratcheted = apiservervalidation.ValidateCustomResource(fldPath, nil, fixedResult{Errors: res.Warnings})
	return errs, ratcheted
}

// updateWithoutRatcheting is the update path with ratcheting off.
func (u *upstreamValidator) updateWithoutRatcheting(fldPath *field.Path, obj, old any) field.ErrorList {
	res := u.validator.ValidateUpdate(obj, old)
	return apiservervalidation.ValidateCustomResource(fldPath, nil, fixedResult{Errors: res.Errors})
}

func (u *upstreamValidator) listTypes(obj map[string]any) field.ErrorList {
	return structurallisttype.ValidateListSetsAndMaps(nil, u.structural, obj)
}

// fixedResult is a validator that returns a given result, to reuse
// kube-apiserver's conversion of results into field errors.
type fixedResult validate.Result

func (f fixedResult) Validate(any, ...apiservervalidation.ValidationOption) *validate.Result {
	r := validate.Result(f)
	return &r
}
