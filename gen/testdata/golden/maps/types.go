package maps

// Config has maps.
type Config struct {
	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:maxLength=5
	Labels map[string]string `json:"labels"`

	// +k8s:optional
	// +k8s:maxProperties=2
	Limits Limits `json:"limits"`

	// Values of a struct type are validated by its function.
	// +k8s:optional
	Volumes map[string]Volume `json:"volumes"`
}

// Limits is a map typedef with rules on its values.
// +k8s:eachVal=+k8s:minimum=0
type Limits map[string]int64

// Volume is a map value.
type Volume struct {
	// +k8s:required
	Path string `json:"path"`
}
