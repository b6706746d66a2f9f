package kvaltest

import (
	"errors"
	"net/http"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// asServed is err as a client receives it from kube-apiserver: an API
// status as it is, any other error as the server's answer to an error it
// did not expect, a 500 with no reason and the error's text.
func asServed(err error) error {
	var status apierrors.APIStatus
	if err == nil || errors.As(err, &status) {
		return err
	}
	return unknownServerError(err.Error())
}

func unknownServerError(msg string) error {
	return &apierrors.StatusError{ErrStatus: metav1.Status{
		Status:  metav1.StatusFailure,
		Code:    http.StatusInternalServerError,
		Reason:  metav1.StatusReasonUnknown,
		Message: msg,
	}}
}
