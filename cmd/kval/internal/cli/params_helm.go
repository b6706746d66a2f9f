package cli

import (
	"github.com/spf13/cobra"

	"github.com/kval-dev/kval/params"
)

// helmOptions are the flags of kval params check --chart.
type helmOptions struct {
	chart, oldChart, oldValues, values string
}

func (h *helmOptions) addFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&h.chart, "chart", "", "a Helm chart directory whose values.schema.json declares x-kubernetes-mutability")
	f.StringVar(&h.oldChart, "old-chart", "", "the chart directory the release was installed with, when the upgrade also changes the chart: its values.yaml goes under --old-values, so a changed default of an immutable value is caught (with --chart; default: --chart's own defaults under both)")
	f.StringVar(&h.oldValues, "old-values", "", "the values of the installed release (with --chart)")
	f.StringVar(&h.values, "values", "", "the values of the upgrade (with --chart)")
}

// check runs a Helm upgrade check: the chart's defaults (the old chart's
// under the old values with --old-chart) under each values file, compared
// with the chart schema's mutability extensions.
func (h *helmOptions) check() (*checkResult, error) {
	if h.oldValues == "" || h.values == "" {
		return nil, badInput("--chart needs --old-values and --values")
	}
	chart, err := params.LoadChart(h.chart)
	if err != nil {
		return nil, badInput("%v", err)
	}
	old, err := params.LoadHelmValues(h.oldValues)
	if err != nil {
		return nil, badInput("%v", err)
	}
	values, err := params.LoadHelmValues(h.values)
	if err != nil {
		return nil, badInput("%v", err)
	}
	oldDefaults := chart.Defaults
	if h.oldChart != "" {
		if oldDefaults, err = params.LoadChartDefaults(h.oldChart); err != nil {
			return nil, badInput("--old-chart: %v", err)
		}
	}
	result, errs := chart.CheckHelmUpgradeFrom(oldDefaults, old, values)
	return &checkResult{Operation: "helm upgrade", Chart: h.chart, Values: result, fieldErrs: errs}, nil
}
