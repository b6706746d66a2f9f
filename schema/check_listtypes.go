package schema

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// checkMapType checks x-kubernetes-map-type: only on objects, atomic or granular.
func checkMapType(s *Schema, path *field.Path) field.ErrorList {
	if s.MapType == nil {
		return nil
	}
	var errs field.ErrorList
	errs = append(errs, requireType(s, "object", "x-kubernetes-map-type", path)...)
	if *s.MapType != MapTypeAtomic && *s.MapType != MapTypeGranular {
		errs = append(errs, field.NotSupported(path.Child("x-kubernetes-map-type"), *s.MapType, []string{MapTypeAtomic, MapTypeGranular}))
	}
	return errs
}

// requireType requires type typ on a schema that uses extension.
func requireType(s *Schema, typ, extension string, path *field.Path) field.ErrorList {
	if s.Type == typ {
		return nil
	}
	detail := "must be " + typ + " if " + extension + " is specified"
	if s.Type == "" {
		return field.ErrorList{field.Required(path.Child("type"), detail)}
	}
	return field.ErrorList{field.Invalid(path.Child("type"), s.Type, detail)}
}

// checkListType checks x-kubernetes-list-type, the items of sets and the
// relation to x-kubernetes-list-map-keys.
func checkListType(s *Schema, path *field.Path, tolerate nodeTolerance) field.ErrorList {
	var errs field.ErrorList
	if s.ListType != nil && s.Type != "array" {
		errs = append(errs, requireType(s, "array", "x-kubernetes-list-type", path)...)
	} else if s.IsSetList() && s.Items != nil && !tolerate.nonAtomicSets {
		errs = append(errs, checkSetItems(s.Items, path.Child("items"))...)
	}
	if s.ListType != nil && !contains([]string{ListTypeAtomic, ListTypeSet, ListTypeMap}, *s.ListType) {
		errs = append(errs, field.NotSupported(path.Child("x-kubernetes-list-type"), *s.ListType, []string{ListTypeAtomic, ListTypeSet, ListTypeMap}))
	}
	if len(s.ListMapKeys) > 0 {
		switch {
		case s.ListType == nil:
			errs = append(errs, field.Required(path.Child("x-kubernetes-list-type"), "must be map if x-kubernetes-list-map-keys is non-empty"))
		case *s.ListType != ListTypeMap:
			errs = append(errs, field.Invalid(path.Child("x-kubernetes-list-type"), *s.ListType, "must be map if x-kubernetes-list-map-keys is non-empty"))
		}
	}
	if s.IsMapList() {
		errs = append(errs, checkMapList(s, path)...)
	}
	return errs
}

// checkSetItems requires the items of a set to be atomic. Upstream reports
// the items' list type as the bad value in both cases.
func checkSetItems(items *Schema, path *field.Path) field.ErrorList {
	const detail = "must be atomic as item of a list with x-kubernetes-list-type=set"
	switch items.Type {
	case "array":
		if items.ListType != nil && *items.ListType != ListTypeAtomic {
			return field.ErrorList{field.Invalid(path.Child("x-kubernetes-list-type"), items.ListType, detail)}
		}
	case "object":
		if items.MapType == nil || *items.MapType != MapTypeAtomic {
			return field.ErrorList{field.Invalid(path.Child("x-kubernetes-map-type"), items.ListType, detail)}
		}
	}
	return nil
}

// checkMapList checks a list with x-kubernetes-list-type: map: keys given,
// items a single object schema, keys scalar properties without duplicates.
func checkMapList(s *Schema, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(s.ListMapKeys) == 0 {
		errs = append(errs, field.Required(path.Child("x-kubernetes-list-map-keys"), "must not be empty if x-kubernetes-list-type is map"))
	}
	itemsArray := s.Unsupported != nil && s.Unsupported.ItemsArray != nil
	switch {
	case s.Items == nil && !itemsArray:
		errs = append(errs, field.Required(path.Child("items"), "must have a schema if x-kubernetes-list-type is map"))
	case s.Items == nil:
		errs = append(errs, field.Invalid(path.Child("items"), &internalItems{JSONSchemas: internalList(s.Unsupported.ItemsArray)},
			"must only have a single schema if x-kubernetes-list-type is map"))
	case s.Items.Type != "object":
		errs = append(errs, field.Invalid(path.Child("items").Child("type"), s.Items.Type, "must be object if parent array's x-kubernetes-list-type is map"))
	default:
		errs = append(errs, checkMapListKeys(s, path)...)
	}
	return errs
}

func checkMapListKeys(s *Schema, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	seen := map[string]bool{}
	for _, k := range s.ListMapKeys {
		if prop, ok := s.Items.Properties[k]; !ok {
			errs = append(errs, field.Invalid(path.Child("x-kubernetes-list-map-keys"), s.ListMapKeys, "entries must all be names of item properties"))
		} else if prop.Type == "array" || prop.Type == "object" {
			// Upstream reports the items' type, not the key's.
			errs = append(errs, field.Invalid(path.Child("items").Child("properties").Key(k).Child("type"), s.Items.Type, "must be a scalar type if parent array's x-kubernetes-list-type is map"))
		}
		if seen[k] {
			errs = append(errs, field.Invalid(path.Child("x-kubernetes-list-map-keys"), s.ListMapKeys, "must not contain duplicate entries"))
		}
		seen[k] = true
	}
	return errs
}

// checkMapSetItems requires the items of sets and map lists not to be
// nullable, and the keys of map lists to be required or defaulted and not nullable.
func checkMapSetItems(s *Schema, path *field.Path) field.ErrorList {
	if s.Items == nil || !(s.IsSetList() || s.IsMapList()) {
		return nil
	}
	var errs field.ErrorList
	if s.Items.Nullable {
		errs = append(errs, field.Forbidden(path.Child("items").Child("nullable"), "cannot be nullable when x-kubernetes-list-type is "+*s.ListType))
	}
	if !s.IsMapList() {
		return errs
	}
	for _, k := range s.ListMapKeys {
		prop, ok := s.Items.Properties[k]
		if !ok {
			continue // reported by checkMapListKeys
		}
		keyPath := path.Child("items").Child("properties").Key(k)
		if !contains(s.Items.Required, k) && prop.Default == nil {
			errs = append(errs, field.Required(keyPath.Child("default"), "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property"))
		}
		if prop.Nullable {
			errs = append(errs, field.Forbidden(keyPath.Child("nullable"), "this property is in x-kubernetes-list-map-keys, so it cannot be nullable"))
		}
	}
	return errs
}
