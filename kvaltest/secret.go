package kvaltest

import (
	"encoding/base64"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// secrets is the resource of core v1 Secrets.
var secrets = schema.GroupResource{Resource: "secrets"}

// convertBuiltin does what kube-apiserver's conversion of a built-in kind
// to its internal version does to the object written: a Secret's
// stringData is merged into its data (Convert_v1_Secret_To_core_Secret),
// on every write, create, update, patch or apply.
func (t *target) convertBuiltin(m map[string]any) {
	if t.kind.resource == secrets {
		mergeStringData(m)
	}
}

// mergeStringData moves a Secret's stringData into its data, base64
// encoded, each key overwriting data's; stringData is never stored.
func mergeStringData(m map[string]any) {
	stringData, _ := m["stringData"].(map[string]any)
	delete(m, "stringData")
	if len(stringData) == 0 {
		return
	}
	data, _ := m["data"].(map[string]any)
	if data == nil {
		data = make(map[string]any, len(stringData))
		m["data"] = data
	}
	for k, v := range stringData {
		s, _ := v.(string)
		data[k] = base64.StdEncoding.EncodeToString([]byte(s))
	}
}
