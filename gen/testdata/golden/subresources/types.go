package subresources

// Pod is updated through /, /status and /resize.
type Pod struct {
	// Resources may change only through the resize subresource.
	// +k8s:optional
	// +k8s:beta(since: "1.36")=+k8s:ifNotSubresource("/resize")=+k8s:immutable
	Resources *string `json:"resources"`

	// Phase is bounded when written through status.
	// +k8s:optional
	// +k8s:beta(since: "1.36")=+k8s:ifSubresource(status)=+k8s:maxLength=8
	Phase string `json:"phase"`

	// NodeName is set once, through the resource itself.
	// +k8s:optional
	// +k8s:beta(since: "1.36")=+k8s:ifSubresource("/")=+k8s:update=NoModify,NoClear
	NodeName string `json:"nodeName"`
}
