package kvaltest_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	authorizationv1 "k8s.io/api/authorization/v1"
	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// /healthz, /livez and /readyz answer "ok", as kube-apiserver's do.
func TestServerHealthEndpoints(t *testing.T) {
	srv, _ := newClientset(t)
	for _, path := range []string{"/healthz", "/livez", "/readyz", "/readyz/ping"} {
		resp, err := http.Get(srv.URL() + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || string(body) != "ok" {
			t.Errorf("%s: %d %q, want 200 ok", path, resp.StatusCode, body)
		}
	}
}

// Every answer carries the API Priority and Fairness headers.
func TestServerSendsPriorityAndFairnessHeaders(t *testing.T) {
	srv, _ := newClientset(t)
	resp, err := http.Get(srv.URL() + "/api/v1/namespaces")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, h := range []string{flowcontrolv1.ResponseHeaderMatchedFlowSchemaUID, flowcontrolv1.ResponseHeaderMatchedPriorityLevelConfigurationUID} {
		if resp.Header.Get(h) == "" {
			t.Errorf("no %s header", h)
		}
	}
}

// The reviews that ask the authorizer or the authenticator are refused
// with an error that says kvaltest does not answer them, never answered
// as allowed.
func TestServerRefusesReviews(t *testing.T) {
	_, cs := newClientset(t)
	review := &authorizationv1.SelfSubjectAccessReview{Spec: authorizationv1.SelfSubjectAccessReviewSpec{ResourceAttributes: &authorizationv1.ResourceAttributes{Verb: "get", Resource: "pods"}}}
	_, err := cs.AuthorizationV1().SelfSubjectAccessReviews().Create(context.Background(), review, metav1.CreateOptions{})
	if code := statusCode(err); code != http.StatusNotImplemented || !contains(err.Error(), "does not answer access or token reviews") {
		t.Errorf("a SelfSubjectAccessReview: %d %v, want kvaltest's refusal", code, err)
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
