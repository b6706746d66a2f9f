package values

import (
	"strings"

	"github.com/kval-dev/kval/schema"
)

// conversion is the way kube-apiserver turns a CRD schema into the
// kube-openapi schema it validates with. It has two, and they do not present
// the same schema to kube-openapi, so their verdicts differ.
type conversion uint8

const (
	// fromSchemaProps is the conversion for custom resources
	// (NewSchemaValidator: ConvertJSONSchemaPropsWithPostProcess with
	// StripUnsupportedFormatsPostProcessor): x-kubernetes-int-or-string
	// becomes the types integer and string, formats kube-apiserver does not
	// check for the declared type are removed.
	fromSchemaProps conversion = iota
	// fromStructural is the conversion for the defaults of a CRD being
	// created (ValidateDefaults: NewStructural, then ToKubeOpenAPI on the
	// node that declares the default): x-kubernetes-int-or-string adds no
	// type, every format is kept whatever the type, and additionalProperties
	// under allOf, anyOf, oneOf and not is dropped.
	fromStructural
)

// typeRule converts type, x-kubernetes-int-or-string and format as the
// conversion does.
func (conv conversion) typeRule(s *schema.Schema) typeRule {
	var t typeRule
	switch {
	case s.IntOrString && conv == fromSchemaProps:
		t.types = []string{"integer", "string"}
	case s.Type != "":
		t.types = []string{s.Type}
	}
	t.typeList = strings.Join(t.types, ",")
	for _, name := range t.types {
		t.typeMask |= kindsNamed(name)
	}
	t.nullable = s.Nullable
	t.format = s.Format
	if conv == fromSchemaProps {
		t.format = supportedFormat(s.Format, t.types)
	}
	t.checksType = len(t.types) > 0 || t.format != ""
	return t
}

// keepsAdditionalProperties reports whether additionalProperties reaches
// kube-openapi: the structural conversion of a nested value validation
// (NestedValueValidation.toKubeOpenAPI) leaves it out.
func (conv conversion) keepsAdditionalProperties(inJunctor bool) bool {
	return conv == fromSchemaProps || !inJunctor
}
