package gen

import (
	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// gate is the condition a rule runs under: the validation options (feature
// gates) its +k8s:ifEnabled/ifDisabled prefixes (or KEP-5073's
// ifOptionEnabled/ifOptionDisabled) require on (true) or off (false).
type gate map[string]bool

// gateOf reads the option prefixes of a tag's chain, up to the first tag
// that is not a prefix keeping the rule in place.
func gateOf(t tags.Tag) gate {
	g := gate{}
	for _, link := range t.Chain() {
		if validators.IsOptionConditional(link.Name) {
			if arg, ok := link.PositionalArg(); ok {
				g[arg.Value] = link.Name == "k8s:ifEnabled" || link.Name == "k8s:ifOptionEnabled"
			}
		}
		if !samePlacePrefixes[link.Name] {
			break
		}
	}
	return g
}

// exclusive reports whether two gates can never hold together: one needs
// an option on that the other needs off.
func (g gate) exclusive(o gate) bool {
	for name, on := range g {
		if other, ok := o[name]; ok && other != on {
			return true
		}
	}
	return false
}

// covers reports whether g holds whenever o does (g asks no more than o).
func (g gate) covers(o gate) bool {
	for name, on := range g {
		if other, ok := o[name]; !ok || other != on {
			return false
		}
	}
	return true
}

// same reports whether two gates are one condition.
func (g gate) same(o gate) bool {
	return g.covers(o) && o.covers(g)
}
