// Package schemaless has Cluster API's recursive schema type, fields
// whose schema +kubebuilder:validation:Schemaless leaves to their markers
// (in either order), and +default=ref(...) beside +kubebuilder:default.
//
// +groupName=schemaless.example.com
package schemaless

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Variable struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Props `json:"spec"`
}

// Props is recursive, as JSONSchemaProps is.
type Props struct {
	Type string `json:"type,omitempty"`
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Schemaless
	Properties map[string]Props `json:"properties,omitempty"`
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Type=object
	Items *Props `json:"items,omitempty"`
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Type=object
	// +kubebuilder:validation:Schemaless
	Values map[string]any `json:"values,omitempty"`
	// +kubebuilder:default=FieldValueInvalid
	// +default=ref(github.com/kval-dev/kval/gen/crd/testdata/schemaless.ReasonInvalid)
	Reason Reason `json:"reason,omitempty"`
	// +default=ref(ReasonInvalid)
	Fallback Reason `json:"fallback,omitempty"`
	// +kubebuilder:default=2
	// +default=3
	Count int32 `json:"count,omitempty"`
}

type Reason string

const ReasonInvalid Reason = "FieldValueInvalid"
