package validators

import (
	"sort"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const formatTag = "k8s:format"

// formatDocs documents each +k8s:format name.
var formatDocs = map[string]PayloadDoc{
	"k8s-extended-resource-name":        {Docs: "This field holds a Kubernetes extended resource name. This is a domain-prefixed name that must not have a `kubernetes.io` or `requests.` prefix. When `requests.` is prepended, the result must be a valid label key, as used by quota."},
	"k8s-ip":                            {Docs: "This field holds an IPv4 or IPv6 address value. IPv4 octets may have leading zeros."},
	"k8s-cidr":                          {Docs: "This field holds an IPv4 or IPv6 CIDR value (address/prefix length). IPv4 octets and the prefix length may have leading zeros, and bits beyond the prefix length may be set."},
	"k8s-label-key":                     {Docs: "This field holds a Kubernetes label key."},
	"k8s-label-value":                   {Docs: "This field holds a Kubernetes label value."},
	"k8s-long-name":                     {Docs: "This field holds a Kubernetes \"long name\", aka a \"DNS subdomain\" value."},
	"k8s-long-name-caseless":            {Docs: "Deprecated: This field holds a case-insensitive Kubernetes \"long name\", aka a \"DNS subdomain\" value."},
	"k8s-path-segment-name":             {Docs: "This field holds a Kubernetes \"path segment name\" value."},
	"k8s-prefixed-label-key":            {Docs: "This field holds a Kubernetes label key, with the prefix required."},
	"k8s-resource-fully-qualified-name": {Docs: "This field holds a Kubernetes resource \"fully qualified name\" value. A fully qualified name must not be empty and must be composed of a prefix and a name, separated by a slash (e.g., \"prefix/name\"). The prefix must be a DNS subdomain, and the name part must be a C identifier with no more than 32 characters."},
	"k8s-resource-pool-name":            {Docs: "This field holds value with one or more Kubernetes \"long name\" parts separated by `/` and no longer than 253 characters."},
	"k8s-short-name":                    {Docs: "This field holds a Kubernetes \"short name\", aka a \"DNS label\" value."},
	"k8s-uuid":                          {Docs: "This field holds a Kubernetes UUID, which conforms to RFC 4122."},
}

// formatRuntime maps a format name to its runtime check.
var formatRuntime = map[string]string{
	"k8s-extended-resource-name":        "ExtendedResourceName",
	"k8s-ip":                            "IP",
	"k8s-cidr":                          "CIDR",
	"k8s-label-key":                     "LabelKey",
	"k8s-label-value":                   "LabelValue",
	"k8s-long-name":                     "LongName",
	"k8s-long-name-caseless":            "LongNameCaseless",
	"k8s-path-segment-name":             "PathSegmentName",
	"k8s-prefixed-label-key":            "PrefixedLabelKey",
	"k8s-resource-fully-qualified-name": "ResourceFullyQualifiedName",
	"k8s-resource-pool-name":            "ResourcePoolName",
	"k8s-short-name":                    "ShortName",
	"k8s-uuid":                          "UUID",
}

// format implements +k8s:format=<name>.
type format struct{}

func formatNames() []string {
	names := make([]string, 0, len(formatRuntime))
	for n := range formatRuntime {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (format) Doc() Doc {
	var payloads []PayloadDoc
	for _, n := range formatNames() {
		p := formatDocs[n]
		p.Description = n
		payloads = append(payloads, p)
	}
	return Doc{
		Tag: formatTag, Stability: StabilityStable, Scopes: anyValueScopes,
		Description: "Indicates that a string field has a particular format.",
		Payloads:    payloads, PayloadKind: tags.String, PayloadRequired: true,
	}
}

func (format) Validations(ctx Context, t tags.Tag) (Result, error) {
	if !shape.IsString(ctx.Type) {
		return Result{}, errorf("can only be used on string types, not %s", describeType(ctx.Type))
	}
	fn, ok := formatRuntime[t.Value]
	if !ok {
		return Result{}, fixf("known formats: "+joinNames(formatNames()), "unsupported format %q", t.Value)
	}
	return checksOnly(code.Check{Tag: formatTag, Func: code.Runtime(fn)}), nil
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}
