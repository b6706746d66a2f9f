package webhook

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
)

// deepDatabase is a Database of that engine with an unknown field nested
// depth arrays deep: within kube-apiserver's bound of 10,000 levels for
// the object, past it with the review around it.
func deepDatabase(engine string, depth int) []byte {
	obj := string(database(engine, "16.2"))
	return []byte(strings.Replace(obj, `"spec":{`, `"spec":{"extra":`+strings.Repeat("[", depth)+strings.Repeat("]", depth)+`,`, 1))
}

// TestAReviewOfADeepObjectIsAnswered: kube-apiserver takes an object
// nested 10,000 levels deep (the most it takes) and sends it to the webhook in a review
// deeper than encoding/json reads; kval answers it with an
// AdmissionResponse, and the mutability extensions still hold.
func TestAReviewOfADeepObjectIsAnswered(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, tc := range []struct {
		engine  string
		allowed bool
	}{{"postgres", true}, {"mysql", false}} {
		r := review(admissionv1.Update, deepDatabase(tc.engine, 9_998), deepDatabase("postgres", 9_998))
		body, _ := json.Marshal(r)
		resp, err := http.Post(ts.URL+"/validate", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var out admissionv1.AdmissionReview
		err = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if resp.StatusCode != 200 || err != nil || out.Response == nil || out.Response.UID != r.Request.UID {
			t.Fatalf("engine %s: HTTP %d, %v, %+v", tc.engine, resp.StatusCode, err, out.Response)
		}
		if out.Response.Allowed != tc.allowed {
			t.Errorf("engine %s: allowed %v, want %v: %+v", tc.engine, out.Response.Allowed, tc.allowed, out.Response.Result)
		}
	}
}
