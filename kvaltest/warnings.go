package kvaltest

import (
	"context"
	"testing"
)

// warningAgent is the agent of kube-apiserver's own warnings ("299 - text").
const warningAgent = "-"

// warningCode is the HTTP warning code kube-apiserver uses.
const warningCode = 299

// warn delivers warnings to the client's handler, as a response's Warning
// headers reach a rest.WarningHandler; a request of the Server sends them
// in its response instead.
func (c *Client) warn(ctx context.Context, warnings []string) {
	h := c.warnings
	if response, ok := responseWarnings(ctx); ok {
		h = response
	}
	for _, w := range warnings {
		h.HandleWarningHeader(warningCode, warningAgent, w)
	}
}

// testLogWarnings logs warnings in the test that owns the client.
type testLogWarnings struct{ t testing.TB }

func (h testLogWarnings) HandleWarningHeader(_ int, _ string, text string) {
	h.t.Helper()
	h.t.Logf("kvaltest: warning: %s", text)
}
