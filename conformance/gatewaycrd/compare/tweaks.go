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
// channel asked for. It is written from the behaviour the released CRDs
// show, not copied. Gateway's generator edits controller-tools' schema of
// each type before types are used and inlined: the tags of a type's doc
// comment reach every use of the type, an inlined struct's included. So
// typeMarkers hands those tags to gen/crd as the controller-gen markers
// they name (crd.Options.TypeMarkers), and applyGatewayTweaks applies the
// tags of fields, left in the descriptions of the generated CRD (a list's
// items have their type's description: a tag found again there changes
// nothing twice).

// Channel is one of Gateway's release channels: the experimental channel
// has every field and version served; the standard channel (Standard)
// leaves out what the experimental tags add.
type Channel struct {
	// Name is the channel's name in its tags (<gateway:NAME:validation:...>)
	// and in the config/crd directory of the release.
	Name string
	// Each tag of the channel: a replacement enum, an added rule, a pattern
	// for a field that has none; v1.7.0's bounds, and controller-gen's
	// ExactlyOneOf rule.
	enumTag, ruleTag, patternTag, minItemsTag, maxLengthTag, exactlyOneOfTag *regexp.Regexp
	// anyTag is any validation tag of the channel, with what follows
	// "validation:" (quoted strings may hold a >).
	anyTag *regexp.Regexp
}

// The channels. A channel's tags apply to nothing in the other channel.
var (
	Experimental = newChannel("experimental")
	Standard     = newChannel("standard")
)

func newChannel(name string) *Channel {
	tag := func(rest string) *regexp.Regexp {
		return regexp.MustCompile("<gateway:" + name + ":validation:" + rest + ">")
	}
	return &Channel{
		Name:            name,
		enumTag:         tag(`Enum=([A-Za-z;]*)`),
		ruleTag:         tag(`XValidation:message="([^"]*)",rule="([^"]*)"`),
		patternTag:      tag("Pattern=`([^`]*)`"),
		minItemsTag:     tag(`MinItems=([0-9]+)`),
		maxLengthTag:    tag(`MaxLength=([0-9]+)`),
		exactlyOneOfTag: tag(`ExactlyOneOf=([A-Za-z;]+)`),
		anyTag:          tag("((?:\"[^\"]*\"|`[^`]*`|[^>\"`])*)"),
	}
}

// experimentalTag marks a field (or a type) that only the experimental
// channel has: the standard channel leaves the field out.
const experimentalTag = "<gateway:experimental>"

// standardGroup is the only API group of the standard channel: the CRDs of
// gateway.networking.x-k8s.io (package apisx) are experimental only.
const standardGroup = "gateway.networking.k8s.io"

// typeMarkers gives the controller-gen markers of the channel's validation
// tags of a type's doc comment (crd.Options.TypeMarkers).
func (c *Channel) typeMarkers(_ *types.TypeName, doc string) []string {
	var out []string
	for _, m := range c.anyTag.FindAllStringSubmatch(doc, -1) {
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

// applyGatewayTweaks edits a generated CRD as Gateway's generator does for
// the channel. The standard channel serves no alpha version (the version
// stays, for stored objects, as in the experimental channel).
func (c *Channel) applyGatewayTweaks(crd map[string]any) {
	spec, _ := crd["spec"].(map[string]any)
	versions, _ := spec["versions"].([]any)
	for _, v := range versions {
		version := v.(map[string]any)
		if c == Standard && strings.Contains(fmt.Sprint(version["name"]), "alpha") {
			version["served"] = false
		}
		c.tweakProperties(dig(version, "schema", "openAPIV3Schema"))
	}
}

// tweakProperties edits a schema's properties and, below them, nested
// properties and list items: Gateway's generator walks no other keyword.
// The standard channel leaves out the properties tagged experimental, and
// their names from required.
func (c *Channel) tweakProperties(s map[string]any) {
	props, _ := s["properties"].(map[string]any)
	for name, p := range props {
		if c == Standard && strings.Contains(description(p), experimentalTag) {
			delete(props, name)
			dropRequired(s, name)
			continue
		}
		c.tweak(p.(map[string]any))
	}
}

func description(s any) string {
	d, _ := s.(map[string]any)["description"].(string)
	return d
}

// dropRequired removes name from a schema's required list, and the list
// when it is left empty.
func dropRequired(s map[string]any, name string) {
	required, _ := s["required"].([]any)
	var kept []any
	for _, r := range required {
		if r != name {
			kept = append(kept, r)
		}
	}
	if len(kept) == 0 {
		delete(s, "required")
	} else if len(kept) < len(required) {
		s["required"] = kept
	}
}

func (c *Channel) tweak(s map[string]any) {
	desc, _ := s["description"].(string)
	if strings.Contains(desc, ipAddressTag) {
		dig(s, "items")["oneOf"] = ipAddressOneOf()
	}
	if m := c.enumTag.FindStringSubmatch(desc); m != nil {
		var enum []any
		for _, v := range strings.Split(m[1], ";") {
			enum = append(enum, v)
		}
		s["enum"] = enum
	}
	for _, m := range c.ruleTag.FindAllStringSubmatch(desc, -1) {
		addRule(s, m[1], m[2])
	}
	if m := c.minItemsTag.FindStringSubmatch(desc); m != nil {
		s["minItems"], _ = strconv.ParseFloat(m[1], 64)
	}
	if m := c.maxLengthTag.FindStringSubmatch(desc); m != nil {
		s["maxLength"], _ = strconv.ParseFloat(m[1], 64)
	}
	if m := c.exactlyOneOfTag.FindStringSubmatch(desc); m != nil {
		fields := strings.Split(m[1], ";")
		count := make([]string, len(fields))
		for i, f := range fields {
			count[i] = "(has(self." + f + ")?1:0)"
		}
		addRule(s, fmt.Sprintf("exactly one of the fields in %v must be set", fields), strings.Join(count, "+")+" == 1")
	}
	if m := c.patternTag.FindAllStringSubmatch(desc, -1); len(m) == 1 && s["pattern"] == nil {
		s["pattern"] = m[0][1]
	}
	if _, ok := s["properties"]; ok {
		c.tweakProperties(s)
	} else if items, ok := s["items"].(map[string]any); ok {
		c.tweak(items)
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
