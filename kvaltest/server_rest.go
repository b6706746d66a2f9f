package kvaltest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// get answers a GET of an object, its status or its scale.
func (s *Server) get(w http.ResponseWriter, r *http.Request, rt *route) error {
	obj := rt.object()
	var err error
	switch rt.subresource {
	case "":
		err = s.client.Get(r.Context(), client.ObjectKeyFromObject(obj), obj)
	default:
		into := &unstructured.Unstructured{}
		into.SetGroupVersionKind(rt.bodyKind())
		err = s.client.SubResource(rt.subresource).Get(r.Context(), obj, into)
		obj = into
	}
	if err != nil {
		return err
	}
	writeObject(w, http.StatusOK, obj.Object)
	return nil
}

// list answers a GET of a collection.
func (s *Server) list(w http.ResponseWriter, r *http.Request, rt *route) error {
	o, err := listOptions(r.URL.Query(), rt.namespace)
	if err != nil {
		return err
	}
	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(rt.gvk.GroupVersion().WithKind(rt.gvk.Kind + "List"))
	if err := s.client.List(r.Context(), list, o); err != nil {
		return err
	}
	if list.Items == nil {
		list.Items = []unstructured.Unstructured{} // kube-apiserver's "items": []
	}
	data, err := list.MarshalJSON()
	if err != nil {
		return apierrors.NewInternalError(err)
	}
	writeObject(w, http.StatusOK, json.RawMessage(data))
	return nil
}

// listOptions reads a list's or watch's query as client-go sends it.
func listOptions(q url.Values, namespace string) (*client.ListOptions, error) {
	o := &client.ListOptions{Namespace: namespace, Continue: q.Get("continue")}
	var err error
	if v := q.Get("labelSelector"); v != "" {
		if o.LabelSelector, err = labels.Parse(v); err != nil {
			return nil, apierrors.NewBadRequest(fmt.Sprintf("unable to parse requirement: %v", err))
		}
	}
	if v := q.Get("fieldSelector"); v != "" {
		if o.FieldSelector, err = fields.ParseSelector(v); err != nil {
			return nil, apierrors.NewBadRequest(fmt.Sprintf("invalid field selector: %v", err))
		}
	}
	if v := q.Get("limit"); v != "" {
		if o.Limit, err = strconv.ParseInt(v, 10, 64); err != nil {
			return nil, apierrors.NewBadRequest(fmt.Sprintf("limit: %v", err))
		}
	}
	return o, nil
}

// create answers a POST of a new object.
func (s *Server) create(w http.ResponseWriter, r *http.Request, rt *route) error {
	if rt.subresource != "" {
		return apierrors.NewMethodNotSupported(rt.kind.resource, "create")
	}
	obj, err := rt.body(r, s.client.scheme)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	o := &client.CreateOptions{DryRun: q["dryRun"], FieldManager: q.Get("fieldManager"), FieldValidation: q.Get("fieldValidation")}
	if err := s.client.Create(r.Context(), obj, o); err != nil {
		return err
	}
	writeObject(w, http.StatusCreated, obj.Object)
	return nil
}

// update answers a PUT of an object, its status or its scale.
func (s *Server) update(w http.ResponseWriter, r *http.Request, rt *route) error {
	body, err := rt.body(r, s.client.scheme)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	o := client.UpdateOptions{DryRun: q["dryRun"], FieldManager: q.Get("fieldManager"), FieldValidation: q.Get("fieldValidation")}
	switch rt.subresource {
	case "":
		err = s.client.Update(r.Context(), body, &o)
	case scaleSubresource:
		err = s.client.SubResource(rt.subresource).Update(r.Context(), rt.object(), &client.SubResourceUpdateOptions{UpdateOptions: o, SubResourceBody: body})
	default:
		err = s.client.SubResource(rt.subresource).Update(r.Context(), body, &client.SubResourceUpdateOptions{UpdateOptions: o})
	}
	if err != nil {
		return err
	}
	writeObject(w, http.StatusOK, body.Object)
	return nil
}

// patch answers a PATCH (JSON, merge, strategic merge or apply, by the
// request's content type) of an object, its status or its scale.
func (s *Server) patch(w http.ResponseWriter, r *http.Request, rt *route) error {
	patch, err := patchOf(r)
	if err != nil {
		return err
	}
	o, err := patchOptions(r.URL.Query())
	if err != nil {
		return err
	}
	obj := rt.object()
	switch rt.subresource {
	case "":
		err = s.client.Patch(r.Context(), obj, patch, o)
	case scaleSubresource:
		scale := &unstructured.Unstructured{}
		err = s.client.SubResource(rt.subresource).Patch(r.Context(), obj, patch, &client.SubResourcePatchOptions{PatchOptions: *o, SubResourceBody: scale})
		obj = scale
	default:
		err = s.client.SubResource(rt.subresource).Patch(r.Context(), obj, patch, &client.SubResourcePatchOptions{PatchOptions: *o})
	}
	if err != nil {
		return err
	}
	writeObject(w, http.StatusOK, obj.Object)
	return nil
}

