package gen_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/gen/testdata/golden/itemupdates"
	"github.com/kval-dev/kval/gen/testdata/golden/lists"
)

func cond(typ, status string) itemupdates.Condition {
	return itemupdates.Condition{Type: typ, Status: status}
}

func forbiddenAt(p *field.Path) *field.Error { return field.Forbidden(p, "").WithOrigin("update") }

// TestApprovedConditionIsPermanent follows KEP-5073's CSR example:
// +k8s:item(type: "Approved")=+k8s:update=NoSet, NoModify and NoClear.
func TestApprovedConditionIsPermanent(t *testing.T) {
	conditions := path("conditions")
	approved := []itemupdates.Condition{cond("Approved", "True")}
	inProgress := []itemupdates.Condition{cond("InProgress", "True")}
	status := func(cs ...itemupdates.Condition) *itemupdates.CSRStatus {
		return &itemupdates.CSRStatus{Conditions: cs}
	}
	cases := []struct {
		name     string
		now, old *itemupdates.CSRStatus
		want     field.ErrorList
	}{
		{"approved at creation", status(approved...), nil, nil},
		{"approved added on update", status(cond("InProgress", "True"), cond("Approved", "True")), status(inProgress...),
			field.ErrorList{forbiddenAt(conditions.Index(1))}},
		{"approved removed", status(inProgress...), status(approved...), field.ErrorList{forbiddenAt(conditions)}},
		{"list cleared with approved in it", status(), status(approved...), field.ErrorList{forbiddenAt(conditions)}},
		{"list cleared without approved", status(), status(inProgress...), nil},
		{"approved modified", status(cond("Approved", "False")), status(approved...), field.ErrorList{invalid(conditions.Index(0), "update")}},
		{"other conditions added beside approved", status(cond("Approved", "True"), cond("X", "True")), status(approved...), nil},
		{"unchanged", status(approved...), status(approved...), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := update
			if c.old == nil {
				op = create
			}
			expect(t, itemupdates.Validate_CSRStatus(ctx, op, root, c.now, c.old), c.want...)
		})
	}
}

// TestForbiddenAndImmutableItems covers the KEP's item rows: a forbidden
// item, an item that cannot change or be removed once there.
func TestForbiddenAndImmutableItems(t *testing.T) {
	conditions := path("conditions")
	s := func(cs ...itemupdates.Condition) *itemupdates.Status {
		out := &itemupdates.Status{}
		for i := range cs {
			out.Conditions = append(out.Conditions, &cs[i])
		}
		return out
	}
	denied, failed := cond("Denied", "True"), cond("Failed", "True")
	expect(t, itemupdates.Validate_Status(ctx, create, root, s(failed, denied), nil), field.Forbidden(conditions.Index(1), ""))
	expectValid(t, itemupdates.Validate_Status(ctx, create, root, s(failed), nil))
	if errs := itemupdates.Validate_Status(ctx, create, root, s(denied), nil); len(errs) != 1 || !errs[0].IsBeta() {
		t.Errorf("the forbidden item is a beta rule: got %v", errs)
	}
	expect(t, itemupdates.Validate_Status(ctx, update, root, s(denied), s()), field.Forbidden(conditions.Index(0), ""))
	// Ratcheting: a stored Denied item is kept while another item changes.
	expectValid(t, itemupdates.Validate_Status(ctx, update, root, s(denied, cond("X", "1")), s(denied)))

	expectValid(t, itemupdates.Validate_Status(ctx, update, root, s(failed), s()))
	expect(t, itemupdates.Validate_Status(ctx, update, root, s(), s(failed)), forbiddenAt(conditions))
	expect(t, itemupdates.Validate_Status(ctx, update, root, s(cond("Failed", "False")), s(failed)),
		invalid(conditions.Index(0), "update"))
}

// TestEachValueKeepsItsPresence covers +k8s:eachVal=+k8s:update=NoSet,NoClear:
// values are correlated with old ones by key, so a value set or cleared is a
// key added or removed.
func TestEachValueKeepsItsPresence(t *testing.T) {
	labels, items := path("labels"), path("items")
	old := &itemupdates.Status{Labels: map[string]string{"a": "1"}, Items: []itemupdates.Condition{cond("A", "1")}}
	expectValid(t, itemupdates.Validate_Status(ctx, create, root, old, nil))
	expectValid(t, itemupdates.Validate_Status(ctx, update, root, &itemupdates.Status{Labels: map[string]string{"a": "2"}, Items: old.Items}, old))

	now := &itemupdates.Status{Labels: map[string]string{"b": "1"}, Items: []itemupdates.Condition{cond("B", "1")}}
	expect(t, itemupdates.Validate_Status(ctx, update, root, now, old),
		forbiddenAt(labels.Key("b")), forbiddenAt(labels.Key("a")),
		forbiddenAt(items.Index(0)), forbiddenAt(items))

	cleared := &itemupdates.Status{}
	expect(t, itemupdates.Validate_Status(ctx, update, root, cleared, old), forbiddenAt(labels.Key("a")), forbiddenAt(items))
	// Each item also keeps its value (NoModify), and moving it is no change.
	moved := &itemupdates.Status{Labels: old.Labels, Items: []itemupdates.Condition{cond("A", "2")}}
	expect(t, itemupdates.Validate_Status(ctx, update, root, moved, old), invalid(items.Index(0), "update"))
}

// TestItemImmutableKeepsUpstreamsMeaning pins the decision recorded in
// docs/tags.md: +k8s:item(...)=+k8s:immutable refuses adding the item on
// update and changing it, and does not see its removal (write
// +k8s:update=NoSet,NoModify,NoRemoveItem for the KEP's row).
func TestItemImmutableKeepsUpstreamsMeaning(t *testing.T) {
	http := lists.Port{Name: "http", Protocol: "TCP", Number: 80}
	dns := lists.Port{Name: "dns", Protocol: "UDP", Number: 53}
	withHTTP, withoutHTTP := &lists.Service{Ports: []lists.Port{dns, http}}, &lists.Service{Ports: []lists.Port{dns}}
	expect(t, lists.Validate_Service(ctx, update, root, withHTTP, withoutHTTP), invalid(path("ports").Index(1), "immutable"))
	expectValid(t, lists.Validate_Service(ctx, update, root, withoutHTTP, withHTTP))
}
