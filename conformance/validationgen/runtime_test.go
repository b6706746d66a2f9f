package validationgen

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/resource"
	upstream "k8s.io/apimachinery/pkg/api/validate"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/validate"
)

var (
	ctx    = context.Background()
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
	fld    = field.NewPath("spec", "f")
)

// render prints everything a caller can observe of errors, sorted (upstream
// reports map entries in random order).
func render(errs field.ErrorList) string {
	lines := make([]string, len(errs))
	for i, e := range errs {
		lines[i] = fmt.Sprintf("%s|%s|%#v|%s|%s|%v", e.Type, e.Field, e.BadValue, e.Detail, e.Origin, e.ValidationStabilityLevel)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func same(t *testing.T, what string, ours, theirs field.ErrorList) {
	t.Helper()
	if o, u := render(ours), render(theirs); o != u {
		t.Errorf("%s:\nkval:\n%s\nupstream:\n%s", what, o, u)
	}
}

type formatPair struct {
	name   string
	ours   func(context.Context, operation.Operation, *field.Path, *string, *string) field.ErrorList
	theirs func(context.Context, operation.Operation, *field.Path, *string, *string) field.ErrorList
}

var formatPairs = []formatPair{
	{"k8s-short-name", validate.ShortName[string], upstream.ShortName[string]},
	{"k8s-long-name", validate.LongName[string], upstream.LongName[string]},
	{"k8s-long-name-caseless", validate.LongNameCaseless[string], upstream.LongNameCaseless[string]},
	{"k8s-label-key", validate.LabelKey[string], upstream.LabelKey[string]},
	{"k8s-prefixed-label-key", validate.PrefixedLabelKey[string], upstream.PrefixedLabelKey[string]},
	{"k8s-label-value", validate.LabelValue[string], upstream.LabelValue[string]},
	{"k8s-path-segment-name", validate.PathSegmentName[string], upstream.PathSegmentName[string]},
	{"k8s-uuid", validate.UUID[string], upstream.UUID[string]},
	{"k8s-resource-pool-name", validate.ResourcePoolName[string], upstream.ResourcePoolName[string]},
	{"k8s-extended-resource-name", validate.ExtendedResourceName[string], upstream.ExtendedResourceName[string]},
	{"k8s-resource-fully-qualified-name", validate.ResourceFullyQualifiedName[string], upstream.ResourceFullyQualifiedName[string]},
}

var formatInputs = []string{
	"", "a", "A", "-", "a-", "-a", "a.b", "a..b", "a_b", "A.b", "my-name", "123-abc", "Example.com", "example.com",
	"example.com/", "/", "/a", "a/", "a/b", "a/b/c", "example.com/MyName", "example.com/my_name", "example.com/1abc",
	"kubernetes.io/gpu", "requests.example.com/gpu", "example.com/gpu", "foo.kubernetes.io/bar", ".", "..", "a%b",
	"123e4567-e89b-12d3-a456-426614174000", "123E4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000",
	strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a", 253), strings.Repeat("a", 254),
	strings.Repeat("a.", 127) + "a", strings.Repeat("x", 33), "pre/" + strings.Repeat("x", 33), strings.Repeat("p", 64) + "/x",
	"ünïcode", "a b", "a\tb", "pool/sub.pool/x", "pool//x",
}

// TestFormatsMatchUpstream compares every +k8s:format check upstream has.
func TestFormatsMatchUpstream(t *testing.T) {
	for _, p := range formatPairs {
		for _, s := range formatInputs {
			s := s
			same(t, p.name+" "+fmt.Sprintf("%q", s), p.ours(ctx, create, fld, &s, nil), p.theirs(ctx, create, fld, &s, nil))
		}
	}
}

// FuzzFormatsMatchUpstream compares the format checks on arbitrary strings.
func FuzzFormatsMatchUpstream(f *testing.F) {
	for _, s := range formatInputs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range formatPairs {
			same(t, p.name+" "+fmt.Sprintf("%q", s), p.ours(ctx, create, fld, &s, nil), p.theirs(ctx, create, fld, &s, nil))
		}
	})
}