// patchOf reads a PATCH's body, of the type its Content-Type names.
func patchOf(r *http.Request) (client.Patch, error) {
	pt := types.PatchType(strings.TrimSpace(strings.Split(r.Header.Get("Content-Type"), ";")[0]))
	if !patchTypes[pt] {
		return nil, unsupportedPatch(types.JSONPatchType, types.MergePatchType, types.StrategicMergePatchType, types.ApplyYAMLPatchType)
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("reading the request body: %v", err))
	}
	return client.RawPatch(pt, data), nil
}

// patchTypes are the content types of a PATCH kube-apiserver accepts (as JSON).
var patchTypes = map[types.PatchType]bool{
	types.JSONPatchType: true, types.MergePatchType: true, types.StrategicMergePatchType: true, types.ApplyYAMLPatchType: true,
}

func patchOptions(q url.Values) (*client.PatchOptions, error) {
	o := &client.PatchOptions{DryRun: q["dryRun"], FieldManager: q.Get("fieldManager"), FieldValidation: q.Get("fieldValidation")}
	if v := q.Get("force"); v != "" {
		force, err := strconv.ParseBool(v)
		if err != nil {
			return nil, apierrors.NewBadRequest(fmt.Sprintf("force: %v", err))
		}
		o.Force = &force
	}
	return o, nil
}

// delete answers a DELETE of an object: the object still there while it
// has finalizers, else a Status of Success, as kube-apiserver answers.
func (s *Server) delete(w http.ResponseWriter, r *http.Request, rt *route) error {
	o, err := deleteOptions(r)
	if err != nil {
		return err
	}
	obj, before := rt.object(), rt.object()
	_ = s.client.Get(r.Context(), client.ObjectKeyFromObject(before), before) // its uid, for the Status
	if err := s.client.Delete(r.Context(), obj, o); err != nil {
		return err
	}
	if err := s.client.Get(r.Context(), client.ObjectKeyFromObject(obj), obj); err == nil {
		writeObject(w, http.StatusOK, obj.Object)
		return nil
	}
	status := success(rt)
	status.Details.UID = before.GetUID()
	writeObject(w, http.StatusOK, status)
	return nil
}

// deleteCollection answers a DELETE of a collection.
func (s *Server) deleteCollection(w http.ResponseWriter, r *http.Request, rt *route) error {
	do, err := deleteOptions(r)
	if err != nil {
		return err
	}
	lo, err := listOptions(r.URL.Query(), rt.namespace)
	if err != nil {
		return err
	}
	if err := s.client.DeleteAllOf(r.Context(), rt.object(), &client.DeleteAllOfOptions{ListOptions: *lo, DeleteOptions: *do}); err != nil {
		return err
	}
	writeObject(w, http.StatusOK, success(rt))
	return nil
}

// deleteOptions reads a delete's DeleteOptions body and query.
func deleteOptions(r *http.Request) (*client.DeleteOptions, error) {
	var do metav1.DeleteOptions
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("reading the request body: %v", err))
	}
	if len(strings.TrimSpace(string(data))) > 0 {
		if err := json.Unmarshal(data, &do); err != nil {
			return nil, apierrors.NewBadRequest(fmt.Sprintf("decoding DeleteOptions: %v", err))
		}
	}
	q := r.URL.Query()
	return &client.DeleteOptions{
		GracePeriodSeconds: do.GracePeriodSeconds,
		Preconditions:      do.Preconditions,
		PropagationPolicy:  do.PropagationPolicy,
		DryRun:             append(do.DryRun, q["dryRun"]...),
	}, nil
}

// success is the Status of a completed delete (kube-apiserver's
// finalizeDelete: the resource in Kind).
func success(rt *route) *metav1.Status {
	return &metav1.Status{
		TypeMeta: metav1.TypeMeta{Kind: "Status", APIVersion: "v1"},
		Status:   metav1.StatusSuccess,
		Details:  &metav1.StatusDetails{Name: rt.name, Group: rt.gvk.Group, Kind: rt.kind.resource.Resource},
	}
}
