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
	"k8s-extended-resource-name":        {Docs: "An extended resource name: a domain-prefixed name outside kubernetes.io, not starting with `requests.`, that is still a label key once quota prefixes it with `requests.`."},
	"k8s-ip":                            {Docs: "An IPv4 or IPv6 address; IPv4 octets may have leading zeros, as in fields older than strict IP validation."},
	"k8s-cidr":                          {Docs: "An IPv4 or IPv6 CIDR (address/prefix length); leading zeros are accepted, and so are bits set beyond the prefix length."},
	"k8s-label-key":                     {Docs: "A label key: an optional DNS subdomain and \"/\", then a name of at most 63 characters."},
	"k8s-label-value":                   {Docs: "A label value: empty, or at most 63 alphanumerics, '-', '_' and '.', starting and ending alphanumeric."},
	"k8s-long-name":                     {Docs: "A long name: an RFC 1123 DNS subdomain of at most 253 characters."},
	"k8s-long-name-caseless":            {Docs: "Deprecated: a long name that may use upper case; names that differ only in case are easily confused."},
	"k8s-path-segment-name":             {Docs: "A name usable as one URL or file path segment: not . or .., without / or %."},
	"k8s-prefixed-label-key":            {Docs: "A label key whose DNS subdomain prefix is mandatory."},
	"k8s-resource-fully-qualified-name": {Docs: "A resource's fully qualified name, <DNS subdomain>/<C identifier>, the name part at most 32 characters."},
	"k8s-resource-pool-name":            {Docs: "One or more long names separated by /, at most 253 characters in all."},
	"k8s-short-name":                    {Docs: "A short name: an RFC 1123 DNS label of at most 63 characters."},
	"k8s-uuid":                          {Docs: "A lowercase RFC 4122 UUID in 8-4-4-4-12 form."},
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
		Description: "The string must have the named format.",
		Payloads:    payloads, PayloadKind: tags.String, PayloadRequired: true, Once: true,
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
