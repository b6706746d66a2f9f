package custom

// Schedule has a rule no tag expresses.
// +k8s:customValidation
type Schedule struct {
	// +k8s:optional
	// +k8s:customValidation
	Cron string `json:"cron"`
	// +k8s:optional
	Start int32 `json:"start"`
	// +k8s:optional
	End int32 `json:"end"`

	// Its own rules are skipped here.
	// +k8s:opaqueType
	Window Window `json:"window"`
}

// Window has rules of its own.
type Window struct {
	// +k8s:required
	Zone string `json:"zone"`
}
