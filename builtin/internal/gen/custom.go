package main

// customJSON are the definitions of Go types that read JSON themselves
// (their UnmarshalJSON), whose published schemas do not say what they
// accept. Each is replaced by the schema of what kube-apiserver decodes:
//
//   - IntOrString is published as oneOf integer or string, with format
//     int-or-string; CRDs say the same with x-kubernetes-int-or-string,
//     which is what kval's stages understand.
//   - RawExtension (an embedded object of any kind, e.g. a
//     ControllerRevision's data) and FieldsV1 (managedFields) hold any JSON
//     object, and apiextensions' JSON (a CRD's defaults and examples) any
//     JSON value: they keep unknown fields.
//
// Quantity keeps its published oneOf (a string or a number), which is what
// its UnmarshalJSON accepts.
var customJSON = map[string]map[string]any{
	"io.k8s.apimachinery.pkg.util.intstr.IntOrString":               {"x-kubernetes-int-or-string": true},
	"io.k8s.apimachinery.pkg.runtime.RawExtension":                  {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
	"io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1":                 {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
	"io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON": {"x-kubernetes-preserve-unknown-fields": true},
}

// freeForm makes a definition that declares nothing at all (no type, no
// structure, no alternatives: the JSONSchemaPropsOr* types of
// apiextensions, which accept a schema or a boolean or a list) accept any
// value, as its UnmarshalJSON does.
func freeForm(def map[string]any) map[string]any {
	for _, key := range []string{"type", "properties", "items", "additionalProperties", "oneOf", "anyOf", "allOf", "x-kubernetes-int-or-string", "$ref"} {
		if _, found := def[key]; found {
			return def
		}
	}
	def["x-kubernetes-preserve-unknown-fields"] = true
	return def
}

// emptyBytes lets a byte string (format: byte, base64) be empty, as Go
// decodes "" into an empty []byte for built-in kinds (a Secret's
// `data: {key: ""}`), where the format checker of CRDs refuses "": the
// format moves into anyOf: [{format: byte}, {maxLength: 0}].
func emptyBytes(node map[string]any) {
	if node["type"] != "string" || node["format"] != "byte" {
		return
	}
	delete(node, "format")
	node["anyOf"] = []any{map[string]any{"format": "byte"}, map[string]any{"maxLength": int64(0)}}
}
