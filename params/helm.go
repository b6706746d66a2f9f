package params

import (
	"fmt"
	"os"
	"path/filepath"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/mutability"
	"github.com/kval-dev/kval/schema"
)

// The files of a Helm chart that CheckHelmUpgrade reads.
const (
	HelmSchemaFile = "values.schema.json"
	HelmValuesFile = "values.yaml"
)

// HelmValuesPath is the root of the paths of errors about Helm values, as
// templates name them: Values.persistence.size.
var HelmValuesPath = field.NewPath("Values")

// Chart is what CheckHelmUpgrade needs of a Helm chart: its default values
// and the mutability checker compiled from its values.schema.json.
type Chart struct {
	Dir      string
	Defaults map[string]any
	checker  *mutability.Checker
}

// LoadChart reads a chart directory's values.yaml (optional) and
// values.schema.json, where x-kubernetes-mutability and
// x-kubernetes-key-mutability declare what may not change.
func LoadChart(dir string) (*Chart, error) {
	s, err := loadHelmSchema(filepath.Join(dir, HelmSchemaFile))
	if err != nil {
		return nil, err
	}
	defaults, err := LoadChartDefaults(dir)
	if err != nil {
		return nil, err
	}
	return &Chart{Dir: dir, Defaults: defaults, checker: mutability.Compile(s)}, nil
}

// LoadChartDefaults reads a chart directory's values.yaml, its default
// values (none when it has no values.yaml). CheckHelmUpgradeFrom takes
// them from the chart a release was installed with, which need not have a
// values.schema.json.
func LoadChartDefaults(dir string) (map[string]any, error) {
	path := filepath.Join(dir, HelmValuesFile)
	if _, err := os.Stat(path); err != nil {
		if _, dirErr := os.Stat(dir); dirErr != nil {
			return nil, dirErr
		}
		return map[string]any{}, nil
	}
	return LoadHelmValues(path)
}

// loadHelmSchema parses values.schema.json with the structural schema
// model; JSON Schema's document keywords $schema and $id, which Helm's
// schemas start with, are dropped first. Other keywords a CRD schema does
// not know are errors: kval would not know what they mean.
func loadHelmSchema(path string) (*schema.Schema, error) {
	doc, err := readSingle(path)
	if err != nil {
		return nil, err
	}
	raw := doc.Object
	delete(raw, "$schema")
	delete(raw, "$id")
	s, errs := schema.Parse(nil, raw)
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s: %v", path, errs.ToAggregate())
	}
	return s, nil
}

// LoadHelmValues reads a values file: one YAML map.
func LoadHelmValues(path string) (map[string]any, error) {
	docs, errs := manifest.ReadFile(path)
	switch {
	case len(errs) > 0:
		return nil, errs[0]
	case len(docs) == 0:
		return map[string]any{}, nil // an empty values file sets nothing
	case len(docs) > 1:
		return nil, fmt.Errorf("%s: want one YAML map of values, found %d documents", path, len(docs))
	}
	return docs[0].Object, nil
}

// CheckHelmUpgrade checks an upgrade of a release of c from the values old
// to new (as given with -f: the chart's defaults are merged under each, as
// Helm does) and returns the values the release ends with and every change
// the chart's schema forbids, with the mutability package's semantics.
// The same defaults under both sides cannot show a change of a default:
// for an upgrade to a new version of the chart, CheckHelmUpgradeFrom.
func (c *Chart) CheckHelmUpgrade(old, new map[string]any) (map[string]any, field.ErrorList) {
	return c.CheckHelmUpgradeFrom(c.Defaults, old, new)
}

// CheckHelmUpgradeFrom checks an upgrade to chart c from a release
// installed with another version of the chart, whose defaults are
// oldDefaults (LoadChartDefaults): they are merged under old, c's under
// new, so that a new default of an immutable value that the values do not
// set is a change, as it is for the release. c's schema says what may not
// change.
func (c *Chart) CheckHelmUpgradeFrom(oldDefaults, old, new map[string]any) (map[string]any, field.ErrorList) {
	before, after := Coalesce(oldDefaults, old), Coalesce(c.Defaults, new)
	return after, c.checker.Check(HelmValuesPath, after, before)
}

// Coalesce merges values over a chart's defaults as Helm does: maps merge
// key by key, anything else in values replaces the default, and a null in
// values removes the default.
func Coalesce(defaults, values map[string]any) map[string]any {
	out := make(map[string]any, len(defaults)+len(values))
	for k, v := range defaults {
		out[k] = v
	}
	for k, v := range values {
		d, isMap := out[k].(map[string]any)
		vm, valueIsMap := v.(map[string]any)
		switch {
		case v == nil:
			delete(out, k)
		case isMap && valueIsMap:
			out[k] = Coalesce(d, vm)
		default:
			out[k] = v
		}
	}
	return out
}
