package validate

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestNumericLimits(t *testing.T) {
	type port int32
	expectNone(t, Minimum(ctx, create, path, p(port(1)), nil, 1))
	expectNone(t, Minimum[int](ctx, create, path, nil, nil, 1))
	byAll.Test(t, field.ErrorList{field.Invalid(path, port(0), "must be greater than or equal to 1").WithOrigin("minimum")},
		Minimum(ctx, create, path, p(port(0)), nil, 1))
	expectNone(t, Maximum(ctx, create, path, p(uint8(255)), nil, 255))
	byAll.Test(t, field.ErrorList{field.Invalid(path, -1, "must be less than or equal to -2").WithOrigin("maximum")},
		Maximum(ctx, create, path, p(-1), nil, -2))
}

func TestStringLengthsCountCharactersOrBytes(t *testing.T) {
	const fourRunes = "héé€" // 1+2+2+3 = 8 bytes
	cases := []struct {
		name string
		got  field.ErrorList
		want field.ErrorList
	}{
		{"max length counts runes, not bytes", MaxLength(ctx, create, path, p(fourRunes), nil, 4), nil},
		{"max length exceeded", MaxLength(ctx, create, path, p(fourRunes), nil, 3),
			field.ErrorList{field.TooLongCharacters(path, fourRunes, 3).WithOrigin("maxLength")}},
		{"max length of a long ASCII string", MaxLength(ctx, create, path, p(strings.Repeat("a", 100)), nil, 10),
			field.ErrorList{field.TooLongCharacters(path, "", 10).WithOrigin("maxLength")}},
		{"min length counts runes", MinLength(ctx, create, path, p(fourRunes), nil, 4), nil},
		{"min length not reached", MinLength(ctx, create, path, p(fourRunes), nil, 5),
			field.ErrorList{field.TooShort(path, fourRunes, 5).WithOrigin("minLength")}},
		{"min length of the empty string", MinLength(ctx, create, path, p(""), nil, 1),
			field.ErrorList{field.TooShort(path, "", 1).WithOrigin("minLength")}},
		{"max bytes counts bytes", MaxBytes(ctx, create, path, p(fourRunes), nil, 7),
			field.ErrorList{field.TooLong(path, fourRunes, 7).WithOrigin("maxBytes")}},
		{"max bytes at the limit", MaxBytes(ctx, create, path, p(fourRunes), nil, 8), nil},
		{"nil strings pass", MaxLength[string](ctx, create, path, nil, nil, 0), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { byAll.Test(t, c.want, c.got) })
	}
}

func TestCollectionSizes(t *testing.T) {
	three := []string{"a", "b", "c"}
	m := map[string]int{"a": 1, "b": 2}
	byAll.Test(t, field.ErrorList{field.TooFew(path, 3, 4).WithOrigin("minItems")}, MinItems(ctx, create, path, three, nil, 4))
	expectNone(t, MinItems(ctx, create, path, three, nil, 3))
	byAll.Test(t, field.ErrorList{field.TooMany(path, 3, 2).WithOrigin("maxItems")}, MaxItems(ctx, create, path, three, nil, 2))
	expectNone(t, MaxItems(ctx, create, path, three, nil, 3))
	byAll.Test(t, field.ErrorList{field.TooFew(path, 2, 3).WithOrigin("minProperties")}, MinProperties(ctx, create, path, m, nil, 3))
	byAll.Test(t, field.ErrorList{field.TooMany(path, 2, 1).WithOrigin("maxProperties")}, MaxProperties(ctx, create, path, m, nil, 1))
	expectNone(t, MaxProperties[string, int](ctx, create, path, nil, nil, 0))
}

func TestLengthShortcutsAgreeWithCounting(t *testing.T) {
	for _, s := range []string{"", "a", "ab", "é", "éé", "€€€", "a€b€c", strings.Repeat("€", 7), "𝄞𝄞x"} {
		runes := len([]rune(s))
		for n := 0; n <= 10; n++ {
			if got := longerThan(s, n); got != (runes > n) {
				t.Errorf("longerThan(%q, %d) = %v", s, n, got)
			}
			if got := shorterThan(s, n); got != (runes < n) {
				t.Errorf("shorterThan(%q, %d) = %v", s, n, got)
			}
		}
	}
}
