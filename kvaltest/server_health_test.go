package kvaltest_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	authorizationv1 "k8s.io/api/authorization/v1"
	corev1 "k8s.io/api/core/v1"
	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
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

// Impersonation and access reviews are refused with an error that says
// kvaltest does not model them, never answered as allowed.
func TestServerRefusesWhatNeedsAnAuthorizer(t *testing.T) {
	srv, cs := newClientset(t)
	cfg := srv.Config()
	cfg.Impersonate = rest.ImpersonationConfig{UserName: "jane"}
	_, err := kubernetes.NewForConfigOrDie(cfg).CoreV1().ConfigMaps("ns").Create(context.Background(), &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "c"}}, metav1.CreateOptions{})
	if code := statusCode(err); code != http.StatusNotImplemented || !contains(err.Error(), "does not model impersonation") {
		t.Errorf("an impersonated create: %d %v, want kvaltest's refusal", code, err)
	}
	// Discovery, which an impersonating client sends first, shows the
	// reason too, not "unknown".
	_, err = kubernetes.NewForConfigOrDie(cfg).Discovery().ServerGroups()
	if code := statusCode(err); code != http.StatusNotImplemented || !contains(err.Error(), "does not model impersonation") {
		t.Errorf("impersonated discovery: %d %v, want kvaltest's refusal", code, err)
	}
	review := &authorizationv1.SelfSubjectAccessReview{Spec: authorizationv1.SelfSubjectAccessReviewSpec{ResourceAttributes: &authorizationv1.ResourceAttributes{Verb: "get", Resource: "pods"}}}
	_, err = cs.AuthorizationV1().SelfSubjectAccessReviews().Create(context.Background(), review, metav1.CreateOptions{})
	if err == nil || !contains(err.Error(), "does not model authentication or authorization") {
		t.Errorf("a SelfSubjectAccessReview: %v, want kvaltest's refusal", err)
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
