package dependencies

// TLS needs a key with a certificate, and a certificate excludes a
// self-signed request.
type TLS struct {
	// +k8s:optional
	// +k8s:alpha=+k8s:dependentRequired(key)
	// +k8s:alpha=+k8s:dependentForbidden(selfSigned)
	Certificate string `json:"certificate"`
	// +k8s:optional
	Key string `json:"key"`
	// +k8s:optional
	SelfSigned *bool `json:"selfSigned"`
}
