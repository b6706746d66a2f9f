package gen_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/gen/testdata/golden/lists"
	"github.com/kval-dev/kval/gen/testdata/golden/maps"
	"github.com/kval-dev/kval/gen/testdata/golden/subfields"
)

func TestListsOnCreate(t *testing.T) {
	s := &lists.Service{
		Ports:    []lists.Port{{Name: "http", Protocol: "TCP", Number: 80}, {Name: "http", Protocol: "UDP"}, {Name: "http", Protocol: "TCP"}},
		Hosts:    []string{"a.io", "b.io", "a.io", "Bad"},
		Args:     []string{"-v", "-v"},
		Aliases:  []string{"x", "y", "x"},
		Backends: []*lists.Backend{{Name: "a"}, nil, {Name: "a", Host: "far-too-long.example"}},
		Rules:    lists.Rules{{ID: "1", Action: "ok"}, {ID: "1", Action: "toolong"}},
	}
	expect(t, lists.Validate_Service(ctx, create, root, s, nil),
		// A list-map's keys are unique: name and protocol together.
		field.Duplicate(path("ports").Index(2), nil),
		// A set's values are unique, and each is checked.
		field.Duplicate(path("hosts").Index(2), nil),
		invalid(path("hosts").Index(3), "format=k8s-long-name"),
		field.Duplicate(path("aliases").Index(2), nil),
		// A list of pointers may not hold nil; nothing else of such a list
		// is checked.
		field.Required(path("backends").Index(1), ""),
		// A list typedef validates its items with the item type's function.
		field.Duplicate(path("rules").Index(1), nil),
		field.TooLong(path("rules").Index(1).Child("action"), "", 3).WithOrigin("maxLength"))

	// +k8s:customUnique leaves uniqueness to hand-written code.
	s = &lists.Service{Backends: []*lists.Backend{{Name: "a"}, {Name: "a", Host: "far-too-long.example"}}}
	expect(t, lists.Validate_Service(ctx, create, root, s, nil),
		field.TooLong(path("backends").Index(1).Child("host"), "", 10).WithOrigin("maxLength"))
}

func TestListItemsRatchetByIdentity(t *testing.T) {
	old := &lists.Service{
		Ports: []lists.Port{{Name: "http", Protocol: "TCP", Number: 80}, {Name: "dns", Protocol: "UDP", Number: 0}},
		Hosts: []string{"Bad"},
		Rules: lists.Rules{{ID: "1", Action: "toolong"}},
	}
	// Items move, an old invalid item stays: nothing is reported again.
	now := &lists.Service{
		Ports: []lists.Port{{Name: "dns", Protocol: "UDP", Number: 0}, {Name: "http", Protocol: "TCP", Number: 80}},
		Hosts: []string{"Bad"},
		Rules: lists.Rules{{ID: "2", Action: "ok"}, {ID: "1", Action: "toolong"}},
	}
	expectValid(t, lists.Validate_Service(ctx, update, root, now, old))

	// The item +k8s:item selects (http/TCP) is immutable; others may change.
	now = &lists.Service{Ports: []lists.Port{{Name: "http", Protocol: "TCP", Number: 8080}, {Name: "dns", Protocol: "UDP", Number: 53}}}
	expect(t, lists.Validate_Service(ctx, update, root, now, old), invalid(path("ports").Index(0), "immutable"))
}

func TestMaps(t *testing.T) {
	c := &maps.Config{
		Labels:  map[string]string{"-bad": "v", "ok": "toolong"},
		Limits:  maps.Limits{"a": -1, "b": 1, "c": 2},
		Volumes: map[string]maps.Volume{"data": {}},
	}
	expect(t, maps.Validate_Config(ctx, create, root, c, nil),
		invalid(path("labels"), "format=k8s-label-key"),
		field.TooLong(path("labels").Key("ok"), "", 5).WithOrigin("maxLength"),
		// maxProperties stops the checks of each value.
		field.TooMany(path("limits"), 3, 2).WithOrigin("maxProperties"),
		field.Required(path("volumes").Key("data").Child("path"), ""))

	c = &maps.Config{Limits: maps.Limits{"a": -1}}
	expect(t, maps.Validate_Config(ctx, create, root, c, nil), invalid(path("limits").Key("a"), "minimum"))
	// An unchanged value under the same key is not validated again.
	expectValid(t, maps.Validate_Config(ctx, update, root, &maps.Config{Limits: maps.Limits{"a": -1, "b": 0}}, c))
}

func TestSubfields(t *testing.T) {
	c := &subfields.Cluster{Meta: subfields.Meta{Name: "Not A Label", Namespace: "ns"}, Parent: &subfields.Meta{}}
	expect(t, subfields.Validate_Cluster(ctx, create, root, c, nil),
		invalid(path("metadata").Child("name"), "format=k8s-short-name"),
		field.Forbidden(path("metadata").Child("namespace"), ""),
		field.Required(path("parent").Child("name"), ""))
	// An unset optional subfield is not checked by the subfield's rules.
	expectValid(t, subfields.Validate_Cluster(ctx, create, root, &subfields.Cluster{}, nil))
}
