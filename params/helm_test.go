package params

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestCoalesce(t *testing.T) {
	defaults := map[string]any{"replicas": int64(3), "persistence": map[string]any{"size": "5Gi", "storageClass": "standard"}}
	got := Coalesce(defaults, map[string]any{"replicas": int64(5), "persistence": map[string]any{"storageClass": nil, "extra": true}})
	want := map[string]any{"replicas": int64(5), "persistence": map[string]any{"size": "5Gi", "extra": true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Coalesce = %v, want %v", got, want)
	}
	if _, ok := defaults["persistence"].(map[string]any)["extra"]; ok {
		t.Error("Coalesce modified the defaults")
	}
}

func TestCheckHelmUpgrade(t *testing.T) {
	chart, err := LoadChart("../examples/params/chart")
	if err != nil {
		t.Fatal(err)
	}
	persistence := func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return map[string]any{"persistence": m}
	}
	cases := []struct {
		name     string
		old, new map[string]any
		errs     []wantErr
	}{
		{"mutable values may change", map[string]any{}, map[string]any{"replicas": int64(5)}, nil},
		{"an immutable value given again is allowed", persistence("size", "5Gi"), persistence("size", "5Gi"), nil},
		{"an immutable value given as the chart's default is no change", map[string]any{}, persistence("size", "5Gi"), nil},
		{"changing an immutable value is refused", map[string]any{}, persistence("size", "10Gi"),
			[]wantErr{{field.ErrorTypeForbidden, "Values.persistence.size", "field is immutable"}}},
		{"removing an immutable value with null is refused", map[string]any{}, persistence("storageClass", nil),
			[]wantErr{{field.ErrorTypeForbidden, "Values.persistence.storageClass", "field is immutable"}}},
		{"removing the parent of immutable values with null removes them, and is refused", map[string]any{}, map[string]any{"persistence": nil},
			[]wantErr{{field.ErrorTypeForbidden, "Values.persistence.size", "field is immutable"}, {field.ErrorTypeForbidden, "Values.persistence.storageClass", "field is immutable"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, errs := chart.CheckHelmUpgrade(c.old, c.new)
			checkErrors(t, errs, c.errs)
		})
	}
}

func TestLoadChartErrors(t *testing.T) {
	if _, err := LoadChart("testdata"); err == nil {
		t.Error("a directory without values.schema.json loaded as a chart")
	}
}

// TestCheckHelmUpgradeFromAnOldChart: a new chart version changing the
// default of an immutable value that the values do not set changes the
// release's value: refused when the old chart's defaults are known, not
// seen when the new chart's defaults stand under both sides.
func TestCheckHelmUpgradeFromAnOldChart(t *testing.T) {
	chart, err := LoadChart("../examples/params/chart")
	if err != nil {
		t.Fatal(err)
	}
	oldDefaults := map[string]any{"replicas": int64(3), "persistence": map[string]any{"size": "2Gi", "storageClass": "standard"}}
	values := map[string]any{"replicas": int64(3)}
	_, errs := chart.CheckHelmUpgradeFrom(oldDefaults, values, values)
	checkErrors(t, errs, []wantErr{{field.ErrorTypeForbidden, "Values.persistence.size", "field is immutable"}})
	pinned := map[string]any{"persistence": map[string]any{"size": "2Gi"}}
	_, errs = chart.CheckHelmUpgradeFrom(oldDefaults, values, pinned)
	checkErrors(t, errs, nil)
	_, errs = chart.CheckHelmUpgrade(values, values)
	checkErrors(t, errs, nil)
}

func TestLoadChartDefaults(t *testing.T) {
	if d, err := LoadChartDefaults("testdata"); err != nil || len(d) != 0 {
		t.Errorf("a directory without values.yaml: %v, %v; want no defaults", d, err)
	}
	if _, err := LoadChartDefaults("testdata/no-such-chart"); err == nil {
		t.Error("a missing directory: no error")
	}
}
