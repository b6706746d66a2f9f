package gen_test

import (
	"testing"

	vf "github.com/kval-dev/kval/gen/testdata/golden/virtualfields"
)

// TestVirtualFields: KEP-5073's terminal-status example, written with
// +k8s:listMapItem and +k8s:zeroOrOneOfMember, checks what +k8s:item does.
func TestVirtualFields(t *testing.T) {
	cond := func(types ...string) *vf.Config {
		c := &vf.Config{}
		for _, ty := range types {
			c.Conditions = append(c.Conditions, vf.Condition{Type: ty, Status: vf.StatusTrue})
		}
		return c
	}
	expectValid(t, vf.Validate_Config(ctx, create, root, cond(), nil))
	expectValid(t, vf.Validate_Config(ctx, create, root, cond("Running", "Succeeded"), nil))
	expectValid(t, vf.Validate_Config(ctx, create, root, cond("Failed"), nil))
	expect(t, vf.Validate_Config(ctx, create, root, cond("Succeeded", "Failed"), nil),
		invalid(path("conditions"), "zeroOrOneOf"))
	// Ratcheting: an old violation stays acceptable while membership does
	// not change.
	expectValid(t, vf.Validate_Config(ctx, update, root, cond("Succeeded", "Failed"), cond("Failed", "Succeeded")))

	// The selected item is immutable once there; other items are not.
	old := cond("Running", "Failed")
	changed := cond("Running", "Failed")
	changed.Conditions[1].Status = vf.StatusFalse
	expect(t, vf.Validate_Config(ctx, update, root, changed, old),
		invalid(path("conditions").Index(1), "immutable"))
	changed = cond("Running", "Failed")
	changed.Conditions[0].Status = vf.StatusFalse
	expectValid(t, vf.Validate_Config(ctx, update, root, changed, old))
	// +k8s:immutable forbids setting too (docs/tags.md): the item cannot be
	// added on update, exactly as under +k8s:item.
	expect(t, vf.Validate_Config(ctx, update, root, cond("Running", "Failed"), cond("Running")),
		invalid(path("conditions").Index(1), "immutable"))
}
