package webhook

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	admissionv1 "k8s.io/api/admission/v1"
)

// kube-apiserver takes objects nested up to 10,000 levels deep (its JSON
// decoder's bound, manifest.MaxDepth) and sends them to webhooks inside a
// review, two levels deeper (review, request): encoding/json, whose bound
// is the same 10,000 for the whole body, refused such a review, and its
// HTTP 400 without an AdmissionResponse left the write to failurePolicy
// (Ignore admitted an immutable change beside the deep field). A review
// refused for its depth is read again here: the objects' spans are found
// by json.Decoder's tokens (no depth bound), the envelope is decoded with
// them left out, and the objects are decoded alone, with kval's bound for
// an object, kube-apiserver's.

// isDepthError reports whether encoding/json refused a body for its
// nesting.
func isDepthError(err error) bool {
	var syntax *json.SyntaxError
	return errors.As(err, &syntax) && strings.Contains(syntax.Error(), "exceeded max depth")
}

// readDeepReview decodes a whole body that encoding/json refused for its
// depth.
func readDeepReview(body []byte) (*admissionv1.AdmissionReview, error) {
	spans, err := objectSpans(body)
	if err != nil {
		return nil, err
	}
	review := &admissionv1.AdmissionReview{}
	if err := json.Unmarshal(withoutSpans(body, spans), review); err != nil {
		return nil, err
	}
	if review.Request != nil {
		review.Request.Object.Raw = spans.value(body, spans.object)
		review.Request.OldObject.Raw = spans.value(body, spans.oldObject)
	}
	return review, nil
}

// span is where a value is in the body: from just after its key to its
// end (the colon and blanks included); zero when absent.
type span struct{ from, to int64 }

// reviewSpans are the spans of request.object and request.oldObject.
type reviewSpans struct{ object, oldObject span }

func (reviewSpans) value(body []byte, s span) []byte {
	if s.to == 0 {
		return nil
	}
	return bytes.TrimLeft(body[s.from:s.to], " \t\r\n:")
}

// withoutSpans is body with the objects' values null.
func withoutSpans(body []byte, spans reviewSpans) []byte {
	first, second := spans.object, spans.oldObject
	if second.from < first.from {
		first, second = second, first
	}
	var out bytes.Buffer
	last := int64(0)
	for _, s := range []span{first, second} {
		if s.to == 0 {
			continue
		}
		out.Write(body[last:s.from])
		out.WriteString(":null")
		last = s.to
	}
	out.Write(body[last:])
	return out.Bytes()
}
