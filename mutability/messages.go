package mutability

import (
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// change is what an update did to a field, item or key.
type change uint8

const (
	added change = iota
	removed
	modified
)

// fieldError reports a change to a node under x-kubernetes-mutability.
func fieldError(path *field.Path, m schema.Mutability, c change, role role) *field.Error {
	msg := role.immutable
	switch {
	case c == added && m == schema.RemoveOnly:
		msg = "field may not be added, only removed"
	case c == removed && m == schema.AddOnly:
		msg = "field may not be removed, only added"
	}
	return field.Forbidden(path, msg).WithOrigin("mutability=" + string(m))
}

// keyError reports a key added to or removed from a collection under
// x-kubernetes-key-mutability.
func keyError(path *field.Path, m schema.Mutability, c change, isMap bool) *field.Error {
	noun := "items"
	if isMap {
		noun = "keys"
	}
	var msg string
	switch {
	case m == schema.AddOnly:
		msg = noun + " may only be added"
	case m == schema.RemoveOnly:
		msg = noun + " may only be removed"
	case c == added:
		msg = noun + " may not be added"
	default:
		msg = noun + " may not be removed"
	}
	return field.Forbidden(path, msg).WithOrigin("keyMutability=" + string(m))
}

// role is how a node is reached from its parent, which decides what its
// mutability governs and how errors name it.
type role struct {
	// presence says whether adding and removing the node are changes too
	// (fields); for items and map values they are the keys' business.
	presence  bool
	immutable string
}

var (
	asField = role{presence: true, immutable: "field is immutable"}
	asItem  = role{immutable: "item is immutable"}
	asValue = role{immutable: "value is immutable"}
)
