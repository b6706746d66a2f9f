package e2e

import (
	"context"
	"sync"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"

	"github.com/kval-dev/kval/builtin"
	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/strategy"
)

// TestBuiltinsAgreeWithKubeAPIServer is the differential of built-in kinds
// (issue 44, item 6): generated objects of 53 built-in kinds, valid ones
// and mutations of them, sent through kval (package strategy, as kval
// validate runs it) and through kube-apiserver. Creates are server dry
// runs; updates are what `kubectl apply` of the new manifest over the old
// one sends: the old manifest is created for real (without the
// last-applied annotation), the three-way strategic merge patch of the
// old manifest, the new one and the live object is sent with dryRun=All,
// and the object is deleted. The verdicts (allowed, 400, 422) and each
// 422 cause's field and type must agree; messages that differ are logged
// with the reason. CI runs KVAL_BUILTIN_DIFF_N requests (default 1,000) from
// seed KVAL_BUILTIN_DIFF_SEED (default 1).
func TestBuiltinsAgreeWithKubeAPIServer(t *testing.T) {
	n := envInt(t, "KVAL_BUILTIN_DIFF_N", 1000)
	seed := envInt(t, "KVAL_BUILTIN_DIFF_SEED", 1)
	d := &differential{cat: builtinCatalog(t), client: diffClient(t)}
	d.setUp(t)
	cases := newGen(uint64(seed)).cases(diffKinds(), n)
	outcomes := d.runAll(t.Context(), cases)
	report(t, cases, outcomes)
}

// differential sends cases to kval and to kube-apiserver.
type differential struct {
	cat    *catalog.Catalog
	client *dynamic.DynamicClient
}

// diffOutcome is what both sides answered to one case.
type diffOutcome struct{ kval, server answer }

// diffWorkers is how many cases run at once.
const diffWorkers = 4

func (d *differential) runAll(ctx context.Context, cases []diffCase) []diffOutcome {
	out := make([]diffOutcome, len(cases))
	next := make(chan int)
	var wg sync.WaitGroup
	for range diffWorkers {
		wg.Go(func() {
			for i := range next {
				out[i] = diffOutcome{kval: d.kval(ctx, cases[i]), server: d.server(ctx, cases[i])}
			}
		})
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

func builtinCatalog(t *testing.T) *catalog.Catalog {
	set, err := builtin.Version(builtin.Newest())
	if err != nil {
		t.Fatal(err)
	}
	return catalog.New(catalog.Options{Builtins: set, Native: strategy.ForKind})
}

// diffClient is the administrator's client, unthrottled, without warnings.
func diffClient(t *testing.T) *dynamic.DynamicClient {
	cfg := testCluster.Config()
	cfg.QPS, cfg.Burst = 1000, 1000
	cfg.WarningHandler = rest.NoWarnings{}
	client, err := dynamic.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// setUp creates the namespace and the service accounts its pods use.
func (d *differential) setUp(t *testing.T) {
	ensure(t, d.client.Resource(namespaceRes), namespace(diffNamespace))
	ensure(t, d.client.Resource(namespaceRes), namespace(policyNamespace))
	sa := d.client.Resource(namespaceRes.GroupVersion().WithResource("serviceaccounts")).Namespace(diffNamespace)
	for _, name := range []string{"default", "sa"} {
		obj := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "ServiceAccount"}}
		obj.SetName(name)
		ensure(t, sa, obj)
	}
}
