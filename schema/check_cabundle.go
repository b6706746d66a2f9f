package schema

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/client-go/transport"
)

// checkCABundle checks a conversion webhook's caBundle as kube-apiserver
// does (k8s.io/apiserver's webhook.ValidateCABundle): the TLS
// configuration client-go builds from it must load. Called here through
// client-go itself, because the apiserver package pulls gRPC and
// OpenTelemetry into the module.
func checkCABundle(fldPath *field.Path, caBundle []byte) field.ErrorList {
	_, err := transport.TLSConfigFor(&transport.Config{TLS: transport.TLSConfig{CAData: caBundle}})
	if err != nil {
		return field.ErrorList{field.Invalid(fldPath, caBundle, err.Error())}
	}
	return nil
}
