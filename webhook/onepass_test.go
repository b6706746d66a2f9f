package webhook

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/catalog"
)

// TestOnePassReviewMirrorsAdmissionReview: the one-pass review has the
// fields of admissionv1.AdmissionReview, and its request hides exactly the
// request's two objects; a field added upstream must be added here.
func TestOnePassReviewMirrorsAdmissionReview(t *testing.T) {
	if got, want := jsonFields(reflect.TypeFor[onePassReview]()), jsonFields(reflect.TypeFor[admissionv1.AdmissionReview]()); !reflect.DeepEqual(got, want) {
		t.Errorf("onePassReview's fields %v, AdmissionReview's %v", got, want)
	}
	raw := reflect.TypeFor[runtime.RawExtension]()
	var objects []string
	for i := range reflect.TypeFor[admissionv1.AdmissionRequest]().NumField() {
		if f := reflect.TypeFor[admissionv1.AdmissionRequest]().Field(i); f.Type == raw && f.Name != "Options" {
			objects = append(objects, f.Tag.Get("json"))
		}
	}
	if want := []string{"object,omitempty", "oldObject,omitempty"}; !reflect.DeepEqual(objects, want) {
		t.Errorf("AdmissionRequest's objects are %v, onePassRequest decodes %v", objects, want)
	}
}

func jsonFields(t reflect.Type) []string {
	var fields []string
	for i := range t.NumField() {
		fields = append(fields, t.Field(i).Name+" "+t.Field(i).Tag.Get("json"))
	}
	return fields
}

// TestOnePassAnswersAsTheUsualWay sends reviews to /validate read in one
// pass and read the usual way (the envelope, then each object): status,
// headers and body are the same byte for byte, for the reviews the one
// pass takes (which must include kube-apiserver's) and for those it gives
// back to the usual way.
func TestOnePassAnswersAsTheUsualWay(t *testing.T) {
	s := newServer(t, Options{})
	onePass, usual := s.serveReview(s.validate, true), s.serveReview(s.validate, false)
	for name, c := range onePassCases(t) {
		got, want := serveBody(onePass, c.body), serveBody(usual, c.body)
		if got.Code != want.Code || !reflect.DeepEqual(got.Header(), want.Header()) || got.Body.String() != want.Body.String() {
			t.Errorf("%s: one pass HTTP %d %v %s\nusual way HTTP %d %v %s", name, got.Code, got.Header(), got.Body, want.Code, want.Header(), want.Body)
		}
		_, _, _, took := decodeInOnePass(bytes.NewReader(c.body), int64(len(c.body)))
		if took != c.onePass {
			t.Errorf("%s: taken in one pass: %v, want %v", name, took, c.onePass)
		}
	}
}

type onePassCase struct {
	body    []byte
	onePass bool // decodeInOnePass takes it
}

func onePassCases(t testing.TB) map[string]onePassCase {
	body := func(r *admissionv1.AdmissionReview) []byte {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	update := body(review(admissionv1.Update, database("postgres", "16.2"), database("postgres", "16.2")))
	edit := func(old, new string) []byte {
		if !bytes.Contains(update, []byte(old)) {
			t.Fatalf("%s is not in %s", old, update)
		}
		return bytes.Replace(update, []byte(old), []byte(new), 1)
	}
	deep := strings.Repeat(`{"a":`, 9999) + "1" + strings.Repeat("}", 9999)
	return map[string]onePassCase{
		"allowed update":         {update, true},
		"denied update":          {body(review(admissionv1.Update, database("mysql", "16.2"), database("postgres", "16.2"))), true},
		"create":                 {body(review(admissionv1.Create, database("postgres", "16.2"), nil)), true},
		"invalid create":         {body(review(admissionv1.Create, []byte(`{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders"},"spec":{"engine":7}}`), nil)), true},
		"delete":                 {body(review(admissionv1.Delete, nil, database("postgres", "16.2"))), true},
		"numbers":                {edit(`"replicas":1`, `"replicas":1.0,"n":[1e3,-0,9223372036854775807,9223372036854775808,1.5e-7]`), true},
		"number over range":      {edit(`"replicas":1`, `"replicas":1e400`), false},
		"escapes":                {edit(`"orders"`, `"ord\u00e9rs\ud83d\ude00\n"`), true},
		"invalid UTF-8":          {edit(`"16.2"`, "\"16.\xff2\""), true},
		"update without old":     {edit(`,"oldObject":`+string(database("postgres", "16.2")), ``), false},
		"null old object":        {body(review(admissionv1.Update, database("postgres", "16.2"), nil)), false},
		"object not an object":   {body(review(admissionv1.Update, []byte(`[]`), database("postgres", "16.2"))), false},
		"create of a string":     {body(review(admissionv1.Create, []byte(`"db"`), nil)), false},
		"duplicate in object":    {edit(`"replicas":1`, `"replicas":1,"replicas":2`), false},
		"duplicate in envelope":  {edit(`"uid":"req-1"`, `"uid":"req-0","uid":"req-1"`), false},
		"case-insensitive field": {edit(`"uid":"req-1"`, `"UID":"req-1"`), false},
		"unknown field":          {edit(`"uid":"req-1"`, `"uid":"req-1","priority":3`), false},
		"a second value":         {append(append([]byte(nil), update...), `{"x":1}`...), false},
		"trailing space":         {append(append([]byte(nil), update...), " \n"...), true},
		"syntax error":           {update[:len(update)-1], false},
		"no uid":                 {edit(`"uid":"req-1"`, `"uid":""`), true},
		"not a review":           {edit(`"kind":"AdmissionReview"`, `"kind":"ConversionReview"`), true},
		"no request":             {[]byte(`{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}`), false},
		"deep object":            {edit(`"replicas":1`, `"replicas":1,"x":`+deep), false},
		"empty":                  {nil, false},
	}
}

func serveBody(h http.Handler, body []byte) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/validate", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, req)
	return rec
}

// FuzzOnePass: whatever the body, /validate answers the same read in one
// pass and read the usual way.
func FuzzOnePass(f *testing.F) {
	for _, c := range onePassCases(f) {
		f.Add(c.body)
	}
	cat := catalog.New(catalog.Options{})
	if _, err := cat.LoadFiles("../examples/crd.yaml"); err != nil {
		f.Fatal(err)
	}
	s := New(cat, Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	onePass, usual := s.serveReview(s.validate, true), s.serveReview(s.validate, false)
	f.Fuzz(func(t *testing.T, body []byte) {
		got, want := serveBody(onePass, body), serveBody(usual, body)
		if got.Code != want.Code || got.Body.String() != want.Body.String() {
			t.Fatalf("one pass HTTP %d %s\nusual way HTTP %d %s", got.Code, got.Body, want.Code, want.Body)
		}
	})
}

// decodedInOnePass is the review's request as the one pass decodes it.
func decodedInOnePass(t *testing.T, r *admissionv1.AdmissionReview) *admission {
	t.Helper()
	body, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	_, req, _, ok := decodeInOnePass(bytes.NewReader(body), int64(len(body)))
	if !ok {
		t.Fatalf("not taken in one pass: %s", body)
	}
	return req
}
