package unions

// Source is exactly one of its members, named by Type.
type Source struct {
	// +k8s:beta=+k8s:unionDiscriminator
	// +k8s:required
	Type string `json:"type"`
	// +k8s:unionMember
	// +k8s:optional
	Git *GitSource `json:"git"`
	// +k8s:unionMember(memberName: "Image")
	// +k8s:optional
	Container *string `json:"container"`
}

// GitSource is a member.
type GitSource struct {
	// +k8s:required
	URL string `json:"url"`
}

// Endpoint is exactly one of IP or Hostname, and at most one of the probes.
type Endpoint struct {
	// +k8s:unionMember
	// +k8s:optional
	IP string `json:"ip"`
	// +k8s:unionMember
	// +k8s:optional
	Hostname string `json:"hostname"`

	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	HTTPProbe *string `json:"httpProbe"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	TCPProbe *int32 `json:"tcpProbe"`
}

// Pipeline may hold at most one of its final tasks.
type Pipeline struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
	// +k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
	Tasks []Task `json:"tasks"`
}

// Task is an item of Pipeline.Tasks.
type Task struct {
	// +k8s:required
	Name string `json:"name"`
}
