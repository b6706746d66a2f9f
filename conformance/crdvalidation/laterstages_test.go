package crdvalidation

import (
	"regexp"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// defaultValueOracle stands in for the value validation of defaults, the one
// stage kval lint does not plug in yet (package values): it answers lint's
// DefaultValidator calls with upstream's own errors for that default,
// computed by defaultValueErrors. So the stage's errors are upstream's by
// construction, and everything they gate (rules evaluated on the default,
// rule compilation for the schema) is gated in kval exactly as upstream.
type defaultValueOracle map[string]field.ErrorList

func (o defaultValueOracle) ValidateDefault(path *field.Path, _ *schema.Schema, _ any) field.ErrorList {
	return o[path.String()]
}

// defaultValueErrors computes, with upstream's functions, the errors of value
// validation (ValidateCustomResource) of every default of every schema of
// crd, keyed by the default's path, on the value upstream validates: the
// default coerced in place outside resource meta, the default as written inside it.
func defaultValueErrors(crd *apiextensions.CustomResourceDefinition) defaultValueOracle {
	out := defaultValueOracle{}
	add := func(path *field.Path, v *apiextensions.CustomResourceValidation) {
		if v == nil || v.OpenAPIV3Schema == nil {
			return
		}
		ss, err := structuralschema.NewStructural(v.OpenAPIV3Schema)
		if err != nil {
			return
		}
		root := *ss
		root.XEmbeddedResource = true // ValidateDefaults treats the root as a resource
		collectDefaultValueErrors(path.Child("openAPIV3Schema"), &root, false, out)
	}
	add(field.NewPath("spec", "validation"), crd.Spec.Validation)
	for i, v := range crd.Spec.Versions {
		add(field.NewPath("spec", "versions").Index(i).Child("schema"), v.Schema)
	}
	return out
}

var resourceMetaFields = map[string]bool{"apiVersion": true, "kind": true, "metadata": true}

func collectDefaultValueErrors(path *field.Path, s *structuralschema.Structural, insideMeta bool, out defaultValueOracle) {
	if s == nil {
		return
	}
	if s.XEmbeddedResource {
		insideMeta = false
	}
	if s.Default.Object != nil {
		value := s.Default.Object
		if !insideMeta {
			value = runtime.DeepCopyJSONValue(value)
			_ = schemaobjectmeta.Coerce(path.Child("default"), value, s, s.XEmbeddedResource, false)
		}
		validator := apiservervalidation.NewSchemaValidatorFromOpenAPI(s.ToKubeOpenAPI())
		out[path.Child("default").String()] = apiservervalidation.ValidateCustomResource(path.Child("default"), value, validator)
	}
	collectDefaultValueErrors(path.Child("items"), s.Items, insideMeta, out)
	for name, prop := range s.Properties {
		childInsideMeta := insideMeta || (s.XEmbeddedResource && resourceMetaFields[name])
		collectDefaultValueErrors(path.Child("properties").Key(name), &prop, childInsideMeta, out)
	}
}

// celTypeName matches the names CEL gives to object types in messages; they
// carry a counter that differs between runs.
var celTypeName = regexp.MustCompile(`Type\d+`)

// stableKey is key without the run-dependent parts of CEL messages.
func stableKey(e *field.Error) string {
	return celTypeName.ReplaceAllString(key(e), "Type")
}
