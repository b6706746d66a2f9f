package webhook

import (
	"encoding/json"

	admissionv1 "k8s.io/api/admission/v1"
	authenticationv1 "k8s.io/api/authentication/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The one pass (onepass.go) reads an AdmissionReview's envelope from the
// values fastjson decoded, field by field, as encoding/json reads it into
// admissionv1's types: a string field from a string (null leaves it
// empty), a struct from an object, a pointer from a value or null. It
// declines what it does not read the same or at all (an unknown or
// misspelt field, a value of another type, a null in a list, a response
// in the request), and the usual way then reads the body.
// TestEnvelopeFieldsAreAdmissionRequests keeps the field lists those of
// the types.

// envelope is the review's type and request, its objects left out
// (decodeInOnePass takes them); ok when every field was read.
func envelope(review map[string]any) (typeMeta metav1.TypeMeta, req *admissionv1.AdmissionRequest, ok bool) {
	req = &admissionv1.AdmissionRequest{}
	for key, v := range review {
		switch key {
		case "apiVersion":
			ok = setString(&typeMeta.APIVersion, v)
		case "kind":
			ok = setString(&typeMeta.Kind, v)
		case "request":
			fields, isObject := v.(map[string]any)
			ok = isObject && readFields(fields, requestFields, req)
		case "response":
			ok = v == nil
		default:
			ok = false
		}
		if !ok {
			return typeMeta, nil, false
		}
	}
	return typeMeta, req, true
}

// requestFields read AdmissionRequest's fields.
var requestFields = map[string]func(*admissionv1.AdmissionRequest, any) bool{
	"uid":                func(r *admissionv1.AdmissionRequest, v any) bool { return setString((*string)(&r.UID), v) },
	"kind":               func(r *admissionv1.AdmissionRequest, v any) bool { return setGVK(&r.Kind, v) },
	"resource":           func(r *admissionv1.AdmissionRequest, v any) bool { return setGVR(&r.Resource, v) },
	"subResource":        func(r *admissionv1.AdmissionRequest, v any) bool { return setString(&r.SubResource, v) },
	"requestKind":        func(r *admissionv1.AdmissionRequest, v any) bool { return setPointer(&r.RequestKind, v, setGVK) },
	"requestResource":    func(r *admissionv1.AdmissionRequest, v any) bool { return setPointer(&r.RequestResource, v, setGVR) },
	"requestSubResource": func(r *admissionv1.AdmissionRequest, v any) bool { return setString(&r.RequestSubResource, v) },
	"name":               func(r *admissionv1.AdmissionRequest, v any) bool { return setString(&r.Name, v) },
	"namespace":          func(r *admissionv1.AdmissionRequest, v any) bool { return setString(&r.Namespace, v) },
	"operation":          func(r *admissionv1.AdmissionRequest, v any) bool { return setString((*string)(&r.Operation), v) },
	"userInfo":           func(r *admissionv1.AdmissionRequest, v any) bool { return setUserInfo(&r.UserInfo, v) },
	"dryRun":             func(r *admissionv1.AdmissionRequest, v any) bool { return setPointer(&r.DryRun, v, setBool) },
	"options":            func(r *admissionv1.AdmissionRequest, v any) bool { return setRaw(&r.Options.Raw, v) },
	// The objects, which the one pass takes as they are (withObjects).
	"object":    func(*admissionv1.AdmissionRequest, any) bool { return true },
	"oldObject": func(*admissionv1.AdmissionRequest, any) bool { return true },
}

// readFields reads every field of an object with its reader; false on an
// unknown one.
func readFields[T any](fields map[string]any, readers map[string]func(*T, any) bool, into *T) bool {
	for key, v := range fields {
		read, known := readers[key]
		if !known || !read(into, v) {
			return false
		}
	}
	return true
}

func setString(s *string, v any) bool {
	switch v := v.(type) {
	case string:
		*s = v
		return true
	case nil:
		return true
	}
	return false
}

func setBool(b *bool, v any) bool {
	value, ok := v.(bool)
	*b = value
	return ok
}

// setPointer sets *p to a new value read by set, or leaves it nil for
// null.
func setPointer[T any](p **T, v any, set func(*T, any) bool) bool {
	if v == nil {
		return true
	}
	*p = new(T)
	return set(*p, v)
}

// setStruct reads an object's fields (null leaves the struct as it is).
func setStruct[T any](s *T, v any, readers map[string]func(*T, any) bool) bool {
	if v == nil {
		return true
	}
	fields, ok := v.(map[string]any)
	return ok && readFields(fields, readers, s)
}

var gvkFields = map[string]func(*metav1.GroupVersionKind, any) bool{
	"group":   func(g *metav1.GroupVersionKind, v any) bool { return setString(&g.Group, v) },
	"version": func(g *metav1.GroupVersionKind, v any) bool { return setString(&g.Version, v) },
	"kind":    func(g *metav1.GroupVersionKind, v any) bool { return setString(&g.Kind, v) },
}

func setGVK(g *metav1.GroupVersionKind, v any) bool { return setStruct(g, v, gvkFields) }

var gvrFields = map[string]func(*metav1.GroupVersionResource, any) bool{
	"group":    func(g *metav1.GroupVersionResource, v any) bool { return setString(&g.Group, v) },
	"version":  func(g *metav1.GroupVersionResource, v any) bool { return setString(&g.Version, v) },
	"resource": func(g *metav1.GroupVersionResource, v any) bool { return setString(&g.Resource, v) },
}

func setGVR(g *metav1.GroupVersionResource, v any) bool { return setStruct(g, v, gvrFields) }

var userInfoFields = map[string]func(*authenticationv1.UserInfo, any) bool{
	"username": func(u *authenticationv1.UserInfo, v any) bool { return setString(&u.Username, v) },
	"uid":      func(u *authenticationv1.UserInfo, v any) bool { return setString(&u.UID, v) },
	"groups":   func(u *authenticationv1.UserInfo, v any) bool { return setStrings(&u.Groups, v) },
	"extra":    func(u *authenticationv1.UserInfo, v any) bool { return setExtra(&u.Extra, v) },
}

func setUserInfo(u *authenticationv1.UserInfo, v any) bool { return setStruct(u, v, userInfoFields) }

// setStrings reads a list of strings; null leaves it nil.
func setStrings(s *[]string, v any) bool {
	if v == nil {
		return true
	}
	items, ok := v.([]any)
	if !ok {
		return false
	}
	*s = make([]string, len(items))
	for i, item := range items {
		if (*s)[i], ok = item.(string); !ok {
			return false
		}
	}
	return true
}

func setExtra(extra *map[string]authenticationv1.ExtraValue, v any) bool {
	if v == nil {
		return true
	}
	fields, ok := v.(map[string]any)
	if !ok {
		return false
	}
	*extra = make(map[string]authenticationv1.ExtraValue, len(fields))
	for key, item := range fields {
		var values []string
		if !setStrings(&values, item) {
			return false
		}
		(*extra)[key] = values
	}
	return true
}

// setRaw is a RawExtension's bytes: an object encoded again (null leaves
// them nil, as RawExtension reads null).
func setRaw(raw *[]byte, v any) bool {
	if v == nil {
		return true
	}
	if _, ok := v.(map[string]any); !ok {
		return false
	}
	data, err := json.Marshal(v)
	*raw = data
	return err == nil
}
