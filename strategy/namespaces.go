package strategy

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	corev1client "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/kubernetes/pkg/apis/resource"
	"k8s.io/kubernetes/pkg/registry/resource/resourceclaim"
	"k8s.io/kubernetes/pkg/registry/resource/resourceclaimtemplate"
)

// resource.k8s.io's claims and their templates read the claim's namespace
// when a request asks for admin access to devices. kval answers in the
// namespace a frontend with storage gives (WithNamespaces), or else in one
// that allows admin access: kval has no cluster to read it from.
var (
	resourceClaim         = resourceclaim.NewStrategy(namespaces{}, administrators)
	resourceClaimTemplate = resourceclaimtemplate.NewStrategy(namespaces{})
)

// NamespaceGetter reads a namespace from a frontend's storage: its
// kube-apiserver NotFound error when there is none.
type NamespaceGetter func(ctx context.Context, name string) (*corev1.Namespace, error)

type namespaceGetterKey struct{}

// WithNamespaces gives the strategies a frontend's namespaces (kvaltest's
// store), which a few of them read.
func WithNamespaces(ctx context.Context, get NamespaceGetter) context.Context {
	return context.WithValue(ctx, namespaceGetterKey{}, get)
}

// namespaces is the namespace client the strategies get. They call its
// Get alone; the embedded interface is nil.
type namespaces struct {
	corev1client.NamespaceInterface
}

func (namespaces) Get(ctx context.Context, name string, _ metav1.GetOptions) (*corev1.Namespace, error) {
	if get, ok := ctx.Value(namespaceGetterKey{}).(NamespaceGetter); ok {
		return get(ctx, name)
	}
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
	ns.Labels = map[string]string{resource.DRAAdminNamespaceLabelKey: "true"}
	return ns, nil
}
