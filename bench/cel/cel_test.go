package cel

import (
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/runtime"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"

	upstreamcel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"

	"github.com/kval-dev/kval/celrules"
)

// BenchmarkStageCreate evaluates the rules on every example on create.
func BenchmarkStageCreate(b *testing.B) {
	for _, ex := range loadExamples(b) {
		b.Run(ex.name+"/kval", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res := ex.kval.Validate(ctx, nil, ex.decoded, nil, celrules.EvalOptions{Budget: celrules.RuntimeCELCostBudget}); len(res.Errors) > 0 {
					b.Fatal(res.Errors)
				}
			}
		})
		b.Run(ex.name+"/upstream", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if errs, _ := ex.upstream.Validate(ctx, nil, ex.structural, ex.decoded, nil, celconfig.RuntimeCELCostBudget); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}

// BenchmarkStageUpdate evaluates the rules on every example as a no-op
// update (transition rules run), with ratcheting as the strategy does.
func BenchmarkStageUpdate(b *testing.B) {
	for _, ex := range loadExamples(b) {
		old := runtime.DeepCopyJSON(ex.decoded)
		b.Run(ex.name+"/kval", func(b *testing.B) {
			b.ReportAllocs()
			opts := celrules.EvalOptions{Budget: celrules.RuntimeCELCostBudget, Ratcheting: true}
			for b.Loop() {
				if res := ex.kval.Validate(ctx, nil, ex.decoded, old, opts); len(res.Errors) > 0 {
					b.Fatal(res.Errors)
				}
			}
		})
		b.Run(ex.name+"/upstream", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				corr := common.NewCorrelatedObject(ex.decoded, old, &model.Structural{Structural: ex.structural})
				if errs, _ := ex.upstream.Validate(ctx, nil, ex.structural, ex.decoded, old, celconfig.RuntimeCELCostBudget, upstreamcel.WithRatcheting(corr)); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}
