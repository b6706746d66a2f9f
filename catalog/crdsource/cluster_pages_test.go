package crdsource

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/yaml"
)

// TestTheClusterIsListedInPages: the CRDs are listed a page at a time
// (a list of a cluster's every CRD at once was 300 MB, 2.6 GB once
// decoded), and every page is read.
func TestTheClusterIsListedInPages(t *testing.T) {
	data, err := os.ReadFile("../../examples/crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	crd := map[string]any{}
	if err := yaml.Unmarshal(data, &crd); err != nil {
		t.Fatal(err)
	}
	const pages = 3
	var limits []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limits = append(limits, r.URL.Query().Get("limit"))
		page, _ := strconv.Atoi(r.URL.Query().Get("continue"))
		meta := map[string]any{}
		if page+1 < pages {
			meta["continue"] = strconv.Itoa(page + 1)
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinitionList",
			"metadata": meta, "items": []any{crd, crd}})
	}))
	defer srv.Close()
	loaded := listCluster(context.Background(), &rest.Config{Host: srv.URL}, newBudget(maxClusterResponseBytes, maxClusterBytes))
	if len(loaded.CRDs) != 2*pages || len(loaded.Problems) != 0 {
		t.Errorf("%d CRDs, problems %v; want %d", len(loaded.CRDs), loaded.Problems, 2*pages)
	}
	for _, l := range limits {
		if n, _ := strconv.Atoi(l); n <= 0 || n > clusterPageSize {
			t.Errorf("a list with limit %q, want pages of at most %d", l, clusterPageSize)
		}
	}
	if len(limits) != pages {
		t.Errorf("%d lists, want %d", len(limits), pages)
	}
}
