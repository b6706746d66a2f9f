package objectmeta

// IsNormalized reports whether metadata would come back unchanged from a
// round trip through metav1.ObjectMeta (GetObjectMeta, then SetObjectMeta),
// so that the round trip can be skipped: every key is one of the plain
// ObjectMeta fields below, with a value of exactly the JSON type that field
// decodes from, and not empty (the round trip drops empty values, as
// ObjectMeta's fields are omitempty). It says nothing about other metadata,
// which takes the full round trip.
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
		s, ok := v.(string)
		return ok && s != ""
	case "labels", "annotations":
		return nonEmptyStringMap(v)
	case "finalizers":
		return nonEmptyStringList(v)
	}
	return false
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
