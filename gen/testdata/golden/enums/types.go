package enums

// Protocol is how a port is served.
// +k8s:enum
type Protocol string

const (
	ProtocolTCP Protocol = "TCP"
	ProtocolUDP Protocol = "UDP"
	// SCTP is allowed only when the SCTPSupport option is on.
	// +k8s:ifDisabled(SCTPSupport)=+k8s:enumExclude
	ProtocolSCTP Protocol = "SCTP"
	// ProtocolAny is a wildcard of the API, not a value clients may send.
	// +k8s:enumExclude
	ProtocolAny Protocol = "*"
)

// Port uses the enum.
type Port struct {
	// +k8s:required
	Protocol Protocol `json:"protocol"`
	// +k8s:optional
	// +k8s:alpha=+k8s:neq=0
	Number int32 `json:"number"`
	// +k8s:optional
	// +k8s:alpha=+k8s:neq="default"
	Name string `json:"name"`
}
