package lint

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/schema"
)

// ImmutabilityWarnings returns kval's warnings about the ways an update
// can change what a CRD means to keep fixed (kube-apiserver gives none of
// these):
//
//   - a hand-written transition rule (one reading oldSelf, without
//     optionalOldSelf) on a node that an update can remove: the node, or a
//     property between it and its nearest correlating ancestor (the root,
//     a map value, a list-map item), is optional, and kube-apiserver runs
//     the rule only where the node is in both objects. An update removing
//     that property and a later one adding it back bypass the rule. No
//     warning where the chain is required, or where one of the two updates
//     is refused anyway: x-kubernetes-mutability on the chain (package
//     mutability judges a parent's removal and addition as its fields'), a
//     self == oldSelf rule above the optional property, or a transition
//     rule on its parent that provably keeps it (keptByRules); nor where
//     the rule itself lets any change through in two updates by way of its
//     node's empty value (passableThroughEmpty). Those proofs evaluate the
//     rules with the unknown parts left unknown; what cannot be proved
//     warns.
//   - served versions of the CRD that disagree on x-kubernetes-mutability
//     or x-kubernetes-key-mutability at the same path: an update through
//     the version without them changes the field, unless kval's webhook
//     gets the request in the defining version (matchPolicy: Equivalent
//     with only that version registered: kube-apiserver converts).
//   - conversion Webhook on a CRD with more than one served version and
//     the extensions: kval cannot convert between versions, whose paths
//     may differ, so only kube-apiserver's conversion makes the defining
//     version's extensions hold for the others.
//
// The warnings are in schema order, each with the path of the rule or
// field, the updates that bypass it, and the fix.
func ImmutabilityWarnings(crd *schema.CRD) []string {
	var out []string
	served := map[string]*schema.Schema{}
	var order []string
	for i, v := range crd.Spec.Versions {
		s := crd.VersionSchema(v.Name)
		if !v.Served || s == nil {
			continue
		}
		// The path in the document: v1 CRDs have a schema per version
		// (even where the internal form hoists identical ones).
		crdPath := field.NewPath("spec", "versions").Index(i).Child("schema", "openAPIV3Schema")
		if v.Schema == nil && crd.APIVersion == schema.CRDAPIVersionBeta {
			crdPath = field.NewPath("spec", "validation", "openAPIV3Schema")
		}
		w := &transitionWalk{}
		w.node(s, chainState{crdPath: crdPath})
		out = append(out, w.warnings...)
		served[v.Name] = s
		order = append(order, v.Name)
	}
	return append(out, versionDisagreements(crd, order, served)...)
}

// chainState is what the walk knows of a node and of the chain of object
// properties from its nearest correlating ancestor down to it.
type chainState struct {
	crdPath *field.Path // the node's schema in the CRD
	objPath string      // the node's object path ("" at the root)
	// optional are the optional properties of the chain, highest first,
	// that no self == oldSelf rule above them keeps.
	optional []optionalLink
	// guarded: x-kubernetes-mutability on the chain (or above it), which
	// judges a parent's removal and addition as its fields'. frozen: a
	// self == oldSelf rule on the chain (or above it) so far, which refuses
	// any change below it.
	guarded, frozen bool
}

// optionalLink is an optional property of a chain, and its parent.
type optionalLink struct {
	objPath, parentPath string
	parent              *schema.Schema
	name                string
}

type transitionWalk struct {
	warnings []string
	kept     map[optionalLink]bool // keptByRules, computed once a rule needs it
}

func (w *transitionWalk) node(s *schema.Schema, st chainState) {
	if s.Mutability != nil {
		st.guarded = true
	}
	for i, r := range s.Validations {
		if len(st.optional) == 0 || st.guarded || optionalOldSelf(r) || !celrules.UsesOldSelf(r.Rule) || passableThroughEmpty(s, r) {
			continue
		}
		if link, ok := w.removable(st.optional); ok {
			at := st.crdPath.Child("x-kubernetes-validations").Index(i).Child("rule")
			w.warnings = append(w.warnings, bypassWarning(at, st.objPath, link))
		}
	}
	st.frozen = st.frozen || slices.ContainsFunc(s.Validations, wholeValueRule)
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		child := st
		child.crdPath = st.crdPath.Child("properties").Key(name)
		child.objPath = joinPath(st.objPath, name)
		if !slices.Contains(s.Required, name) && !st.frozen {
			// Siblings share the chain's array: the walk is depth first and
			// keeps no chain past a call, so a schema N levels deep costs
			// O(N), not O(N²) (issue 27's 5,000-level CRD).
			child.optional = append(st.optional, optionalLink{objPath: child.objPath, parentPath: st.objPath, parent: s, name: name})
		}
		w.node(s.Properties[name], child)
	}
	// Items and map values start chains of their own: kube-apiserver
	// correlates them by key (oldSelf is an error below other lists).
	below := chainState{guarded: st.guarded, frozen: st.frozen}
	if s.Items != nil {
		below.crdPath, below.objPath = st.crdPath.Child("items"), st.objPath+"[*]"
		w.node(s.Items, below)
	}
	if v := s.AdditionalPropertiesSchema(); v != nil {
		below.crdPath, below.objPath = st.crdPath.Child("additionalProperties"), st.objPath+"[*]"
		w.node(v, below)
	}
}

