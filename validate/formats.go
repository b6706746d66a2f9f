package validate

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	netutils "k8s.io/utils/net"
)

// The checks of +k8s:format=<name>. Each reports field.Invalid errors with
// the origin "format=<name>".

// invalidEach turns each problem into an Invalid error with the format's
// origin.
func invalidEach[T ~string](fldPath *field.Path, value T, format string, problems []string) field.ErrorList {
	var errs field.ErrorList
	for _, p := range problems {
		errs = append(errs, field.Invalid(fldPath, value, p).WithOrigin("format="+format))
	}
	return errs
}

// ShortName checks a "short name", an RFC 1123 DNS label (k8s-short-name).
func ShortName[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	return invalidEach(fldPath, *value, "k8s-short-name", dnsLabelProblems(string(*value)))
}

// LongName checks a "long name", an RFC 1123 DNS subdomain (k8s-long-name).
func LongName[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	return invalidEach(fldPath, *value, "k8s-long-name", dnsSubdomainProblems(string(*value)))
}

// LongNameCaseless checks a long name that may use upper case
// (k8s-long-name-caseless).
//
// Deprecated: names that differ only in case look equal to people but not to
// programs; use LongName.
func LongNameCaseless[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	return invalidEach(fldPath, *value, "k8s-long-name-caseless", dnsSubdomainCaselessProblems(string(*value)))
}

// LabelKey checks a label key (k8s-label-key).
func LabelKey[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	return invalidEach(fldPath, *value, "k8s-label-key", labelKeyProblems(string(*value)))
}

// PrefixedLabelKey checks a label key with a mandatory prefix
// (k8s-prefixed-label-key).
func PrefixedLabelKey[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	return invalidEach(fldPath, *value, "k8s-prefixed-label-key", prefixedLabelKeyProblems(string(*value)))
}

// LabelValue checks a label value (k8s-label-value).
func LabelValue[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	return invalidEach(fldPath, *value, "k8s-label-value", labelValueProblems(string(*value)))
}

// PathSegmentName checks a name usable as a path segment
// (k8s-path-segment-name).
func PathSegmentName[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	return invalidEach(fldPath, *value, "k8s-path-segment-name", pathSegmentProblems(string(*value)))
}

const uuidProblem = "must be a lowercase UUID in 8-4-4-4-12 format"

// UUID checks a lowercase RFC 4122 UUID in 8-4-4-4-12 form (k8s-uuid).
func UUID[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil || isLowercaseUUID(string(*value)) {
		return nil
	}
	return invalidEach(fldPath, string(*value), "k8s-uuid", []string{uuidProblem})
}

func isLowercaseUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
				return false
			}
		}
	}
	return true
}

// ResourcePoolName checks one or more long names separated by "/", at most
// 253 characters in all (k8s-resource-pool-name).
func ResourcePoolName[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	s := string(*value)
	var errs field.ErrorList
	if len(s) > dnsSubdomainMaxLen {
		errs = append(errs, field.TooLong(fldPath, s, dnsSubdomainMaxLen))
	}
	for i, segment := range strings.Split(s, "/") {
		if segment == "" {
			errs = append(errs, field.Invalid(fldPath, s, fmt.Sprintf("segment %d: must not be empty", i)))
			continue
		}
		for _, p := range dnsSubdomainProblems(segment) {
			errs = append(errs, field.Invalid(fldPath, segment, fmt.Sprintf("segment %d: %s", i, p)))
		}
	}
	return errs.WithOrigin("format=k8s-resource-pool-name")
}

// ExtendedResourceName checks a domain-prefixed extended resource name that
// is neither in kubernetes.io nor prefixed with "requests.", and that is a
// valid label key once "requests." is prepended, as quota does
// (k8s-extended-resource-name).
func ExtendedResourceName[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	s := string(*value)
	errs := field.ErrorList{}
	if !strings.Contains(s, "/") {
		errs = append(errs, field.Invalid(fldPath, s, "a name must be a domain-prefixed path, such as 'example.com/my-prop'"))
	} else if strings.Contains(s, "kubernetes.io/") {
		errs = append(errs, field.Invalid(fldPath, s, `must not have "kubernetes.io/" domain`))
	}
	if strings.HasPrefix(s, "requests.") {
		errs = append(errs, field.Invalid(fldPath, s, `must not have "requests." prefix`))
	}
	for _, p := range labelKeyProblems("requests." + s) {
		errs = append(errs, field.Invalid(fldPath, s, p))
	}
	return errs.WithOrigin("format=k8s-extended-resource-name")
}

// resourceNameMaxLen bounds the name part of a resource's qualified name.
const resourceNameMaxLen = 32

// ResourceFullyQualifiedName checks "<DNS subdomain>/<C identifier>", the
// name at most 32 characters (k8s-resource-fully-qualified-name).
func ResourceFullyQualifiedName[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	s := string(*value)
	errs := qualifiedNameErrors(fldPath, s)
	if !strings.Contains(s, "/") {
		errs = append(errs, field.Invalid(fldPath, s, "a fully qualified name must be a domain and a name separated by a slash"))
	}
	return errs.WithOrigin("format=k8s-resource-fully-qualified-name")
}

// qualifiedNameErrors checks an optionally prefixed resource name. As
// upstream, a value with more than one slash is not checked further.
func qualifiedNameErrors(fldPath *field.Path, s string) field.ErrorList {
	parts := strings.Split(s, "/")
	switch len(parts) {
	case 1:
		return cIdentifierErrors(fldPath, parts[0])
	case 2:
		return append(prefixErrors(fldPath, parts[0]), nameErrors(fldPath, parts[1])...)
	}
	return nil
}

func prefixErrors(fldPath *field.Path, prefix string) field.ErrorList {
	if prefix == "" {
		return field.ErrorList{field.Invalid(fldPath, "", "prefix must not be empty")}
	}
	var errs field.ErrorList
	if len(prefix) > dnsLabelMaxLen {
		errs = append(errs, field.TooLong(fldPath, prefix, dnsLabelMaxLen))
	}
	for _, p := range dnsSubdomainProblems(prefix) {
		errs = append(errs, field.Invalid(fldPath, prefix, "prefix: "+p))
	}
	return errs
}

func nameErrors(fldPath *field.Path, name string) field.ErrorList {
	if name == "" {
		return field.ErrorList{field.Invalid(fldPath, "", "name must not be empty")}
	}
	return cIdentifierErrors(fldPath, name)
}

func cIdentifierErrors(fldPath *field.Path, id string) field.ErrorList {
	var errs field.ErrorList
	if len(id) > resourceNameMaxLen {
		errs = append(errs, field.TooLong(fldPath, id, resourceNameMaxLen))
	}
	for _, p := range cIdentifierProblems(id) {
		errs = append(errs, field.Invalid(fldPath, id, p))
	}
	return errs
}

// IP checks an IPv4 or IPv6 address; IPv4 octets may have leading zeros, as
// in fields that predate strict IP validation (k8s-ip).
func IP[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	if netutils.ParseIPSloppy(string(*value)) != nil {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, string(*value), "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)").WithOrigin("format=k8s-ip")}
}

// CIDR checks an IPv4 or IPv6 CIDR; as for IP, leading zeros are accepted,
// and so are host bits beyond the prefix length (k8s-cidr).
func CIDR[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	if value == nil {
		return nil
	}
	if _, _, err := netutils.ParseCIDRSloppy(string(*value)); err == nil {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, string(*value), "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)").WithOrigin("format=k8s-cidr")}
}
