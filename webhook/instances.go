package webhook

import (
	"context"
	"errors"
	"maps"
	"net/http"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
)

// The admission of KUDO Instances is glue only: it decodes the Instances
// of a request, finds their OperatorVersions and asks the params package,
// which owns every rule and message, for the verdict.

// instanceKind is the kind of KUDO's Instances, the one version KUDO serves.
var instanceKind = metav1.GroupVersionKind{Group: "kudo.dev", Version: "v1beta1", Kind: params.InstanceKind}

// isInstance reports whether a request writes an Instance itself: its
// status subresource carries no parameters (and KUDO's controller writes
// it constantly, even when an OperatorVersion is gone).
func isInstance(req *admissionv1.AdmissionRequest) bool {
	return req.Kind == instanceKind && req.SubResource == ""
}

// admitInstance checks an Instance's create or update with the params
// rules, then with the engine too when the catalog has a CRD for Instances.
func (s *Server) admitInstance(ctx context.Context, req *admissionv1.AdmissionRequest) verdict {
	errs, denied := s.instanceErrors(ctx, req)
	if denied != nil {
		return *denied
	}
	if _, err := s.catalog.ForObject(ctx, apiVersion(req.Kind), req.Kind.Kind); errors.As(err, new(*catalog.NotCoveredError)) {
		if len(errs) > 0 {
			return invalid(req, nil, errs, nil)
		}
		return allow()
	}
	return s.admitEngine(ctx, req, errs)
}

// instanceErrors returns the params rules' errors of a create (Install) or
// an update: Update on the same OperatorVersion, Upgrade when
// spec.operatorVersion.name changes.
func (s *Server) instanceErrors(ctx context.Context, req *admissionv1.AdmissionRequest) (field.ErrorList, *verdict) {
	inst, denied := decodeInstance("object", req.Object.Raw)
	if denied != nil {
		return nil, denied
	}
	if req.Operation == admissionv1.Create {
		ov, denied := s.operatorVersion(ctx, req.Namespace, inst)
		if denied != nil {
			return nil, denied
		}
		_, errs := params.Install(ov, inst.Parameters)
		return errs, nil
	}
	old, denied := decodeInstance("oldObject", req.OldObject.Raw)
	if denied != nil {
		return nil, denied
	}
	return s.instanceUpdateErrors(ctx, req.Namespace, old, inst)
}

// instanceUpdateErrors checks an update of an Instance from old to inst.
// An update that changes neither the OperatorVersion nor the parameters
// (metadata, finalizers, a plan execution) is allowed without a lookup:
// no parameter rule can refuse it, and KUDO's controller must be able to
// finish with an Instance whose OperatorVersion is gone.
func (s *Server) instanceUpdateErrors(ctx context.Context, namespace string, old, inst *params.Instance) (field.ErrorList, *verdict) {
	if old.OperatorVersion == inst.OperatorVersion && maps.Equal(old.Parameters, inst.Parameters) {
		return nil, nil
	}
	newOV, denied := s.operatorVersion(ctx, namespace, inst)
	if denied != nil {
		return nil, denied
	}
	if old.OperatorVersion == inst.OperatorVersion {
		_, errs := params.Update(newOV, old.Parameters, inst.Parameters)
		return errs, nil
	}
	oldOV, denied := s.operatorVersion(ctx, namespace, old)
	if denied != nil {
		return nil, denied
	}
	_, errs := params.Upgrade(oldOV, newOV, old.Parameters, inst.Parameters)
	return errs, nil
}

// operatorVersion finds the OperatorVersion an Instance names, or denies:
// without it the Instance cannot be checked (fail closed).
func (s *Server) operatorVersion(ctx context.Context, namespace string, inst *params.Instance) (*params.OperatorVersion, *verdict) {
	ov, err := s.opts.OperatorVersions.OperatorVersion(ctx, namespace, inst.OperatorVersion)
	if err != nil {
		d := deny(reasonNoOperatorVersion, http.StatusBadRequest,
			"kval cannot check Instance %q: %v; kval denies what it cannot check", inst.Name, err)
		return nil, &d
	}
	return ov, nil
}

// decodeInstance reads the Instance of a request, with kval's input limits.
func decodeInstance(field string, raw []byte) (*params.Instance, *verdict) {
	if len(raw) == 0 {
		d := deny(reasonBadRequest, http.StatusBadRequest, "an Instance request without %s cannot be checked", field)
		return nil, &d
	}
	obj, denied := decodeObject(field, raw)
	if denied != nil {
		return nil, denied
	}
	inst, err := params.DecodeInstance(manifest.Document{Source: manifest.Source{File: field, Item: -1}, Object: obj})
	if err != nil {
		d := deny(reasonBadRequest, http.StatusBadRequest, "kval cannot check this Instance: %v", err)
		return nil, &d
	}
	return inst, nil
}
