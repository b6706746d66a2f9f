package kvaltest_test

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"github.com/kval-dev/kval/kvaltest"
)

// /healthz, /livez and /readyz answer "ok", as kube-apiserver's do.
func TestServerHealthEndpoints(t *testing.T) {
	srv, _ := newClientset(t)
	for _, path := range []string{"/healthz", "/livez", "/readyz", "/readyz/ping"} {
		resp, body := serverGet(t, srv, path)
		if resp.StatusCode != http.StatusOK || string(body) != "ok" {
			t.Errorf("%s: %d %q, want 200 ok", path, resp.StatusCode, body)
		}
	}
}

// Every answer carries the API Priority and Fairness headers.
func TestServerSendsPriorityAndFairnessHeaders(t *testing.T) {
	srv, _ := newClientset(t)
	resp, _ := serverGet(t, srv, "/api/v1/namespaces")
	for _, h := range []string{flowcontrolv1.ResponseHeaderMatchedFlowSchemaUID, flowcontrolv1.ResponseHeaderMatchedPriorityLevelConfigurationUID} {
		if resp.Header.Get(h) == "" {
			t.Errorf("no %s header", h)
		}
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// statusCode is the HTTP code of a client's error, 0 for another error.
func statusCode(err error) int32 {
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		return status.Status().Code
	}
	return 0
}

// serverGet is a plain GET of path on srv, its answer and body read.
func serverGet(t *testing.T, srv *kvaltest.Server, path string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(srv.URL() + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}
