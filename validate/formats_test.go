package validate

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type check func(ctxT, operation.Operation, *field.Path, *string, *string) field.ErrorList

func TestFormatsAcceptAndRejectByName(t *testing.T) {
	cases := []struct {
		format     string
		check      check
		good       []string
		bad        []string
		someDetail string // of the first bad value
	}{
		{"k8s-short-name", ShortName[string],
			[]string{"a", "my-name", "123-abc"},
			[]string{"", "a.b", "-a", strings.Repeat("a", 64), "A"}, "RFC 1123 label"},
		{"k8s-long-name", LongName[string],
			[]string{"a", "example.com", "a-b.c-d"},
			[]string{"", "a..b", "Example.com", strings.Repeat("a", 254)}, "RFC 1123 subdomain"},
		{"k8s-long-name-caseless", LongNameCaseless[string],
			[]string{"Example.com"},
			[]string{"a_b"}, "an RFC 1123 subdomain"},
		{"k8s-label-key", LabelKey[string],
			[]string{"a", "example.com/MyName", "my.name"},
			[]string{"/a", "a/b/c", "example.com/", "-a"}, "prefix part must be non-empty"},
		{"k8s-prefixed-label-key", PrefixedLabelKey[string],
			[]string{"example.com/key"},
			[]string{"key", "/key"}, "must include a prefix"},
		{"k8s-label-value", LabelValue[string],
			[]string{"", "MyValue", "my_value"},
			[]string{"-x", strings.Repeat("a", 64)}, "a valid label must be an empty string"},
		{"k8s-path-segment-name", PathSegmentName[string],
			[]string{"", "a b", "Ünï"},
			[]string{"..", "a/b", "a%b"}, "may not be '..'"},
		{"k8s-uuid", UUID[string],
			[]string{"123e4567-e89b-12d3-a456-426614174000"},
			[]string{"123E4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000", ""}, "lowercase UUID"},
		{"k8s-resource-pool-name", ResourcePoolName[string],
			[]string{"pool", "a.b/c-d"},
			[]string{"a//b", "A", "/x"}, "segment 1: must not be empty"},
		{"k8s-extended-resource-name", ExtendedResourceName[string],
			[]string{"example.com/gpu"},
			[]string{"gpu", "kubernetes.io/gpu", "requests.example.com/gpu"}, "domain-prefixed path"},
		{"k8s-resource-fully-qualified-name", ResourceFullyQualifiedName[string],
			[]string{"example.com/my_name"},
			[]string{"my_name", "example.com/1abc", "/x"}, "must be a domain and a name"},
		{"k8s-ip", IP[string],
			[]string{"1.2.3.4", "010.002.003.004", "2001:db8::1"},
			[]string{"1.2.3", "x"}, "must be a valid IP address"},
		{"k8s-cidr", CIDR[string],
			[]string{"10.0.0.0/8", "10.0.0.1/8", "2001:db8::/64"},
			[]string{"10.0.0.0", "10.0.0.0/33"}, "must be a valid CIDR value"},
	}
	for _, c := range cases {
		t.Run(c.format, func(t *testing.T) {
			for _, s := range c.good {
				expectNone(t, c.check(ctx, create, path, p(s), nil))
			}
			for i, s := range c.bad {
				errs := c.check(ctx, create, path, p(s), nil)
				if len(errs) == 0 {
					t.Errorf("%q was accepted", s)
					continue
				}
				for _, e := range errs {
					if e.Origin != "format="+c.format || e.Field != "spec.f" {
						t.Errorf("%q: error %v has origin %q", s, e, e.Origin)
					}
				}
				if i == 0 && !strings.Contains(errs[0].Detail, c.someDetail) {
					t.Errorf("%q: detail %q does not mention %q", s, errs[0].Detail, c.someDetail)
				}
			}
			expectNone(t, c.check(ctx, create, path, nil, nil))
		})
	}
}

func TestShortNameExplainsDots(t *testing.T) {
	byAll.Test(t, field.ErrorList{field.Invalid(path, "a.b", "must not contain dots").WithOrigin("format=k8s-short-name")},
		ShortName(ctx, create, path, p("a.b"), nil))
}