var addressInputs = []string{
	"", "x", "1.2.3", "1.2.3.4", "01.02.03.04", "1.2.3.256", "::", "::1", "2001:db8::ffff", "FE80:0:0:0:0:0:0:0abc",
	"::ffff:1.2.3.4", "1.2.3.4/24", "10.0.0.0/8", "10.0.0.1/8", "010.0.0.0/8", "10.0.0.0/33", "10.0.0.0/08",
	"2001:db8::/64", "2001:db8::/129", "fe80::1%eth0", " 1.2.3.4", "1.2.3.4 ", "1.2.3.4/", "/24",
}

// TestAddressFormatsMatchUtilValidation compares kval's k8s-ip and
// k8s-cidr, which upstream's declarative runtime does not have, with the
// legacy-field checks of k8s.io/apimachinery/pkg/util/validation that
// Kubernetes' handwritten validation runs on such fields.
func TestAddressFormatsMatchUtilValidation(t *testing.T) {
	for _, s := range addressInputs {
		same(t, fmt.Sprintf("k8s-ip %q", s), validate.IP(ctx, create, fld, &s, nil),
			utilvalidation.IsValidIPForLegacyField(fld, s, false, nil).WithOrigin("format=k8s-ip"))
		same(t, fmt.Sprintf("k8s-cidr %q", s), validate.CIDR(ctx, create, fld, &s, nil),
			utilvalidation.IsValidCIDRForLegacyField(fld, s, false, nil).WithOrigin("format=k8s-cidr"))
	}
}

// TestLimitsMatchUpstream compares the bounds on numbers, string lengths and
// collection sizes.
func TestLimitsMatchUpstream(t *testing.T) {
	for _, n := range []int{-3, 0, 1, 5, 9, 10, 11} {
		same(t, fmt.Sprint("minimum ", n), validate.Minimum(ctx, create, fld, &n, nil, 5), upstream.Minimum(ctx, create, fld, &n, nil, 5))
		same(t, fmt.Sprint("maximum ", n), validate.Maximum(ctx, create, fld, &n, nil, 5), upstream.Maximum(ctx, create, fld, &n, nil, 5))
	}
	for _, s := range []string{"", "a", "abcd", "abcde", "éééé", "éééée", "€€€€€€", "𝄞𝄞𝄞"} {
		for _, n := range []int{0, 1, 3, 4, 5} {
			same(t, fmt.Sprint("minLength ", s, n), validate.MinLength(ctx, create, fld, &s, nil, n), upstream.MinLength(ctx, create, fld, &s, nil, n))
			same(t, fmt.Sprint("maxLength ", s, n), validate.MaxLength(ctx, create, fld, &s, nil, n), upstream.MaxLength(ctx, create, fld, &s, nil, n))
			same(t, fmt.Sprint("maxBytes ", s, n), validate.MaxBytes(ctx, create, fld, &s, nil, n), upstream.MaxBytes(ctx, create, fld, &s, nil, n))
		}
	}
	list, m := []int{1, 2, 3}, map[string]int{"a": 1, "b": 2}
	for _, n := range []int{0, 2, 3, 4} {
		same(t, "minItems", validate.MinItems(ctx, create, fld, list, nil, n), upstream.MinItems(ctx, create, fld, list, nil, n))
		same(t, "maxItems", validate.MaxItems(ctx, create, fld, list, nil, n), upstream.MaxItems(ctx, create, fld, list, nil, n))
		same(t, "minProperties", validate.MinProperties(ctx, create, fld, m, nil, n), upstream.MinProperties(ctx, create, fld, m, nil, n))
		same(t, "maxProperties", validate.MaxProperties(ctx, create, fld, m, nil, n), upstream.MaxProperties(ctx, create, fld, m, nil, n))
	}
}

type item struct {
	Key   string
	Value int
}

func byKey(a, b *item) bool { return a.Key == b.Key }

