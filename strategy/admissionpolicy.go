package strategy

import (
	"fmt"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingadmissionpolicy"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicy"
)

// The admission policies' strategies authorize a policy's paramKind and a
// binding's paramRef for the requesting user. kval answers as
// kube-apiserver answers its administrator, whom those checks never ask
// about, so the strategies get no authorizer (and skip the checks, as
// kube-apiserver's do for a superuser).
var (
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
