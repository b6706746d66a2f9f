package crdsource

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/kval-dev/kval/annotation"
	"github.com/kval-dev/kval/manifest"
	kvalschema "github.com/kval-dev/kval/schema"
)

// clusterName names the cluster in problems; a CRD of the cluster is
// "cluster:NAME".
const clusterName = "cluster"

// CRDResource is the resource of CustomResourceDefinitions.
var CRDResource = schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}

// ReadCluster lists the CRDs of the cluster of a kubeconfig (empty: kubectl's
// rules) and decodes them with DecodeLive. It only lists: read-only access
// to customresourcedefinitions is enough.
func ReadCluster(ctx context.Context, kubeconfig string) *kvalschema.Loaded {
	client, err := ClusterClient(kubeconfig)
	if err != nil {
		return &kvalschema.Loaded{Problems: []kvalschema.Problem{sourceProblem(clusterName, err)}}
	}
	return ListCluster(ctx, client)
}

// ClusterClient is a client of the cluster of a kubeconfig file; empty
// follows kubectl's rules ($KUBECONFIG, ~/.kube/config), then the
// in-cluster service account.
func ClusterClient(kubeconfig string) (dynamic.Interface, error) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = kubeconfig
	config, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{}).ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("reading the kubeconfig: %w", err)
	}
	return dynamic.NewForConfig(config)
}

// ListCluster lists and decodes the CRDs client sees.
func ListCluster(ctx context.Context, client dynamic.Interface) *kvalschema.Loaded {
	list, err := client.Resource(CRDResource).List(ctx, metav1.ListOptions{})
	if err != nil {
		return &kvalschema.Loaded{Problems: []kvalschema.Problem{sourceProblem(clusterName, fmt.Errorf("listing %ss: %w", kvalschema.CRDKind, err))}}
	}
	out := &kvalschema.Loaded{}
	for _, item := range list.Items {
		crd, err := DecodeLive(item.Object, whole(ClusterSource+item.GetName()))
		if err != nil {
			out.Problems = append(out.Problems, kvalschema.Problem{Source: whole(ClusterSource + item.GetName()), Err: err})
			continue
		}
		out.CRDs = append(out.CRDs, crd)
	}
	return out
}

// DecodeLive decodes a CRD as kube-apiserver serves it: kube-apiserver
// drops kval's schema extensions, so they come back from the annotation
// kval annotate writes (package annotation).
func DecodeLive(obj map[string]any, source manifest.Source) (*kvalschema.CRD, error) {
	unpacked, _, err := annotation.Unpack(obj)
	if err != nil {
		return nil, err
	}
	crd, errs := kvalschema.DecodeCRD(manifest.Document{Source: source, Object: unpacked})
	if len(errs) > 0 {
		name, _, _ := unstructured.NestedString(obj, "metadata", "name")
		return nil, fmt.Errorf("%s %q: %v", kvalschema.CRDKind, name, errs.ToAggregate())
	}
	return crd, nil
}
