// Package api holds types whose validation is generated in another
// package, as Kubernetes does for versioned API types.
package api

// Backup is validated by package validation.
type Backup struct {
	TypeMeta int `json:"-"`

	// +k8s:required
	// +k8s:format=k8s-long-name
	Target string `json:"target"`
	// +k8s:optional
	Retention *Retention `json:"retention"`
	// +k8s:optional
	Mode Mode `json:"mode"`
}

// Retention is a nested type.
type Retention struct {
	// +k8s:optional
	// +k8s:minimum=1
	Days int32 `json:"days"`
}

// Mode is an enum.
// +k8s:enum
type Mode string

const (
	ModeFull        Mode = "Full"
	ModeIncremental Mode = "Incremental"
)
