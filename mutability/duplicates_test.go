package mutability

import (
	"reflect"
	"testing"
)

// TestDuplicateListMapKeysAreStillCorrelated: kube-apiserver skips
// list-type validation of an update whose old object already has a
// list-type error, so a second item with a key can reach the mutability
// check; each item with a key is compared with an old item of that key
// (the one at the same occurrence, else the first), so an immutable item
// cannot be changed by adding its changed copy beside it.
func TestDuplicateListMapKeysAreStillCorrelated(t *testing.T) {
	c := Compile(mustSchema(t, errorsSchema))
	tests := []struct {
		name, old, new string
		want           []wantError
	}{{
		name: "a changed copy of an immutable item beside it",
		old:  `{"spec": {"users": [{"name": "a", "role": "1"}]}}`,
		new:  `{"spec": {"users": [{"name": "a", "role": "1"}, {"name": "a", "role": "2"}]}}`,
		want: []wantError{{"spec.users[1]: Forbidden: item is immutable", "mutability=Immutable"}},
	}, {
		name: "an equal copy changes no item",
		old:  `{"spec": {"users": [{"name": "a", "role": "1"}]}}`,
		new:  `{"spec": {"users": [{"name": "a", "role": "1"}, {"name": "a", "role": "1"}]}}`,
	}, {
		name: "duplicates already stored, unchanged",
		old:  `{"spec": {"users": [{"name": "a", "role": "1"}, {"name": "a", "role": "2"}]}}`,
		new:  `{"spec": {"users": [{"name": "a", "role": "1"}, {"name": "a", "role": "2"}]}}`,
	}, {
		name: "duplicates already stored, the second changed",
		old:  `{"spec": {"users": [{"name": "a", "role": "1"}, {"name": "a", "role": "2"}]}}`,
		new:  `{"spec": {"users": [{"name": "a", "role": "1"}, {"name": "a", "role": "3"}]}}`,
		want: []wantError{{"spec.users[1]: Forbidden: item is immutable", "mutability=Immutable"}},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			errs := c.Check(nil, mustObject(t, tc.new), mustObject(t, tc.old))
			if got := describe(errs); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("errors\n%v\nwant\n%v", got, tc.want)
			}
		})
	}
}
