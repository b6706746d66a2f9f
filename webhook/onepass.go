package webhook

import (
	"errors"
	"io"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kjson "sigs.k8s.io/json"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/webhook/internal/fastjson"
)

// The validating endpoint reads most reviews in one pass: the envelope with
// the decoder and options manifest.DecodeObject uses for an object alone
// (sigs.k8s.io/json, case-sensitive, integers kept as int64, duplicate
// fields refused), and both objects straight into the maps the engine
// validates with fastjson, which answers as that decoder does or declines.
// Read the usual way, a review's objects are scanned four times (the
// envelope's decoder buffers the value, skips the objects, copies them into
// RawExtensions, and each is then decoded on its own, reflectively), which
// cost half of the webhook's own CPU time per request.
//
// The pass takes only what the usual way reads the same: a body within
// kube-apiserver's object size limit (so that neither object is over it),
// every field of the envelope spelled exactly as its JSON tag and present
// once, no unknown field, nothing after the review, and the objects the
// request needs (see neededObjects) JSON objects that fastjson takes.
// Anything else (a mistyped field that encoding/json would match
// case-insensitively, a duplicate, a syntax error, an object that is not
// one) is read again the usual way from its first byte, and gets the
// answer, or the error, it always got.

// onePassReview is admissionv1.AdmissionReview with its request's objects
// decoded (TestOnePassReviewMirrorsAdmissionReview keeps it so).
type onePassReview struct {
	metav1.TypeMeta
	Request  *onePassRequest                `json:"request,omitempty"`
	Response *admissionv1.AdmissionResponse `json:"response,omitempty"`
}

// onePassRequest is an AdmissionRequest whose object and oldObject (these
// fields, shallower, hide the embedded request's RawExtensions) are
// decoded values.
type onePassRequest struct {
	admissionv1.AdmissionRequest
	Object    decodedValue `json:"object,omitempty"`
	OldObject decodedValue `json:"oldObject,omitempty"`
}

// decodedValue is a JSON value as fastjson decodes it; nil when absent or
// null.
type decodedValue struct{ value any }

// errDeclined stops the one pass: fastjson declined an object.
var errDeclined = errors.New("not decoded in one pass")

func (v *decodedValue) UnmarshalJSON(data []byte) error {
	value, ok := fastjson.Decode(data)
	if !ok {
		return errDeclined
	}
	v.value = value
	return nil
}

// maxOnePassBody is the largest body read in one pass: it cannot hold an
// object over kube-apiserver's limit, which the usual way refuses by size.
const maxOnePassBody = manifest.MaxDocumentBytes

// decodeInOnePass reads the body and decodes it in one pass. Unless ok,
// read is what it read of the body, to be read again the usual way.
func decodeInOnePass(r io.Reader, contentLength int64) (read []byte, req *admission, typeMeta metav1.TypeMeta, ok bool) {
	if contentLength <= 0 || contentLength > maxOnePassBody {
		return nil, nil, typeMeta, false
	}
	body, complete := readBody(r, contentLength)
	if !complete {
		return body, nil, typeMeta, false
	}
	review := &onePassReview{}
	strict, err := kjson.UnmarshalStrict(body, review, kjson.DisallowDuplicateFields, kjson.DisallowUnknownFields)
	if err != nil || len(strict) > 0 || review.Request == nil {
		return body, nil, typeMeta, false
	}
	req, ok = review.Request.admission()
	if !ok {
		return body, nil, typeMeta, false
	}
	return nil, req, review.TypeMeta, true
}

// readBody reads a body of contentLength bytes into a slice of that size;
// complete unless it ended early, went on or failed.
func readBody(r io.Reader, contentLength int64) (body []byte, complete bool) {
	body = make([]byte, contentLength)
	n, err := io.ReadFull(r, body)
	if err != nil {
		return body[:n], false
	}
	var more [1]byte
	for {
		n, err := r.Read(more[:])
		switch {
		case n > 0:
			return append(body, more[0]), false
		case err == io.EOF:
			return body, true
		case err != nil:
			return body, false
		}
	}
}

// admission is the request with its objects, if those the request needs
// are JSON objects.
func (r *onePassRequest) admission() (*admission, bool) {
	a := &admission{AdmissionRequest: &r.AdmissionRequest, decoded: true}
	var isObject, isOldObject bool
	a.object, isObject = r.Object.value.(map[string]any)
	a.oldObject, isOldObject = r.OldObject.value.(map[string]any)
	needObject, needOldObject := neededObjects(&r.AdmissionRequest)
	return a, (isObject || !needObject) && (isOldObject || !needOldObject)
}

// neededObjects are the objects the validating endpoint decodes for a
// request (see engineRequest): the object of every request the engine
// checks, the old object of its updates.
func neededObjects(req *admissionv1.AdmissionRequest) (object, oldObject bool) {
	if !checked(req) {
		return false, false
	}
	return true, req.Operation == admissionv1.Update
}

// admission is an admission request, with its objects when they were
// decoded with the review (decoded; see onepass.go), else only as the
// request's RawExtensions.
type admission struct {
	*admissionv1.AdmissionRequest
	decoded           bool
	object, oldObject map[string]any
}