// TestCollectionsMatchUpstream compares uniqueness, per-item validation and
// update constraints on lists and maps.
func TestCollectionsMatchUpstream(t *testing.T) {
	old := []item{{"a", 1}, {"b", 2}, {"c", 3}}
	lists := [][]item{nil, {}, {{"a", 1}}, {{"a", 1}, {"a", 2}}, {{"b", 2}, {"a", 9}, {"d", 4}}, {{"a", 1}, {"b", 2}, {"a", 1}, {"b", 5}}}
	for i, l := range lists {
		what := fmt.Sprint("list ", i)
		same(t, what+" unique", validate.SliceUnique(ctx, create, fld, l, nil, byKey), upstream.ValSliceUnique(ctx, create, fld, l, nil, byKey))
		for _, c := range []upstream.UpdateConstraint{upstream.NoSet, upstream.NoUnset, upstream.NoAddItem, upstream.NoRemoveItem} {
			same(t, fmt.Sprint(what, " update ", c),
				validate.ValSliceUpdate(ctx, update, fld, l, old, byKey, validate.UpdateConstraint(c)),
				upstream.ValSliceUpdate(ctx, update, fld, l, old, byKey, c))
		}
		fail := func(_ context.Context, _ operation.Operation, p *field.Path, v, o *item) field.ErrorList {
			return field.ErrorList{field.Invalid(p, v.Value, fmt.Sprint("old present: ", o != nil))}
		}
		same(t, what+" each", validate.EachSliceVal(ctx, update, fld, l, old, byKey, validate.DirectEqual[item], fail),
			upstream.EachValSliceVal(ctx, update, fld, l, old, byKey, upstream.DirectEqual[item], fail))
		isA := func(i *item) bool { return i.Key == "a" }
		same(t, what+" item", validate.SliceItem(ctx, update, fld, l, old, isA, validate.DirectEqual[item], fail),
			upstream.ValSliceItem(ctx, update, fld, l, old, isA, upstream.DirectEqual[item], fail))
	}
	oldMap := map[string]int{"a": 1, "b": 2}
	for i, m := range []map[string]int{nil, {"a": 1}, {"a": 2, "c": 3}, {}} {
		for _, c := range []upstream.UpdateConstraint{upstream.NoSet, upstream.NoUnset, upstream.NoAddItem, upstream.NoRemoveItem} {
			same(t, fmt.Sprint("map ", i, " update ", c),
				validate.UpdateMap(ctx, update, fld, m, oldMap, validate.UpdateConstraint(c)),
				upstream.UpdateMap(ctx, update, fld, m, oldMap, c))
		}
	}
}

type union struct {
	Kind string
	A, B *int
}