// removable is the highest optional property of a chain that an update
// may remove and a later one add back: no rule on its parent keeps it.
func (w *transitionWalk) removable(links []optionalLink) (optionalLink, bool) {
	for _, l := range links {
		kept, known := w.kept[l]
		if !known {
			kept = keptByRules(l.parent, l.name)
			if w.kept == nil {
				w.kept = map[optionalLink]bool{}
			}
			w.kept[l] = kept
		}
		if !kept {
			return l, true
		}
	}
	return optionalLink{}, false
}

func optionalOldSelf(r schema.ValidationRule) bool {
	return r.OptionalOldSelf != nil && *r.OptionalOldSelf
}

// wholeValueRule: self == oldSelf, which refuses any change of the node's
// value, a property removed or added below it included.
func wholeValueRule(r schema.ValidationRule) bool {
	rule := strings.Join(strings.Fields(r.Rule), "")
	return !optionalOldSelf(r) && (rule == "self==oldSelf" || rule == "oldSelf==self")
}

// keptByRules reports whether a transition rule of object s provably
// refuses removing its property name, or adding it, whatever the other
// properties are: "required once set" (!has(oldSelf.f) || has(self.f)).
// Either is enough: the bypass needs both updates.
func keptByRules(s *schema.Schema, name string) bool {
	others := slices.DeleteFunc(slices.Sorted(maps.Keys(s.Properties)), func(n string) bool { return n == name })
	value := emptyValueOf(s.Properties[name])
	for _, r := range s.Validations {
		if !optionalOldSelf(r) && celrules.UsesOldSelf(r.Rule) && celrules.ForbidsRemovalOrAddition(r.Rule, name, others, value) {
			return true
		}
	}
	return false
}

// emptyValueOf is a value of the schema's type to stand for a property's
// value where only its presence matters.
func emptyValueOf(s *schema.Schema) any {
	switch s.Type {
	case "object":
		return map[string]any{}
	case "array":
		return []any{}
	case "integer":
		return int64(0)
	case "number":
		return 0.0
	case "boolean":
		return false
	}
	return ""
}

// passableThroughEmpty reports whether the rule already lets any change
// through in two updates within its node, by way of the node's empty value
// (an object without fields, an empty list) that the schema allows: then a
// parent's removal bypasses nothing the rule enforces. Rules that accept
// removing and setting again the fields they compare (!has(oldSelf.f) ||
// !has(self.f) || ...) are such.
func passableThroughEmpty(s *schema.Schema, r schema.ValidationRule) bool {
	var empty any
	switch {
	case s.Type == "object" && len(s.Required) == 0 && (s.MinProperties == nil || *s.MinProperties == 0):
		empty = map[string]any{}
	case s.Type == "array" && (s.MinItems == nil || *s.MinItems == 0):
		empty = []any{}
	default:
		return false
	}
	for _, other := range s.Validations {
		if !celrules.UsesOldSelf(other.Rule) && !celrules.HoldsOn(other.Rule, empty) {
			return false
		}
	}
	return celrules.AllowsThroughEmpty(r.Rule, empty)
}

func bypassWarning(at *field.Path, objPath string, link optionalLink) string {
	return fmt.Sprintf("%s: the transition rule on %s is bypassed by two updates, one removing %s (optional) and one adding it back: "+
		"kube-apiserver runs it only where %s is in both objects; use x-kubernetes-mutability on %s (kval judges a parent's removal and addition as its fields'), "+
		"a rule on %s comparing has(self.%s) with has(oldSelf.%s), or make %s required",
		at, nameOf(objPath), link.objPath, nameOf(objPath), nameOf(objPath),
		nameOf(link.parentPath), link.name, link.name, link.objPath)
}

// nameOf names an object path in a warning.
func nameOf(objPath string) string {
	if objPath == "" {
		return "the root"
	}
	return objPath
}

func joinPath(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}
