package compare

import (
	"fmt"
	"go/types"
	"regexp"
	"strconv"
	"strings"
)

// Gateway's generator (tools/generator in its repository, not in the
// module) runs controller-tools' CRD parser and then edits each CRD; this
// file redoes those edits on kval's output, from the same inputs, for the
// experimental channel. It is written from the behaviour the released CRDs
// show, not copied. Gateway's generator edits controller-tools' schema of
// each type before types are used and inlined: the tags of a type's doc
// comment reach every use of the type, an inlined struct's included. So
// typeMarkers hands those tags to gen/crd as the controller-gen markers
// they name (crd.Options.TypeMarkers), and applyGatewayTweaks applies the
// tags of fields, left in the descriptions of the generated CRD (a list's
// items have their type's description: a tag found again there changes
// nothing twice).

// Tags of the experimental channel: a replacement enum, an added rule, a
// pattern for a field that has none. <gateway:standard:...> tags are the
// standard channel's and apply to nothing here.
var (
	enumTag    = regexp.MustCompile(`<gateway:experimental:validation:Enum=([A-Za-z;]*)>`)
	ruleTag    = regexp.MustCompile(`<gateway:experimental:validation:XValidation:message="([^"]*)",rule="([^"]*)">`)
	patternTag = regexp.MustCompile("<gateway:experimental:validation:Pattern=`([^`]*)`>")
	// v1.7.0's: a bound, and controller-gen's ExactlyOneOf rule.
	minItemsTag     = regexp.MustCompile(`<gateway:experimental:validation:MinItems=([0-9]+)>`)
	maxLengthTag    = regexp.MustCompile(`<gateway:experimental:validation:MaxLength=([0-9]+)>`)
	exactlyOneOfTag = regexp.MustCompile(`<gateway:experimental:validation:ExactlyOneOf=([A-Za-z;]+)>`)
	// anyTag is any experimental validation tag, with what follows
	// "validation:" (quoted strings may hold a >).
	anyTag = regexp.MustCompile("<gateway:experimental:validation:((?:\"[^\"]*\"|`[^`]*`|[^>\"`])*)>")
)

// typeMarkers gives the controller-gen markers of the experimental tags of
// a type's doc comment (crd.Options.TypeMarkers).
func typeMarkers(_ *types.TypeName, doc string) []string {
	var out []string
	for _, m := range anyTag.FindAllStringSubmatch(doc, -1) {
		out = append(out, "kubebuilder:validation:"+m[1])
	}
	return out
}

// ipAddressTag asks for a oneOf on a list of addresses: a value of type
// IPAddress is an IPv4 or IPv6 address.
const ipAddressTag = "<gateway:validateIPAddress>"

// annotations are what Gateway's generator adds besides the approval (which
// the run adds, because kube-apiserver needs it to accept the CRD).
var releaseAnnotations = []string{"gateway.networking.k8s.io/bundle-version", "gateway.networking.k8s.io/channel"}

// applyGatewayTweaks edits a generated CRD as Gateway's generator does.
func applyGatewayTweaks(crd map[string]any) {
	spec, _ := crd["spec"].(map[string]any)
	versions, _ := spec["versions"].([]any)
	for _, v := range versions {
		root := dig(v.(map[string]any), "schema", "openAPIV3Schema")
		tweakProperties(root)
	}
}

// tweakProperties edits a schema's properties and, below them, nested
// properties and list items: Gateway's generator walks no other keyword.
func tweakProperties(s map[string]any) {
	props, _ := s["properties"].(map[string]any)
	for _, p := range props {
		tweak(p.(map[string]any))
	}
}

func tweak(s map[string]any) {
	desc, _ := s["description"].(string)
	if strings.Contains(desc, ipAddressTag) {
		dig(s, "items")["oneOf"] = ipAddressOneOf()
	}
	if m := enumTag.FindStringSubmatch(desc); m != nil {
		var enum []any
		for _, v := range strings.Split(m[1], ";") {
			enum = append(enum, v)
		}
		s["enum"] = enum
	}
	for _, m := range ruleTag.FindAllStringSubmatch(desc, -1) {
		addRule(s, m[1], m[2])
	}
	if m := minItemsTag.FindStringSubmatch(desc); m != nil {
		s["minItems"], _ = strconv.ParseFloat(m[1], 64)
	}
	if m := maxLengthTag.FindStringSubmatch(desc); m != nil {
		s["maxLength"], _ = strconv.ParseFloat(m[1], 64)
	}
	if m := exactlyOneOfTag.FindStringSubmatch(desc); m != nil {
		fields := strings.Split(m[1], ";")
		count := make([]string, len(fields))
		for i, f := range fields {
			count[i] = "(has(self." + f + ")?1:0)"
		}
		addRule(s, fmt.Sprintf("exactly one of the fields in %v must be set", fields), strings.Join(count, "+")+" == 1")
	}
	if m := patternTag.FindAllStringSubmatch(desc, -1); len(m) == 1 && s["pattern"] == nil {
		s["pattern"] = m[0][1]
	}
	if _, ok := s["properties"]; ok {
		tweakProperties(s)
	} else if items, ok := s["items"].(map[string]any); ok {
		tweak(items)
	}
}

// addRule appends a rule the schema does not have yet.
func addRule(s map[string]any, message, rule string) {
	rules, _ := s["x-kubernetes-validations"].([]any)
	for _, r := range rules {
		if r.(map[string]any)["rule"] == rule {
			return
		}
	}
	s["x-kubernetes-validations"] = append(rules, map[string]any{"message": message, "rule": rule})
}

func ipAddressOneOf() []any {
	ipAddress := []any{"IPAddress"}
	return []any{
		map[string]any{"properties": map[string]any{
			"type":  map[string]any{"enum": ipAddress},
			"value": map[string]any{"anyOf": []any{map[string]any{"format": "ipv4"}, map[string]any{"format": "ipv6"}}},
		}},
		map[string]any{"properties": map[string]any{
			"type": map[string]any{"not": map[string]any{"enum": ipAddress}},
		}},
	}
}

// dig walks down objects; a missing key gives nil.
func dig(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		m, _ = m[k].(map[string]any)
	}
	return m
}