// TestCrossFieldChecksMatchUpstream compares unions, enums, options and
// dependencies.
func TestCrossFieldChecksMatchUpstream(t *testing.T) {
	one := 1
	values := []*union{nil, {}, {A: &one}, {A: &one, B: &one}, {Kind: "A", B: &one}, {Kind: "B", B: &one}, {Kind: "X"}}
	ours := validate.NewDiscriminatedUnionMembership("kind", validate.NewDiscriminatedUnionMember("a", "A"), validate.NewDiscriminatedUnionMember("b", "B"))
	theirs := upstream.NewDiscriminatedUnionMembership("kind", upstream.NewDiscriminatedUnionMember("a", "A"), upstream.NewDiscriminatedUnionMember("b", "B"))
	kind := func(u *union) string {
		if u == nil {
			return ""
		}
		return u.Kind
	}
	hasA := func(u *union) bool { return u != nil && u.A != nil }
	hasB := func(u *union) bool { return u != nil && u.B != nil }
	for i, v := range values {
		for j, o := range values {
			what := fmt.Sprint("union ", i, " from ", j)
			same(t, what, validate.Union(ctx, update, fld, v, o, ours, hasA, hasB), upstream.Union(ctx, update, fld, v, o, theirs, hasA, hasB))
			same(t, what+" zero-or-one", validate.ZeroOrOneOfUnion(ctx, update, fld, v, o, ours, hasA, hasB),
				upstream.ZeroOrOneOfUnion(ctx, update, fld, v, o, theirs, hasA, hasB))
			same(t, what+" discriminated", validate.DiscriminatedUnion(ctx, update, fld, v, o, ours, kind, hasA, hasB),
				upstream.DiscriminatedUnion(ctx, update, fld, v, o, theirs, kind, hasA, hasB))
			if v != nil {
				same(t, what+" dependentRequired", validate.DependentRequired(ctx, update, fld, v, o, "a", hasA, "b", hasB),
					upstream.DependentRequired(ctx, update, fld, v, o, "a", hasA, "b", hasB))
				same(t, what+" dependentForbidden", validate.DependentForbidden(ctx, update, fld, v, o, "a", hasA, "b", hasB),
					upstream.DependentForbidden(ctx, update, fld, v, o, "a", hasA, "b", hasB))
			}
		}
	}
	allowed := sets.New("A", "B", "C")
	for _, opts := range []map[string]bool{{"F": true}, {"F": false}, nil} {
		op := operation.Operation{Type: operation.Create, Options: opts}
		for _, s := range []string{"A", "C", "D"} {
			s := s
			same(t, fmt.Sprint("enum ", s, opts),
				validate.Enum(ctx, op, fld, &s, nil, allowed, []validate.EnumExclusion[string]{{Value: "C", Option: "F", ExcludeWhen: true}}),
				upstream.Enum(ctx, op, fld, &s, nil, allowed, []upstream.EnumExclusion[string]{{Value: "C", Option: "F", ExcludeWhen: true}}))
		}
	}
}

// semanticCase is a pair of values and what they are made of.
type semanticCase struct {
	name string
	a, b any
}

type withMeta struct {
	Created  metav1.Time
	Renewed  *metav1.MicroTime
	Requests map[string]resource.Quantity
	Items    []string
	Labels   map[string]string
}

func semanticCases() []semanticCase {
	at := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	berlin := at.In(time.FixedZone("CET", 3600))
	micro := metav1.NewMicroTime(at)
	microBerlin := metav1.NewMicroTime(berlin)
	return []semanticCase{
		{"nil and empty slices", []int(nil), []int{}},
		{"different slices", []int{1}, []int{2}},
		{"nil and empty maps", map[string]int(nil), map[string]int{}},
		{"equal quantities written differently", resource.MustParse("1"), resource.MustParse("1000m")},
		{"different quantities", resource.MustParse("1"), resource.MustParse("2")},
		{"one instant in two zones", metav1.NewTime(at), metav1.NewTime(berlin)},
		{"two instants", metav1.NewTime(at), metav1.NewTime(at.Add(time.Second))},
		{"structs of both", withMeta{Created: metav1.NewTime(at), Renewed: &micro, Requests: map[string]resource.Quantity{"cpu": resource.MustParse("0.5")}},
			withMeta{Created: metav1.NewTime(berlin), Renewed: &microBerlin, Requests: map[string]resource.Quantity{"cpu": resource.MustParse("500m")}, Items: []string{}, Labels: map[string]string{}}},
		{"structs that differ in a quantity", withMeta{Requests: map[string]resource.Quantity{"cpu": resource.MustParse("1")}},
			withMeta{Requests: map[string]resource.Quantity{"cpu": resource.MustParse("1001m")}}},
		{"a nil and a set pointer", withMeta{}, withMeta{Renewed: &micro}},
	}
}

// TestSemanticDeepEqualAsApimachinery compares kval's SemanticDeepEqual,
// which generated code calls, with equality.Semantic.DeepEqual.
func TestSemanticDeepEqualAsApimachinery(t *testing.T) {
	for _, c := range semanticCases() {
		if ours, theirs := validate.SemanticDeepEqual(c.a, c.b), equality.Semantic.DeepEqual(c.a, c.b); ours != theirs {
			t.Errorf("%s: kval %v, apimachinery %v", c.name, ours, theirs)
		}
	}
}
