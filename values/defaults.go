package values

import (
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// CompileDefault prepares the value validation of a default declared by s,
// as kube-apiserver checks it when a CRD is created
// (structuraldefaulting.ValidateDefaults builds its validator with
// NewSchemaValidatorFromOpenAPI(s.ToKubeOpenAPI()) on the structural schema
// of the node that declares the default). That conversion is not the one
// custom resources are validated with (see Compile), and its verdicts differ:
//
//   - x-kubernetes-int-or-string adds no type, so only anyOf and the other
//     keywords check such a value;
//   - formats are kept as written, whatever the type: a format kube-openapi
//     knows is checked on every string, and names the type in the type errors
//     of other values ("must be of type date-time" on an object schema);
//   - additionalProperties under allOf, anyOf, oneOf and not is dropped.
//
// Call it on schemas that pass the structural checks, as upstream does; it
// fails only on keywords CRD schemas forbid.
func CompileDefault(s *schema.Schema) (*Validator, error) {
	root, err := newCompiler(fromStructural).compile(s, rootPath("schema"), false)
	if err != nil {
		return nil, err
	}
	return &Validator{root: root}, nil
}

// Defaults validates the defaults of a CRD being created as kube-apiserver
// does. Its zero value is ready to use, and it is safe for concurrent use;
// it is the value validation package lint plugs in (lint.DefaultValidator).
type Defaults struct{}

// ValidateDefault validates value, the default declared by s, with a
// validator compiled by CompileDefault, at path (the default's path,
// …properties[x].default), as upstream's ValidateCustomResource(path, value,
// validator).
func (Defaults) ValidateDefault(path *field.Path, s *schema.Schema, value any) field.ErrorList {
	v, err := CompileDefault(s)
	if err != nil {
		return field.ErrorList{field.InternalError(path, err)}
	}
	return v.Validate(path, value)
}
