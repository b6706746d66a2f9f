package gen

import (
	"strings"

	"github.com/kval-dev/kval/tags"
)

// The comment tags that configure generation, as upstream's validation-gen
// reads them. Package options go in doc.go; type options on the type.
const (
	// mainTag turns generation on for a package ("*", "TypesWithField=F",
	// "TypesWithSuffix=S", or "false"), or for one type ("true", "false").
	mainTag = "k8s:validation-gen"
	// inputTag names the package whose types this package validates.
	inputTag = "k8s:validation-gen-input"
	// schemeTag names the scheme type RegisterValidations takes ("nil" for
	// no registration); the default is k8s.io/apimachinery's runtime.Scheme.
	schemeTag = "k8s:validation-gen-scheme-registry"
	// nolintTag turns lint rules off for a package or type.
	nolintTag = "k8s:validation-gen-nolint"
	// fixtureTag asks for a test file checking +k8s:validateFalse fixtures.
	fixtureTag = "k8s:validation-gen-test-fixture"
	// testTargetsTag asks upstream for coverage test files; kval accepts
	// and ignores it.
	testTargetsTag = "k8s:validation-gen-test-targets"
	// isSubresourceTag says a type is the body of a subresource.
	isSubresourceTag = "k8s:isSubresource"
	// supportsSubresourceTag names a subresource a type's validation serves.
	supportsSubresourceTag = "k8s:supportsSubresource"
)

// generatorTags are the option tags, which are not validation tags.
var generatorTags = map[string]bool{
	mainTag: true, inputTag: true, schemeTag: true, nolintTag: true, fixtureTag: true,
	testTargetsTag: true, isSubresourceTag: true, supportsSubresourceTag: true,
}

// otherGeneratorPrefixes are +k8s: tags of other Kubernetes generators,
// which the unknown-tag lint leaves alone.
var otherGeneratorPrefixes = []string{
	"k8s:deepcopy-gen", "k8s:conversion-gen", "k8s:defaulter-gen", "k8s:openapi-gen",
	"k8s:openapi-model-package", "k8s:prerelease-lifecycle-gen", "k8s:protobuf",
	"k8s:register-gen", "k8s:applyconfiguration-gen", "k8s:informer-gen", "k8s:lister-gen",
	"k8s:client-gen", "k8s:validation-gen-", "k8s:declarativeValidationNative",
}

// isOtherGeneratorTag reports whether a +k8s: tag belongs to another tool.
func isOtherGeneratorTag(name string) bool {
	if generatorTags[name] {
		return true
	}
	for _, p := range otherGeneratorPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// optionValues returns the raw values of one option tag in lines.
func optionValues(lines []tags.Line, name string) ([]tags.Tag, error) {
	var out []tags.Tag
	for _, f := range tags.Extract(lines, name) {
		if f.Name != name {
			continue
		}
		t, err := tags.ParseRaw(f.Text, f.Pos)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// hasOption reports whether lines carry the option tag at all.
func hasOption(lines []tags.Line, name string) bool {
	for _, f := range tags.Extract(lines, name) {
		if f.Name == name {
			return true
		}
	}
	return false
}
