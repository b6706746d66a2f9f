package crdsource

import (
	"context"
	"errors"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
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
	config, err := clusterConfig(kubeconfig)
	if err != nil {
		return &kvalschema.Loaded{Problems: []kvalschema.Problem{sourceProblem(clusterName, err)}}
	}
	return listCluster(ctx, config, newBudget(maxClusterResponseBytes, maxClusterBytes))
}

// clusterConfig is the client configuration of the cluster of a
// kubeconfig file; empty follows kubectl's rules ($KUBECONFIG,
// ~/.kube/config), then the in-cluster service account.
func clusterConfig(kubeconfig string) (*rest.Config, error) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = kubeconfig
	config, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{}).ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("reading the kubeconfig: %w", err)
	}
	return config, nil
}

// clusterPageSize is how many CRDs one list request asks for: a list of
// every CRD of a large cluster at once was 300 MB, and took 2.6 GB once
// decoded; a page is decoded into CRDs and dropped before the next one
// (kube-apiserver's limit and continue, as kubectl's --chunk-size).
const clusterPageSize = 50

// listCluster lists and decodes the CRDs of a cluster, a page at a time,
// reading no more than budget allows. A page larger than the budget lets
// one answer be is asked for again in pages half as long.
func listCluster(ctx context.Context, config *rest.Config, budget *budget) *kvalschema.Loaded {
	client, err := dynamic.NewForConfig(budget.wrap(config))
	if err != nil {
		return &kvalschema.Loaded{Problems: []kvalschema.Problem{sourceProblem(clusterName, err)}}
	}
	out := &kvalschema.Loaded{}
	opts := metav1.ListOptions{Limit: clusterPageSize}
	for {
		list, err := client.Resource(CRDResource).List(ctx, opts)
		if exceeded := budget.Exceeded(); exceeded != nil {
			err = exceeded
		}
		if errors.Is(err, errResponseTooLarge) && opts.Limit > 1 {
			opts.Limit /= 2
			continue
		}
		if err != nil {
			return &kvalschema.Loaded{Problems: []kvalschema.Problem{sourceProblem(clusterName, listError(err, opts.Limit))}}
		}
		decodePage(out, list.Items)
		next := list.GetContinue()
		if next == "" || next == opts.Continue { // the end; the same token again would never end
			return out
		}
		opts.Continue = next
	}
}

// listError says why listing failed: the budget's bounds in their own
// words, not client-go's "unexpected error when reading".
func listError(err error, limit int64) error {
	switch {
	case errors.Is(err, errClusterTooLarge):
		return fmt.Errorf("listing %ss: %w", kvalschema.CRDKind, errClusterTooLarge)
	case errors.Is(err, errResponseTooLarge):
		return fmt.Errorf("listing %ss: the cluster answered a list of %d with more than %d MiB (it does not page its lists?)", kvalschema.CRDKind, limit, maxClusterResponseBytes>>20)
	}
	return fmt.Errorf("listing %ss: %w", kvalschema.CRDKind, err)
}

// decodePage decodes the CRDs of one page of the list into out.
func decodePage(out *kvalschema.Loaded, items []unstructured.Unstructured) {
	for _, item := range items {
		crd, err := DecodeLive(item.Object, whole(ClusterSource+item.GetName()))
		if err != nil {
			out.Problems = append(out.Problems, kvalschema.Problem{Source: whole(ClusterSource + item.GetName()), Err: err})
			continue
		}
		out.CRDs = append(out.CRDs, crd)
	}
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
