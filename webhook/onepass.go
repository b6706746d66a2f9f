package webhook

import (
	"io"
	"slices"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/objectmeta"
	"github.com/kval-dev/kval/webhook/internal/fastjson"
)

// The validating endpoint reads most reviews in one pass: fastjson, which
// answers as sigs.k8s.io/json's strict decoding does (what
// manifest.DecodeObject runs on an object alone) or declines, decodes the
// whole body; the objects are taken from it as they are, straight into the
// engine's maps, and the envelope's fields go into admissionv1's types as
// encoding/json reads them (envelope.go). Read the usual way, a review's
// objects are scanned four times (the envelope's decoder buffers the value,
// skips the objects, copies them into RawExtensions, and each is then
// decoded on its own, reflectively), which cost half of the webhook's own
// CPU time per request; and the reflective decoding's deep stack was grown
// by copying on each request's new goroutine (6 to 10% of the server's CPU
// time).
//
// The pass takes only what the usual way reads the same: a body within
// kube-apiserver's object size limit (so that neither object is over it),
// every field of the envelope spelled exactly as its JSON tag and present
// once, no unknown field, nothing after the review, and the objects the
// request needs (see neededObjects) JSON objects. Anything else (a
// mistyped field that encoding/json would match case-insensitively, a
// duplicate, a syntax error, an object that is not one) is read again the
// usual way from its first byte, and gets the answer, or the error, it
// always got. The one difference the endpoint cannot see: the request's
// options (a RawExtension the validating endpoint never reads) hold their
// JSON encoded again, not the body's bytes.

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
	value, hollowed, ok := fastjson.DecodeShaped(body, reviewShape)
	review, isObject := value.(map[string]any)
	request, hasRequest := review["request"].(map[string]any)
	if !ok || !isObject || !hasRequest {
		return body, nil, typeMeta, false
	}
	typeMeta, typed, ok := envelope(review)
	if !ok {
		return body, nil, typeMeta, false
	}
	req, ok = withObjects(typed, request["object"], request["oldObject"])
	if !ok || hollowed > 0 && !(plainMetadata(req.object) && plainMetadata(req.oldObject)) {
		return body, nil, typeMeta, false
	}
	return nil, req, typeMeta, true
}

// The pass decodes the field sets of the objects' managed fields
// (metadata.managedFields[*].fieldsV1) hollow, as empty objects, when
// they hold nothing but objects (fastjson.Shape): kube-apiserver checks
// only a managed field's operation, manager and fieldsType, and the
// ObjectMeta round trip (objectmeta.IsNormalized) tells a field set of
// objects from any other value, never one from another. A field set is
// data no verdict reads, and can be most of a review's maps. The one
// place its content would show is the value of an error about the whole
// metadata, which only metadata that takes the round trip can get: a
// review whose objects' metadata is not plain is read the usual way.
var reviewShape = func() *fastjson.Shape {
	fieldSet := &fastjson.Shape{Hollow: true, Depth: objectmeta.MaxFieldSetDepth}
	entry := &fastjson.Shape{Fields: map[string]*fastjson.Shape{"fieldsV1": fieldSet}}
	metadata := &fastjson.Shape{Fields: map[string]*fastjson.Shape{"managedFields": {Items: entry}}}
	object := &fastjson.Shape{Fields: map[string]*fastjson.Shape{"metadata": metadata}}
	request := &fastjson.Shape{Fields: map[string]*fastjson.Shape{"object": object, "oldObject": object}}
	return &fastjson.Shape{Fields: map[string]*fastjson.Shape{"request": request}}
}()

// plainMetadata: obj, if any, has metadata that needs no ObjectMeta round
// trip, or none with managed fields.
func plainMetadata(obj map[string]any) bool {
	meta, isMap := obj["metadata"].(map[string]any)
	if _, managed := meta["managedFields"]; !isMap || !managed {
		return true
	}
	return objectmeta.IsNormalized(meta)
}

// withObjects is the request with its objects, if those the request needs
// are JSON objects.
func withObjects(req *admissionv1.AdmissionRequest, object, oldObject any) (*admission, bool) {
	a := &admission{AdmissionRequest: req, decoded: true}
	var isObject, isOldObject bool
	a.object, isObject = object.(map[string]any)
	a.oldObject, isOldObject = oldObject.(map[string]any)
	needObject, needOldObject := neededObjects(req)
	return a, (isObject || !needObject) && (isOldObject || !needOldObject)
}

// readBody reads a body of contentLength bytes;
// complete unless it ended early, went on or failed.
func readBody(r io.Reader, contentLength int64) (body []byte, complete bool) {
	body = make([]byte, 0, min(contentLength, firstBodyBuffer))
	for int64(len(body)) < contentLength {
		if len(body) == cap(body) {
			body = slices.Grow(body, int(min(int64(len(body)), contentLength-int64(len(body)))))
		}
		n, err := r.Read(body[len(body):min(int64(cap(body)), contentLength)])
		body = body[:len(body)+n]
		if err != nil && (err != io.EOF || int64(len(body)) < contentLength) {
			return body, false
		}
	}
	more, complete := atEOF(r)
	return append(body, more...), complete
}

// firstBodyBuffer is where a body's buffer starts: it grows, doubling, as
// the body arrives, so that a body declared large and sent slowly holds
// no more memory than it sent (and its budget charge covers).
const firstBodyBuffer = 64 << 10

// atEOF reports whether r has nothing more; more is the byte it had.
func atEOF(r io.Reader) (more []byte, eof bool) {
	var b [1]byte
	for {
		n, err := r.Read(b[:])
		switch {
		case n > 0:
			return b[:n], false
		case err == io.EOF:
			return nil, true
		case err != nil:
			return nil, false
		}
	}
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
