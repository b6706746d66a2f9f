package compare

import (
	"regexp"
	"strings"
)

// Gateway's generator (tools/generator in its repository, not in the
// module) runs controller-tools' CRD parser and then edits each CRD; this
// file redoes those edits on kval's output, from the same inputs (the
// <gateway:...> tags left in descriptions), for the experimental channel.
// It is written from the behaviour the released CRDs show, not copied.

// Tags of the experimental channel: a replacement enum, an added rule, a
// pattern for a field that has none. <gateway:standard:...> tags are the
// standard channel's and apply to nothing here.
var (
	enumTag    = regexp.MustCompile(`<gateway:experimental:validation:Enum=([A-Za-z;]*)>`)
	ruleTag    = regexp.MustCompile(`<gateway:experimental:validation:XValidation:message="([^"]*)",rule="([^"]*)">`)
	patternTag = regexp.MustCompile("<gateway:experimental:validation:Pattern=`([^`]*)`>")
)

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
		rules, _ := s["x-kubernetes-validations"].([]any)
		s["x-kubernetes-validations"] = append(rules, map[string]any{"message": m[1], "rule": m[2]})
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
