package schema

import (
	"strings"

	"k8s.io/apimachinery/pkg/api/equality"
)

// defaultV1 applies the defaults of apiextensions.k8s.io/v1 and its
// conversion to the internal form.
func defaultV1(spec *CRDSpec) {
	defaultNames(&spec.Names)
	if spec.Conversion == nil {
		spec.Conversion = &Conversion{Strategy: NoneConverter}
	}
	if len(spec.Versions) > 0 {
		spec.Version = spec.Versions[0].Name
	}
}

// defaultV1beta1 applies the defaults of apiextensions.k8s.io/v1beta1.
func defaultV1beta1(spec *CRDSpec) {
	if spec.Scope == "" {
		spec.Scope = NamespaceScoped
	}
	defaultNames(&spec.Names)
	if len(spec.Versions) == 0 && spec.Version != "" {
		spec.Versions = []Version{{Name: spec.Version, Served: true, Storage: true}}
	}
	if spec.Version == "" && len(spec.Versions) > 0 {
		spec.Version = spec.Versions[0].Name
	}
	if spec.Conversion == nil {
		spec.Conversion = &Conversion{Strategy: NoneConverter}
	}
	if spec.Conversion.Strategy == WebhookConverter && len(spec.Conversion.ConversionReviewVersions) == 0 {
		spec.Conversion.ConversionReviewVersions = []string{"v1beta1"}
	}
	if spec.PreserveUnknownFields == nil {
		t := true
		spec.PreserveUnknownFields = &t
	}
}

func defaultNames(n *Names) {
	if n.Singular == "" {
		n.Singular = strings.ToLower(n.Kind)
	}
	if n.ListKind == "" && n.Kind != "" {
		n.ListKind = n.Kind + "List"
	}
}

// collapseIdenticalVersionFields moves per-version fields that are identical
// in every version to the top level, as the v1-to-internal conversion does.
// Equality is the apiserver's semantic equality (nil and empty are equal).
func collapseIdenticalVersionFields(spec *CRDSpec) {
	vs := spec.Versions
	if len(vs) == 0 {
		return
	}
	same := func(get func(v *Version) any) bool {
		first := get(&vs[0])
		for i := range vs {
			if !equality.Semantic.DeepEqual(get(&vs[i]), first) {
				return false
			}
		}
		return true
	}
	if same(func(v *Version) any { return v.Subresources }) {
		spec.Subresources = vs[0].Subresources
		for i := range vs {
			vs[i].Subresources = nil
		}
	}
	if same(func(v *Version) any { return v.Schema }) {
		spec.Validation = vs[0].Schema
		for i := range vs {
			vs[i].Schema = nil
		}
	}
	if same(func(v *Version) any { return v.PrinterColumns }) {
		spec.PrinterColumns = vs[0].PrinterColumns
		for i := range vs {
			vs[i].PrinterColumns = nil
		}
	}
	if same(func(v *Version) any { return v.SelectableFields }) {
		spec.SelectableFields = vs[0].SelectableFields
		for i := range vs {
			vs[i].SelectableFields = nil
		}
	}
}
