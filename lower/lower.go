package lower

import (
	"context"
	"fmt"
	"maps"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// Options choose what Lower keeps.
type Options struct {
	// KeepExtensions keeps x-kubernetes-mutability and
	// x-kubernetes-key-mutability beside the generated rules. By default
	// they are dropped, since kube-apiserver does not know them and kubectl
	// apply (strict field validation) rejects a CRD that has them.
	KeepExtensions bool
	// NoFixes skips the search for bounds that would bring a rule over a
	// cost limit under it (Unlowered.Fixes): it compiles the rule a few
	// times per candidate bound, the bulk of Lower's time on large CRDs.
	NoFixes bool
}

// Result is a lowered CRD.
type Result struct {
	// CRD is the input with the generated rules added (and the extensions
	// dropped unless Options.KeepExtensions); everything else is unchanged.
	CRD map[string]any
	// Lowered counts the extensions turned into rules; Rules the rules.
	Lowered, Rules int
	// Unlowered are the extensions that have no rules, and why, sorted by
	// version and path. The CRD enforces everything else.
	Unlowered []Unlowered
}

// Unlowered is an extension that Lower could not turn into rules.
type Unlowered struct {
	CRD, Version string
	// Path is the schema node in the CRD, e.g.
	// spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[engine].
	Path string
	// Pointer is the node's JSON Pointer tokens below openAPIV3Schema.
	Pointer []string
	Keyword string
	Value   schema.Mutability
	Reason  string
	// Fixes are bounds that would let it be lowered, each enough alone
	// ("maxItems <= 16 at ...").
	Fixes []string
}

func (u Unlowered) Error() string {
	msg := fmt.Sprintf("%s %q version %s: %s: %s: %s cannot be lowered: %s", schema.CRDKind, u.CRD, u.Version, u.Path, u.Keyword, u.Value, u.Reason)
	if len(u.Fixes) > 0 {
		msg += "; it can be with " + strings.Join(u.Fixes, ", or ")
	}
	return msg
}

// InputError is a CRD Lower cannot work on: not a CRD, or one kval lint
// rejects.
type InputError struct {
	CRD  string
	Errs field.ErrorList
}

func (e *InputError) Error() string {
	return fmt.Sprintf("%s %q is invalid: %v", schema.CRDKind, e.CRD, e.Errs.ToAggregate())
}

// Lower rewrites a CRD (an unstructured apiextensions.k8s.io/v1 or v1beta1
// CustomResourceDefinition) so that x-kubernetes-validations transition
// rules enforce its mutability extensions. crd is not changed.
func Lower(ctx context.Context, crd map[string]any, opts Options) (*Result, error) {
	decoded, err := checkInput(ctx, crd)
	if err != nil {
		return nil, err
	}
	// Each round lowers all but the constructs left out so far and lints
	// the output; it ends, or leaves out at least one more construct. The
	// constructs are finite, so the rounds are.
	left := map[string]Unlowered{}
	for {
		out, res := build(decoded, crd, left, opts)
		more, err := checkOutput(ctx, out, res, !opts.NoFixes)
		if err != nil {
			return nil, err
		}
		if len(more) == 0 {
			return res.result(out, left), nil
		}
		grown := len(left)
		maps.Copy(left, more)
		if len(left) == grown {
			return nil, fmt.Errorf("%s %q: lowering leaves out a construct it left out before (a bug in kval)", schema.CRDKind, decoded.Name())
		}
	}
}

func checkInput(ctx context.Context, crd map[string]any) (*schema.CRD, error) {
	name := crdName(crd)
	if !schema.IsCRD(crd) {
		return nil, &InputError{CRD: name, Errs: field.ErrorList{field.Invalid(field.NewPath("kind"), crd["kind"], "must be a "+schema.CRDKind)}}
	}
	decoded, errs := schema.DecodeCRD(manifest.Document{Object: crd})
	if len(errs) == 0 {
		errs = lint.CheckCRD(ctx, decoded, lint.Options{})
	}
	if len(errs) > 0 {
		return nil, &InputError{CRD: name, Errs: errs}
	}
	return decoded, nil
}

func crdName(crd map[string]any) string {
	meta, _ := crd["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	return name
}

// built is one round's output: the rules placed, by the path of their
// rule in the CRD, and the constructs.
type built struct {
	crd     string
	rules   map[string]placedRule
	lowered int
	count   int
	failed  map[string]Unlowered
}

type placedRule struct {
	version string
	index   int // of the version in spec.versions
	of      *construct
}

func (b *built) result(out map[string]any, left map[string]Unlowered) *Result {
	r := &Result{CRD: out, Lowered: b.lowered, Rules: b.count}
	for _, u := range b.failed {
		r.Unlowered = append(r.Unlowered, u)
	}
	sort.Slice(r.Unlowered, func(i, j int) bool {
		a, b := r.Unlowered[i], r.Unlowered[j]
		if a.Version != b.Version {
			return a.Version < b.Version
		}
		return a.Path+a.Keyword < b.Path+b.Keyword
	})
	return r
}

// constructID names a construct across rounds.
func constructID(version string, k *construct) string {
	return version + "\x00" + k.at.path.String() + "\x00" + k.keyword
}
