package kvaltest

import (
	"net/http"
	"strings"

	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
)

// healthPaths are kube-apiserver's health endpoints; the server is
// healthy, live and ready while it answers.
var healthPaths = map[string]bool{"healthz": true, "livez": true, "readyz": true}

// serveHealth answers /healthz, /livez and /readyz (and their named
// checks, /readyz/ping...) with kube-apiserver's "ok", and reports whether
// the path was one of them.
func serveHealth(w http.ResponseWriter, r *http.Request) bool {
	first, _, _ := strings.Cut(strings.Trim(r.URL.Path, "/"), "/")
	if !healthPaths[first] || r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte("ok"))
	return true
}

// The API Priority and Fairness headers kube-apiserver sends with every
// answer: the FlowSchema and PriorityLevelConfiguration the request was
// classified into. kvaltest classifies every request as exempt, as
// kube-apiserver classifies envtest's system:masters user; the UIDs are
// kvaltest's own.
const (
	exemptFlowSchemaUID    = "8f1a1c9e-6b1e-4d8a-9a54-6b7674616c01"
	exemptPriorityLevelUID = "8f1a1c9e-6b1e-4d8a-9a54-6b7674616c02"
)

// setPriorityAndFairness sets the APF headers of an answer.
func setPriorityAndFairness(w http.ResponseWriter) {
	w.Header().Set(flowcontrolv1.ResponseHeaderMatchedFlowSchemaUID, exemptFlowSchemaUID)
	w.Header().Set(flowcontrolv1.ResponseHeaderMatchedPriorityLevelConfigurationUID, exemptPriorityLevelUID)
}
