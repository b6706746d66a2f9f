package api

// Widget is a root type, as an API object would be.
type Widget struct {
	TypeMeta int `json:"-"`

	// +k8s:required
	// +k8s:format=k8s-long-name
	Name string `json:"name"`

	// +k8s:optional
	// +k8s:maxLength=256
	Description string `json:"description"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec is the desired state.
type WidgetSpec struct {
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:maximum=1000
	Replicas *int32 `json:"replicas"`

	// +k8s:required
	Mode Mode `json:"mode"`

	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=64
	Ports []Port `json:"ports"`

	// +k8s:optional
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Zones []string `json:"zones"`

	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:maxLength=63
	Labels map[string]string `json:"labels"`

	// +k8s:optional
	// +k8s:immutable
	ClassName string `json:"className"`

	// +k8s:optional
	Storage *Storage `json:"storage"`
}

// Mode is an enum.
// +k8s:enum
type Mode string

const (
	ModeActive  Mode = "Active"
	ModePassive Mode = "Passive"
	ModeDrain   Mode = "Drain"
)

// Port is an item of a list-map.
type Port struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +k8s:required
	// +k8s:minimum=1
	// +k8s:maximum=65535
	Number int32 `json:"number"`
	// +k8s:optional
	// +k8s:maxLength=16
	Protocol string `json:"protocol"`
}

// Storage is a union of sources.
type Storage struct {
	// +k8s:optional
	// +k8s:unionMember
	Disk *Disk `json:"disk"`
	// +k8s:optional
	// +k8s:unionMember
	Memory *int64 `json:"memory"`
}

// Disk is a union member.
type Disk struct {
	// +k8s:required
	// +k8s:minimum=1
	SizeGB int32 `json:"sizeGB"`
	// +k8s:optional
	// +k8s:format=k8s-long-name
	Class string `json:"class"`
}
