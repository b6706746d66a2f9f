package webhook

import (
	"errors"
	"fmt"
	"net/http"

	admissionv1 "k8s.io/api/admission/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Denial reasons, the label of kval_webhook_denials_total.
const (
	reasonInvalid     = "invalid"
	reasonUnknownKind = "unknown-kind"
	reasonBadRequest  = "bad-request"
	reasonTooLarge    = "too-large"
	reasonTimeout     = "timeout"
	reasonPanic       = "panic"
	// A KUDO Instance whose OperatorVersion the mutation cannot find.
	reasonNoOperatorVersion = "no-operator-version"
)

// Denial is a request the webhook refuses: the status it answers, the
// warnings that go with it, and the reason it is counted under.
type Denial struct {
	Reason   string
	Status   metav1.Status
	Warnings []string
}

func (d *Denial) Error() string { return d.Status.Message }

// deny refuses a request that kval could not check, with a message.
func deny(reason string, code int32, format string, args ...any) *Denial {
	return &Denial{Reason: reason, Status: metav1.Status{
		Status: metav1.StatusFailure, Code: code, Reason: statusReason(code), Message: fmt.Sprintf(format, args...),
	}}
}

// refuse is the engine's answer (engine.Result.Err) as a denial.
func refuse(status *apierrors.StatusError, warnings []string) *Denial {
	reason := reasonInvalid
	if status.Status().Code == http.StatusBadRequest {
		reason = reasonBadRequest
	}
	return &Denial{Reason: reason, Status: status.Status(), Warnings: warnings}
}

// statusReason is the reason kube-apiserver gives a status of that code,
// so that clients (apierrors.IsTimeout, kubectl's "Error from server
// (Timeout)") read a denial as they read kube-apiserver's own errors.
func statusReason(code int32) metav1.StatusReason {
	switch code {
	case http.StatusGatewayTimeout:
		return metav1.StatusReasonTimeout
	case http.StatusRequestEntityTooLarge:
		return metav1.StatusReasonRequestEntityTooLarge
	case http.StatusInternalServerError:
		return metav1.StatusReasonInternalError
	}
	return metav1.StatusReasonBadRequest
}

// response is the one place where what an endpoint found becomes an
// AdmissionResponse: allowed as the endpoint made it, or denied with the
// Denial's status and warnings (any other error is a bad request). reason
// is the denial's, "" when allowed.
func response(allowed *admissionv1.AdmissionResponse, err error) (resp *admissionv1.AdmissionResponse, reason string) {
	if err == nil {
		return allowed, ""
	}
	var d *Denial
	if !errors.As(err, &d) {
		d = deny(reasonBadRequest, http.StatusBadRequest, "%v", err)
	}
	status := d.Status
	return &admissionv1.AdmissionResponse{Result: &status, Warnings: d.Warnings}, d.Reason
}

func allow(warnings ...string) *admissionv1.AdmissionResponse {
	return &admissionv1.AdmissionResponse{Allowed: true, Warnings: warnings}
}
