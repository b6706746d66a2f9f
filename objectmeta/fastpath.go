package objectmeta

import "time"

// IsNormalized reports whether metadata would come back unchanged from a
// round trip through metav1.ObjectMeta (GetObjectMeta, then SetObjectMeta),
// so that the round trip can be skipped: every key is one of the plain
// ObjectMeta fields below, with a value of exactly the JSON type that field
// decodes from, and not empty (the round trip drops empty values, as
// ObjectMeta's fields are omitempty); times in the one form metav1.Time
// writes. It says nothing about other metadata, which takes the full round
// trip. What kube-apiserver sends a webhook (a creation time, a
// generation, managed fields, owners) is plain: the round trip was a
// ninth of kval serve's CPU per request (issue 30).
func IsNormalized(metadata any) bool {
	m, ok := metadata.(map[string]any)
	if !ok {
		return false
	}
	for k, v := range m {
		if !simpleField(k, v) {
			return false
		}
	}
	return true
}

func simpleField(key string, v any) bool {
	switch key {
	case "name", "generateName", "namespace", "uid", "resourceVersion":
		return nonEmptyString(v)
	case "labels", "annotations":
		return nonEmptyStringMap(v)
	case "finalizers":
		return nonEmptyStringList(v)
	case "generation":
		n, ok := v.(int64)
		return ok && n != 0
	case "creationTimestamp":
		return isWrittenTime(v)
	case "managedFields":
		return nonEmptyListOf(v, plainManagedFields)
	case "ownerReferences":
		return nonEmptyListOf(v, plainOwnerReference)
	}
	return false
}

// isWrittenTime reports whether v is a time as metav1.Time writes it: in
// UTC, to the second (reading it keeps the instant, and writing it drops
// fractions and zones), and not the zero time (written as null).
func isWrittenTime(v any) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	t, err := time.Parse(time.RFC3339, s)
	var written [len(time.RFC3339) + 8]byte // room for any year of four digits, without allocating
	return err == nil && !t.IsZero() && string(t.UTC().AppendFormat(written[:0], time.RFC3339)) == s
}

func nonEmptyListOf(v any, plain func(map[string]any) bool) bool {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return false
	}
	for _, item := range list {
		m, ok := item.(map[string]any)
		if !ok || !plain(m) {
			return false
		}
	}
	return true
}

// plainManagedFields: a ManagedFieldsEntry's fields are all omitempty;
// FieldsV1 keeps its JSON as it came and writes it back, which gives the
// same value when every value in it is an object (as the field sets
// kube-apiserver writes are).
func plainManagedFields(entry map[string]any) bool {
	for k, v := range entry {
		var ok bool
		switch k {
		case "manager", "operation", "apiVersion", "fieldsType", "subresource":
			ok = nonEmptyString(v)
		case "time":
			ok = isWrittenTime(v)
		case "fieldsV1":
			ok = onlyObjects(v, 0)
		}
		if !ok {
			return false
		}
	}
	return true
}

// MaxFieldSetDepth bounds onlyObjects' walk (a field set at 0, the objects
// it holds at 1); deeper field sets take the round trip. The webhook's
// one pass hollows field sets no deeper (webhook/onepass.go).
const MaxFieldSetDepth = 64

func onlyObjects(v any, depth int) bool {
	m, ok := v.(map[string]any)
	if !ok || depth > MaxFieldSetDepth {
		return false
	}
	for _, child := range m {
		if !onlyObjects(child, depth+1) {
			return false
		}
	}
	return true
}

// plainOwnerReference: apiVersion, kind, name and uid are not omitempty
// (the round trip writes them, empty, when missing), the two flags are
// pointers (false is kept).
func plainOwnerReference(ref map[string]any) bool {
	for _, k := range []string{"apiVersion", "kind", "name", "uid"} {
		if _, ok := ref[k].(string); !ok {
			return false
		}
	}
	for k, v := range ref {
		switch k {
		case "apiVersion", "kind", "name", "uid":
		case "controller", "blockOwnerDeletion":
			if _, ok := v.(bool); !ok {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func nonEmptyString(v any) bool {
	s, ok := v.(string)
	return ok && s != ""
}

func nonEmptyStringMap(v any) bool {
	m, ok := v.(map[string]any)
	if !ok || len(m) == 0 {
		return false
	}
	for _, value := range m {
		if _, ok := value.(string); !ok {
			return false
		}
	}
	return true
}

func nonEmptyStringList(v any) bool {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return false
	}
	for _, item := range list {
		if _, ok := item.(string); !ok {
			return false
		}
	}
	return true
}
