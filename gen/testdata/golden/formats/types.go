package formats

// Formats has one field per format.
type Formats struct {
	// +k8s:optional
	// +k8s:format=k8s-short-name
	ShortName string `json:"shortName"`
	// +k8s:optional
	// +k8s:format=k8s-long-name
	LongName string `json:"longName"`
	// +k8s:optional
	// +k8s:format=k8s-long-name-caseless
	LongNameCaseless string `json:"longNameCaseless"`
	// +k8s:optional
	// +k8s:format=k8s-label-key
	LabelKey string `json:"labelKey"`
	// +k8s:optional
	// +k8s:format=k8s-prefixed-label-key
	PrefixedLabelKey string `json:"prefixedLabelKey"`
	// +k8s:optional
	// +k8s:format=k8s-label-value
	LabelValue *string `json:"labelValue"`
	// +k8s:optional
	// +k8s:format=k8s-path-segment-name
	PathSegmentName string `json:"pathSegmentName"`
	// +k8s:optional
	// +k8s:format=k8s-uuid
	UUID string `json:"uuid"`
	// +k8s:optional
	// +k8s:format=k8s-resource-pool-name
	ResourcePoolName string `json:"resourcePoolName"`
	// +k8s:optional
	// +k8s:format=k8s-extended-resource-name
	ExtendedResourceName string `json:"extendedResourceName"`
	// +k8s:optional
	// +k8s:format=k8s-resource-fully-qualified-name
	ResourceFullyQualifiedName string `json:"resourceFullyQualifiedName"`
	// +k8s:optional
	// +k8s:format=k8s-ip
	IP string `json:"ip"`
	// +k8s:optional
	// +k8s:format=k8s-cidr
	CIDR string `json:"cidr"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Names []string `json:"names"`
}
