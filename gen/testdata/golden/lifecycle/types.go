package lifecycle

// Pool follows KEP-5073's example of two fields through the lifecycle.
type Pool struct {
	// Size is a migrated legacy rule, directly beta.
	// +k8s:optional
	// +k8s:beta(since: "1.39", owner: "@jane")=+k8s:minimum=1
	Size int32 `json:"size"`

	// Burst is a newly migrated rule, starting in alpha.
	// +k8s:optional
	// +k8s:alpha(since: "v1.39")=+k8s:maximum=10
	Burst int32 `json:"burst"`

	// Zone is a standard rule: enforced under enforcement, implicitly
	// shadowed without it.
	// +k8s:optional
	// +k8s:maxLength=8
	Zone string `json:"zone"`

	// Tier's alpha rule mirrors hand-written validation for good.
	// +k8s:validation-lifecycle-exempt
	// +k8s:optional
	// +k8s:alpha=+k8s:maxLength=4
	Tier string `json:"tier"`
}
