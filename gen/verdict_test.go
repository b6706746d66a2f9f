package gen_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/gen/testdata/golden/enums"
	"github.com/kval-dev/kval/gen/testdata/golden/formats"
	"github.com/kval-dev/kval/gen/testdata/golden/limits"
	"github.com/kval-dev/kval/gen/testdata/golden/required"
)

func validWidget() *required.Widget {
	return &required.Widget{Name: "w", Size: ptr[int32](1), Ports: []int32{80}, Labels: map[string]string{"a": "b"}, Color: "red", Policy: ptr("Delete")}
}

func TestRequirednessOnCreate(t *testing.T) {
	expectValid(t, required.Validate_Widget(ctx, create, root, validWidget(), nil))

	// Every required field is reported, each at its own path.
	expect(t, required.Validate_Widget(ctx, create, root, &required.Widget{}, nil),
		field.Required(path("name"), ""), field.Required(path("size"), ""),
		field.Required(path("ports"), ""), field.Required(path("labels"), ""),
		// An optional field with a non-zero default is required once defaulted.
		field.Required(path("color"), ""), field.Required(path("policy"), ""))

	// Optional fields are checked only when set.
	w := validWidget()
	w.Nickname, w.Replicas = "toolongname", ptr[int32](0)
	expect(t, required.Validate_Widget(ctx, create, root, w, nil),
		field.TooLong(path("nickname"), "", 8).WithOrigin("maxLength"),
		invalid(path("replicas"), "minimum"))

	w = validWidget()
	w.Deprecated, w.Legacy = "x", &required.Legacy{}
	got := required.Validate_Widget(ctx, create, root, w, nil)
	expect(t, got, field.Forbidden(path("deprecated"), ""), field.Forbidden(path("legacy"), ""))
	for _, e := range got {
		if !e.IsBeta() {
			t.Errorf("%v: +k8s:beta= rules report beta errors", e)
		}
	}
}

func TestRequirednessRatchetsUnchangedFields(t *testing.T) {
	old := &required.Widget{}
	now := &required.Widget{Name: "new"}
	// The missing fields did not change, so they are not reported again;
	// Name changed and is valid.
	expectValid(t, required.Validate_Widget(ctx, update, root, now, old))
	// Clearing a required field is reported.
	expect(t, required.Validate_Widget(ctx, update, root, &required.Widget{}, &required.Widget{Name: "old"}),
		field.Required(path("name"), ""))
}

func TestLimits(t *testing.T) {
	expectValid(t, limits.Validate_Pool(ctx, create, root, &limits.Pool{}, nil))
	p := &limits.Pool{
		Replicas: 101, Port: 1, Name: "ab", Code: "ééé",
		Zones: []string{"a", "b", "c", "d"}, Tags: map[string]string{"long": "", "b": "", "c": ""},
		Weight: 101,
	}
	expect(t, limits.Validate_Pool(ctx, create, root, p, nil),
		invalid(path("replicas"), "maximum"),
		field.TooShort(path("name"), "", 3).WithOrigin("minLength"),
		field.TooLong(path("code"), "", 4).WithOrigin("maxBytes"),
		// maxItems is a short circuit: the items of a too long list are not
		// checked.
		field.TooMany(path("zones"), 4, 3).WithOrigin("maxItems"),
		field.TooMany(path("tags"), 3, 2).WithOrigin("maxProperties"),
		invalid(path("weight"), "maximum"))
	p = &limits.Pool{Zones: []string{"abc"}, Tags: map[string]string{"long": ""}}
	expect(t, limits.Validate_Pool(ctx, create, root, p, nil),
		field.TooLong(path("zones").Index(0), "", 2).WithOrigin("maxLength"),
		// Key errors are reported at the map's path, as upstream does.
		field.TooLong(path("tags"), "", 3).WithOrigin("maxLength"))
}

func TestFormats(t *testing.T) {
	good := &formats.Formats{
		ShortName: "a", LongName: "a.b", LongNameCaseless: "A.b", LabelKey: "example.com/K", PrefixedLabelKey: "a.io/k",
		LabelValue: ptr(""), PathSegmentName: "a b", UUID: "123e4567-e89b-12d3-a456-426614174000",
		ResourcePoolName: "a/b", ExtendedResourceName: "example.com/gpu", ResourceFullyQualifiedName: "example.com/gpu",
		IP: "010.0.0.1", CIDR: "10.0.0.1/8", Names: []string{"a"},
	}
	expectValid(t, formats.Validate_Formats(ctx, create, root, good, nil))
	bad := &formats.Formats{
		ShortName: "A", LongName: "-", LongNameCaseless: "_", LabelKey: "/", PrefixedLabelKey: "k",
		LabelValue: ptr("-"), PathSegmentName: "..", UUID: "x", ResourcePoolName: "A", ExtendedResourceName: "gpu",
		ResourceFullyQualifiedName: "gpu", IP: "1.2.3", CIDR: "1.2.3.4", Names: []string{"ok", "Not"},
	}
	expect(t, formats.Validate_Formats(ctx, create, root, bad, nil),
		invalid(path("shortName"), "format=k8s-short-name"),
		invalid(path("longName"), "format=k8s-long-name"),
		invalid(path("longNameCaseless"), "format=k8s-long-name-caseless"),
		invalid(path("labelKey"), "format=k8s-label-key"),
		invalid(path("prefixedLabelKey"), "format=k8s-prefixed-label-key"),
		invalid(path("labelValue"), "format=k8s-label-value"),
		invalid(path("pathSegmentName"), "format=k8s-path-segment-name"),
		invalid(path("uuid"), "format=k8s-uuid"),
		invalid(path("resourcePoolName"), "format=k8s-resource-pool-name"),
		invalid(path("extendedResourceName"), "format=k8s-extended-resource-name"),
		invalid(path("resourceFullyQualifiedName"), "format=k8s-resource-fully-qualified-name"),
		invalid(path("ip"), "format=k8s-ip"),
		invalid(path("cidr"), "format=k8s-cidr"),
		invalid(path("names").Index(1), "format=k8s-short-name"))
}

func TestEnumsFollowTheirOptions(t *testing.T) {
	port := func(p enums.Protocol) *enums.Port { return &enums.Port{Protocol: p} }
	sctpOn := withOptions(operation.Create, map[string]bool{"SCTPSupport": true})
	sctpOff := withOptions(operation.Create, map[string]bool{"SCTPSupport": false})
	expectValid(t, enums.Validate_Port(ctx, sctpOn, root, port(enums.ProtocolSCTP), nil))
	expect(t, enums.Validate_Port(ctx, sctpOff, root, port(enums.ProtocolSCTP), nil),
		field.NotSupported(path("protocol"), "SCTP", []string{"TCP", "UDP"}))
	// An excluded constant is not a value.
	expect(t, enums.Validate_Port(ctx, sctpOn, root, port(enums.ProtocolAny), nil),
		field.NotSupported(path("protocol"), "*", []string{"SCTP", "TCP", "UDP"}))
	// Without the option defined, the enum cannot decide.
	got := enums.Validate_Port(ctx, create, root, port(enums.ProtocolTCP), nil)
	if len(got) != 1 || got[0].Type != field.ErrorTypeInternal {
		t.Errorf("want an internal error for the undefined option, got %v", got)
	}
	p := port(enums.ProtocolTCP)
	p.Name = "default"
	got = enums.Validate_Port(ctx, sctpOn, root, p, nil)
	expect(t, got, invalid(path("name"), "neq"))
	if !got[0].IsAlpha() {
		t.Errorf("%v: an +k8s:alpha= rule reports alpha errors", got[0])
	}
}
