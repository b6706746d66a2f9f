package kvaltest

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/http"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer/protobuf"
)

// Typed clients of client-go (a clientset made from a kubeconfig) send
// built-in kinds as protobuf unless told otherwise; the server reads them
// through the scheme and answers in JSON, which they accept too.

// isProtobuf reports whether a request's body is protobuf.
func isProtobuf(r *http.Request) bool {
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return mediaType == runtime.ContentTypeProtobuf
}

// protobufAsJSON decodes a protobuf body with the scheme's types and
// encodes it as JSON; a kind the scheme lacks is 415, as kube-apiserver
// answers a media type it cannot decode.
func protobufAsJSON(data []byte, scheme *runtime.Scheme) ([]byte, error) {
	obj, gvk, err := protobuf.NewSerializer(scheme, scheme).Decode(data, nil, nil)
	if err != nil {
		return nil, apierrors.NewGenericServerResponse(http.StatusUnsupportedMediaType, "", schema.GroupResource{}, "", fmt.Sprintf("decoding a protobuf body: %v", err), 0, false)
	}
	obj.GetObjectKind().SetGroupVersionKind(*gvk)
	out, err := json.Marshal(obj)
	if err != nil {
		return nil, apierrors.NewInternalError(fmt.Errorf("encoding %s as JSON: %w", gvk, err))
	}
	return out, nil
}
