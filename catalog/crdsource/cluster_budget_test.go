package crdsource

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/yaml"
)

// fakeCRDCluster serves the list of CRDs: pages of the limit asked for,
// or all at once when it ignores limit, each CRD padded to about size
// bytes, count of them (endless: always one more page).
type fakeCRDCluster struct {
	crd          map[string]any
	count, size  int
	ignoresLimit bool
	endless      bool
	mu           sync.Mutex
	limitsAsked  []int
}

func newFakeCRDCluster(t *testing.T, count, size int) *fakeCRDCluster {
	t.Helper()
	data, err := os.ReadFile("../../examples/crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c := &fakeCRDCluster{count: count, size: size}
	if err := yaml.Unmarshal(data, &c.crd); err != nil {
		t.Fatal(err)
	}
	return c
}

func (c *fakeCRDCluster) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	from, _ := strconv.Atoi(r.URL.Query().Get("continue"))
	c.mu.Lock()
	c.limitsAsked = append(c.limitsAsked, limit)
	c.mu.Unlock()
	to := c.count
	if !c.ignoresLimit && limit > 0 {
		to = min(from+limit, c.count)
	}
	meta := map[string]any{}
	if to < c.count || c.endless {
		meta["continue"] = strconv.Itoa(to)
	}
	items := []any{}
	for i := from; i < to; i++ {
		items = append(items, c.item(i))
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinitionList", "metadata": meta, "items": items})
}

// item is the example CRD under a name of its own, with a padded
// annotation.
func (c *fakeCRDCluster) item(i int) map[string]any {
	crd := map[string]any{}
	for k, v := range c.crd {
		crd[k] = v
	}
	meta := map[string]any{"name": fmt.Sprintf("c%d.example.kval.dev", i), "annotations": map[string]any{"pad": strings.Repeat("x", c.size)}}
	crd["metadata"] = meta
	return crd
}

func listFake(t *testing.T, c *fakeCRDCluster, perResponse, total int64) (crds int, problems string) {
	t.Helper()
	srv := httptest.NewServer(c)
	defer srv.Close()
	loaded := listCluster(context.Background(), &rest.Config{Host: srv.URL}, newBudget(perResponse, total))
	var msgs []string
	for _, p := range loaded.Problems {
		msgs = append(msgs, p.Err.Error())
	}
	return len(loaded.CRDs), strings.Join(msgs, "; ")
}

// TestALargePageIsAskedForInSmallerPages: a page over the per-answer bound
// is listed again in pages half as long, and every CRD is read.
func TestALargePageIsAskedForInSmallerPages(t *testing.T) {
	c := newFakeCRDCluster(t, 12, 20<<10)
	crds, problems := listFake(t, c, 100<<10, 1<<30)
	if crds != 12 || problems != "" {
		t.Fatalf("%d CRDs, problems %q; want 12", crds, problems)
	}
	if c.limitsAsked[0] != clusterPageSize || c.limitsAsked[len(c.limitsAsked)-1] >= clusterPageSize {
		t.Errorf("limits asked %v: want %d, then smaller pages", c.limitsAsked, clusterPageSize)
	}
}

// TestAClusterThatIgnoresLimitIsRefused: a server that answers every list
// whole cannot make kval read more than the per-answer bound.
func TestAClusterThatIgnoresLimitIsRefused(t *testing.T) {
	c := newFakeCRDCluster(t, 20, 20<<10)
	c.ignoresLimit = true
	crds, problems := listFake(t, c, 100<<10, 1<<30)
	if crds != 0 || !strings.Contains(problems, "answered a list of 1 with more than") {
		t.Errorf("%d CRDs, problems %q; want the per-answer bound's refusal", crds, problems)
	}
}

// TestEndlessPagesStopAtTheTotalBound: pages that never end stop at the
// bound on all answers together, with kval's message.
func TestEndlessPagesStopAtTheTotalBound(t *testing.T) {
	c := newFakeCRDCluster(t, 1<<20, 10<<10)
	c.endless = true
	crds, problems := listFake(t, c, 1<<20, 2<<20)
	if crds != 0 || !strings.Contains(problems, "CustomResourceDefinitions are more than") {
		t.Errorf("%d CRDs, problems %q; want the total bound's refusal", crds, problems)
	}
}
