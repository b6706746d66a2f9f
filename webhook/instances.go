package webhook

import (
	"context"
	"errors"
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

// instanceErrors returns the params rules' errors of a create or an
// update (params.Check), or the denial of a request that cannot be
// checked.
func (s *Server) instanceErrors(ctx context.Context, req *admissionv1.AdmissionRequest) (field.ErrorList, *verdict) {
	inst, denied := decodeInstance("object", req.Object.Raw)
	if denied != nil {
		return nil, denied
	}
	var old *params.Instance
	if req.Operation != admissionv1.Create {
		if old, denied = decodeInstance("oldObject", req.OldObject.Raw); denied != nil {
			return nil, denied
		}
	}
	errs, err := params.Check(ctx, s.opts.OperatorVersions, req.Namespace, old, inst)
	if err != nil {
		// Without the OperatorVersion the Instance cannot be checked: fail closed.
		d := deny(reasonNoOperatorVersion, http.StatusBadRequest,
			"kval cannot check Instance %q: %v; kval denies what it cannot check", inst.Name, err)
		return nil, &d
	}
	return errs, nil
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
