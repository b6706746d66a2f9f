package webhook

import (
	admissionv1 "k8s.io/api/admission/v1"
)

// otherLabel stands for every label value kval does not serve: a client
// that can reach the admission port must not be able to create metric
// series (each costs memory that is never freed) by sending new strings.
const otherLabel = "other"

// operations are the admission operations, the only values of the
// operation label.
var operations = map[admissionv1.Operation]bool{
	admissionv1.Create: true, admissionv1.Update: true, admissionv1.Delete: true, admissionv1.Connect: true,
}

// requestLabels are the group, kind and operation labels of a request:
// the group and kind only when kval serves them (a CRD of the catalog
// defines them, or they are KUDO Instances that kval checks), the
// operation only when it is one of the four; anything else is "other".
func (s *Server) requestLabels(req *admissionv1.AdmissionRequest) (group, kind, operation string) {
	group, kind, operation = otherLabel, otherLabel, otherLabel
	if s.served(req) {
		group, kind = req.Kind.Group, req.Kind.Kind
	}
	if operations[req.Operation] {
		operation = string(req.Operation)
	}
	return group, kind, operation
}

func (s *Server) served(req *admissionv1.AdmissionRequest) bool {
	if s.opts.OperatorVersions != nil && req.Kind.Group == instanceKind.Group && req.Kind.Kind == instanceKind.Kind {
		return true
	}
	return s.catalog.DefinesKind(req.Kind.Group, req.Kind.Kind)
}
