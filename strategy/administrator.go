package strategy

import (
	"fmt"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/authorization/authorizerfactory"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingadmissionpolicy"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicy"
	"k8s.io/kubernetes/pkg/registry/certificates/podcertificaterequest"
)

// Some strategies authorize the requesting user: the admission policies
// a policy's paramKind and a binding's paramRef, the status strategies of
// PodCertificateRequests and ResourceClaims who signs or allocates. kval
// answers as kube-apiserver answers its administrator, whom every check
// allows: the policies' strategies get no authorizer (they skip the checks
// without one, as for a superuser), the status strategies one that allows
// everything (administrators).
var (
	administrators            = authorizerfactory.NewAlwaysAllowAuthorizer()
	podCertificateRequest     = podcertificaterequest.NewStrategy()
	validatingAdmissionPolicy = validatingadmissionpolicy.NewStrategy(nil, administratorsResolver{})
	mutatingAdmissionPolicy   = mutatingadmissionpolicy.NewStrategy(nil, administratorsResolver{})
)

// administratorsResolver is the resource resolver of strategies that have
// no authorizer. Bindings' strategies refuse a nil resolver before they
// look at their authorizer, and without an authorizer nothing asks it.
type administratorsResolver struct{}

func (administratorsResolver) Resolve(gvk schema.GroupVersionKind) (schema.GroupVersionResource, error) {
	return schema.GroupVersionResource{}, fmt.Errorf("kval resolves no resource for %s: it authorizes as the administrator", gvk)
}
