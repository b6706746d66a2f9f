package crdsource

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const charts = "../../cmd/kval/internal/cli/testdata/charts"

// TestChartCRDs: a chart is its crds/ folder and those of its unpacked
// subcharts; a chart without any is an error; other paths are themselves.
func TestChartCRDs(t *testing.T) {
	got, err := chartCRDs(filepath.Join(charts, "shop"))
	want := []string{filepath.Join(charts, "shop", "crds"), filepath.Join(charts, "shop", "charts", "cache", "crds")}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("%v %v, want %v", got, err, want)
	}
	if _, err := chartCRDs(filepath.Join(charts, "nocrds")); err == nil || !strings.Contains(err.Error(), "no crds/ folder") {
		t.Fatalf("%v", err)
	}
	if got, err := chartCRDs("testdata"); err != nil || !slices.Equal(got, []string{"testdata"}) {
		t.Fatalf("%v %v", got, err)
	}
}

// TestReadChart: Read serves a chart's CRDs and never reads its templates
// (which are not YAML).
func TestReadChart(t *testing.T) {
	loaded := Read(t.Context(), []string{filepath.Join(charts, "shop")}, Options{Defer: true})
	if len(loaded.Problems) != 0 || len(loaded.Deferred) != 2 {
		t.Fatalf("%+v", loaded)
	}
}
