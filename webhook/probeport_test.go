package webhook

import (
	"fmt"
	"net"
	"net/http"
	"testing"
)

// TestProbesAnswerWhileOthersHoldTheProbePort: connections that send
// nothing, or a request's first line and no more, fill the probe port past
// its cap; kubelet's probes and Prometheus's scrapes still get answers.
func TestProbesAnswerWhileOthersHoldTheProbePort(t *testing.T) {
	s := startServing(t, Options{}, nil)
	for i := range maxProbeConnections + 8 {
		c, err := net.Dial("tcp", s.probe)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		if i%2 == 0 {
			fmt.Fprint(c, "GET /readyz HTTP/1.1\r\n")
		}
	}
	kubelet := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for _, path := range []string{"/healthz", "/readyz", "/metrics", "/healthz"} {
		resp, err := kubelet.Get("http://" + s.probe + path)
		if err != nil {
			t.Fatalf("GET %s while the port is held: %v", path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("GET %s while the port is held: %d", path, resp.StatusCode)
		}
	}
}
