package gen_test

import (
	"strings"
	"testing"

	"github.com/kval-dev/kval/gen/testdata/golden/crossfield"
)

func validConfig() *crossfield.Config {
	return &crossfield.Config{MinValue: 1, MaxValue: ptr[int32](10), Current: 5, Spare: ptr[crossfield.Count](2),
		Limits: &crossfield.LimitConfig{Floor: 1, Ceiling: 8}}
}

func TestFieldBoundsOnCreate(t *testing.T) {
	expectValid(t, crossfield.Validate_Config(ctx, create, root, validConfig(), nil))

	low := validConfig()
	low.Current = 0
	expect(t, crossfield.Validate_Config(ctx, create, root, low, nil), invalid(path("current"), "minimum"))

	high := validConfig()
	high.Current, high.Spare = 11, ptr[crossfield.Count](11)
	got := crossfield.Validate_Config(ctx, create, root, high, nil)
	expect(t, got, invalid(path("current"), "maximum"), invalid(path("current"), "exclusiveMaximum"),
		invalid(path("spare"), "maximum"))
	if !strings.Contains(got[0].Detail, "limits.ceiling (8)") {
		t.Errorf("detail %q does not name the constraint field and its value", got[0].Detail)
	}
	if !got[2].IsAlpha() || !got[0].IsBeta() {
		t.Errorf("lifecycle marks lost: %v", got)
	}

	nested := validConfig()
	nested.Limits.Floor = 8 // ceiling must be above floor
	expect(t, crossfield.Validate_Config(ctx, create, root, nested, nil), invalid(path("limits").Child("ceiling"), "exclusiveMinimum"))
}

func TestFieldBoundsSkipUnsetFields(t *testing.T) {
	c := validConfig()
	c.Current, c.MaxValue, c.Limits = 100, nil, nil // no upper limits set
	expectValid(t, crossfield.Validate_Config(ctx, create, root, c, nil))
	c = validConfig()
	c.Spare = nil
	c.MaxValue = ptr[int32](6)
	expectValid(t, crossfield.Validate_Config(ctx, create, root, c, nil))
}

// TestFieldBoundsRatchetOverEveryReferencedField: an old violation stays
// while neither the target nor the constraint changes, whatever else
// changes; a change to either re-validates.
func TestFieldBoundsRatchetOverEveryReferencedField(t *testing.T) {
	old := validConfig()
	old.Current = 0 // below minValue: stored before the rule existed

	unrelated := validConfig()
	unrelated.Current, unrelated.Note, unrelated.Spare = 0, "edited", ptr[crossfield.Count](3)
	expectValid(t, crossfield.Validate_Config(ctx, update, root, unrelated, old))

	// Changing the constraint re-validates the rule.
	raised := validConfig()
	raised.Current, raised.MinValue = 0, 2
	expect(t, crossfield.Validate_Config(ctx, update, root, raised, old), invalid(path("current"), "minimum"))

	// Changing the target re-validates it too.
	moved := validConfig()
	moved.Current = -1
	expect(t, crossfield.Validate_Config(ctx, update, root, moved, old), invalid(path("current"), "minimum"))

	// A constraint that becomes set counts as a change.
	oldNoMax := validConfig()
	oldNoMax.Current, oldNoMax.MaxValue = 20, nil
	oldNoMax.Limits = nil
	setMax := validConfig()
	setMax.Current, setMax.Limits = 20, nil
	expect(t, crossfield.Validate_Config(ctx, update, root, setMax, oldNoMax), invalid(path("current"), "maximum"))
}
