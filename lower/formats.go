package lower

import "fmt"

// convertedFormats are the string formats kube-apiserver's CEL does not
// read as strings (k8s.io/apiserver/pkg/cel/common): equal instants,
// durations or bytes written differently compare equal there, and some
// strings the format check accepts (a lowercase "t" in a date-time) do not
// parse, which fails the rule. kval compares the strings themselves.
var convertedFormats = map[string]string{
	"date":      "timestamps",
	"date-time": "timestamps",
	"duration":  "durations",
	"byte":      "bytes",
}

// convertedBelow returns a failure when a string at or below the last node
// of c has a format CEL converts, which makes CEL's equality on the node
// differ from package mutability's.
func convertedBelow(c chain) *failure {
	s := c.last().s
	if as, ok := convertedFormats[s.Format]; ok && s.Type == "string" {
		return &failure{reason: fmt.Sprintf("CEL reads the strings of format %s at %s as %s, so values written differently compare equal and some valid ones fail to parse, where kval compares the strings", s.Format, c.last().path, as)}
	}
	for _, child := range c.children() {
		if f := convertedBelow(child); f != nil {
			return f
		}
	}
	return nil
}
