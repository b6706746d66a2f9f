package modes

// Strategy is either Recreate or RollingUpdate.
type Strategy struct {
	// +k8s:modeDiscriminator
	// +k8s:required
	Type string `json:"type"`

	// +k8s:ifMode(RollingUpdate)=+k8s:required
	// +k8s:ifMode(RollingUpdate)=+k8s:minimum=1
	MaxSurge *int32 `json:"maxSurge"`

	// +k8s:ifMode(Recreate)=+k8s:optional
	GracePeriod *int32 `json:"gracePeriod"`
}
