package lower

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// checkOutput lints the lowered CRD as kube-apiserver would check it on
// create, and returns the constructs whose rules it rejects: a rule over
// the per-rule cost limit (with the bounds that would bring it under, from
// celrules' fix hints), and, where the rules of a schema together cost
// more than the limit of a whole schema, the most expensive generated ones
// (see overTotal). Any other error is a bug in the lowering.
func checkOutput(ctx context.Context, out map[string]any, b *built, withFixes bool) (map[string]Unlowered, error) {
	decoded, errs := schema.DecodeCRD(manifest.Document{Object: out})
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s %q: the lowered CRD does not decode (a bug in kval): %v", schema.CRDKind, b.crd, errs.ToAggregate())
	}
	checker := celrules.NewChecker()
	errs = lint.CheckCRD(ctx, decoded, lint.Options{Rules: checker})
	var fixes map[string][]string
	if withFixes {
		fixes = fixesByPath(checker)
	}
	more := map[string]Unlowered{}
	var unexpected, totals field.ErrorList
	for _, e := range errs {
		if celrules.IsTotalCostError(e) {
			totals = append(totals, e) // names only the top few rules: overTotal reads every cost
			continue
		}
		path, r, ok := b.generatedRule(e.Field)
		if !ok {
			unexpected = append(unexpected, e)
			continue
		}
		id := constructID(r.version, r.of)
		if _, seen := more[id]; !seen {
			more[id] = b.unlowered(r.version, r.of, "its rule "+e.Detail, fixes[path])
		}
	}
	if err := b.overTotal(checker.Costs(), more, withFixes); err != nil {
		return nil, err
	}
	if len(more) == 0 {
		unexpected = append(unexpected, totals...) // overTotal should have left some out
	}
	if len(more) == 0 && len(unexpected) > 0 {
		return nil, fmt.Errorf("%s %q: the lowered CRD fails kval lint (a bug in kval): %v", schema.CRDKind, b.crd, unexpected.ToAggregate())
	}
	return more, nil
}

// generatedRule finds the generated rule an error of kval lint is about:
// the error's field is the rule or below it. Where all versions share one
// schema, kval lint checks it once, as spec.validation: the error is then
// about the rule of the first version.
func (b *built) generatedRule(errField string) (string, placedRule, bool) {
	for path, r := range b.rules {
		for _, rulePath := range []string{path, collapsed(path)} {
			base := strings.TrimSuffix(rulePath, ".rule")
			if errField == rulePath || errField == base || strings.HasPrefix(errField, base+".") {
				return path, r, true
			}
		}
	}
	return "", placedRule{}, false
}

// collapsed is the path of a rule of the first version's schema as kval
// lint reports it when every version has that schema.
func collapsed(path string) string {
	const first = "spec.versions[0].schema."
	if !strings.HasPrefix(path, first) {
		return ""
	}
	return "spec.validation." + strings.TrimPrefix(path, first)
}

// uncollapse names the schema of a fix as the first version's, where kval
// lint checked the one schema all versions share as spec.validation.
func uncollapse(fix string) string {
	return strings.ReplaceAll(fix, " at spec.validation.", " at spec.versions[0].schema.")
}

// fixesByPath are the fix hints of every rule over its cost limit.
func fixesByPath(c *celrules.Checker) map[string][]string {
	out := map[string][]string{}
	for _, rc := range c.Costs() {
		if !rc.OverLimit() {
			continue
		}
		path := rc.Path.String()
		if strings.HasPrefix(path, "spec.validation.") {
			path = "spec.versions[0].schema." + strings.TrimPrefix(path, "spec.validation.")
		}
		for _, f := range rc.Fixes() {
			out[path] = append(out[path], uncollapse(f.String()))
		}
	}
	return out
}
