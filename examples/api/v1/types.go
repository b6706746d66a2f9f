package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// A managed database instance.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:shortName=db
// +kubebuilder:subresource:status
type Database struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec DatabaseSpec `json:"spec,omitempty"`
	// +optional
	Status DatabaseStatus `json:"status,omitempty"`
}

// DatabaseList is a list of Databases.
//
// +kubebuilder:object:root=true
type DatabaseList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Database `json:"items"`
}

// +kubebuilder:validation:XValidation:rule="self.replicas == 1 || has(self.primaryZone)",message="a replicated database needs a primaryZone",fieldPath=".replicas"
type DatabaseSpec struct {
	// The database engine; it cannot change.
	// +immutable
	Engine Engine `json:"engine"`

	// Engine version, e.g. "16.2".
	// +kubebuilder:validation:Pattern=`^[0-9]+(\.[0-9]+)*$`
	Version string `json:"version"`

	// Zone of the primary, set once by the scheduler.
	// +immutable=AddOnly
	PrimaryZone string `json:"primaryZone,omitempty"`

	// Schema migrations applied, in order; append-only.
	// +k8s:maxItems=64
	// +immutable-keys=AddOnly
	Migrations []Migration `json:"migrations,omitempty"`

	// Number of instances; defaulted to 1.
	// +k8s:minimum=1
	// +k8s:maximum=9
	// +default=1
	Replicas int `json:"replicas,omitempty"`

	Storage *Storage `json:"storage,omitempty"`

	// Database users, keyed by name.
	// +k8s:maxItems=16
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Users []User `json:"users,omitempty"`

	// +k8s:listType=set
	AllowedCIDRs []CIDR `json:"allowedCIDRs,omitempty"`

	// Labels for the database's resources.
	Labels map[string]string `json:"labels,omitempty"`

	// Engine parameters, passed through unchecked.
	Parameters *runtime.RawExtension `json:"parameters,omitempty"`

	// A Kubernetes object template for backups.
	// +kubebuilder:validation:EmbeddedResource
	BackupJob *runtime.RawExtension `json:"backupJob,omitempty"`
}

// Engine is a database engine.
// +k8s:enum
type Engine string

const (
	EnginePostgres Engine = "postgres"
	EngineMySQL    Engine = "mysql"
)

// Migration names one schema migration; once applied it stays.
// +k8s:maxLength=256
// +immutable
type Migration string

// CIDR is an IP network in CIDR notation.
// +kubebuilder:validation:Format=cidr
type CIDR string

type Storage struct {
	// Size in bytes or as a quantity ("10Gi").
	Size *intstr.IntOrString `json:"size,omitempty"`
	// +default="standard"
	Class string `json:"class,omitempty"`
}

type User struct {
	// +k8s:maxLength=63
	Name string `json:"name"`
	// +k8s:listType=set
	Roles []string `json:"roles,omitempty"`
}

type DatabaseStatus struct {
	Phase    string `json:"phase,omitempty"`
	Endpoint string `json:"endpoint,omitempty"`
}
