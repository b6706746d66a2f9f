// Package embedsapi embeds k8s.io/api types, a foreign package whose
// comments carry other tools' markers: k8s:protobuf-gen on the package,
// openapi-gen's enum and default=ref(...), declarative validation's
// k8s:format and k8s:customValidation (which kval refuses in its own
// packages), and structType=atomic on an inlined struct.
//
// +groupName=embeds.example.com
package embedsapi

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
type Holder struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              HolderSpec `json:"spec"`
}

type HolderSpec struct {
	Responder corev1.EvictionResponder     `json:"responder"`
	Disk      corev1.AzureDiskVolumeSource `json:"disk"`
	EnvFrom   corev1.ConfigMapEnvSource    `json:"envFrom"`
}
