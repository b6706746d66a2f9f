package upgrade

import "github.com/kval-dev/kval/schema"

// A type change breaks stored objects only when a value the old schema
// accepted is refused by the new one. Widenings keep every old value
// valid: to untyped with x-kubernetes-preserve-unknown-fields (any value),
// to x-kubernetes-int-or-string from integer or string, from integer to
// number. Argo Workflows 3.7 made withItems such an untyped field.

// typeChange reports the change of a node's type; it says whether what is
// below the node is still comparable (false: the new type's schema is new).
func (d *differ) typeChange(old, now *schema.Schema, path string) bool {
	from, to := typeName(old), typeName(now)
	switch {
	case from == to || from == "(none)":
		return true
	case accepts(now, from):
		d.add(Info, TypeWidened, path, "type widened from %s to %s: every stored value still validates", from, to)
		return true
	}
	d.add(Error, TypeChanged, path, "type changed from %s to %s: %s", from, to, refused(old, now))
	return false
}

// typeName names the values a node accepts by type.
func typeName(s *schema.Schema) string {
	switch {
	case s.Type != "":
		return s.Type
	case s.IntOrString:
		return "int-or-string"
	case s.PreservesUnknownFields():
		return "any (x-kubernetes-preserve-unknown-fields)"
	}
	return "(none)"
}

// accepts reports whether every value of the old type name validates
// against now's type.
func accepts(now *schema.Schema, from string) bool {
	switch {
	case now.Type == "" && now.PreservesUnknownFields() && !now.IntOrString:
		return true
	case now.IntOrString:
		return from == "integer" || from == "string"
	}
	return from == "integer" && now.Type == "number"
}

// refused says which stored values the new type refuses.
func refused(old, now *schema.Schema) string {
	switch {
	case old.Type == "":
		return "stored values that are not " + typeName(now) + " are refused"
	case old.Type == "number" && now.Type == "integer":
		return "stored numbers that are not whole are refused"
	}
	return "stored " + old.Type + " values are refused"
}
