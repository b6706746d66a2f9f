package webhook

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	goruntime "runtime"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/manifest"
)

// TestOnePassReadsTheRequestAsTheUsualWay: a review as kube-apiserver
// sends it, every field set, gives the one pass the request the usual way
// reads, but for the objects, which come decoded, their managed fields'
// field sets hollow, and the options, which hold the same JSON encoded
// again.
func TestOnePassReadsTheRequestAsTheUsualWay(t *testing.T) {
	body := fullReview()
	_, got, typeMeta, ok := decodeInOnePass(bytes.NewReader(body), int64(len(body)))
	if !ok {
		t.Fatal("not taken in one pass")
	}
	want := &admissionv1.AdmissionReview{}
	if err := json.Unmarshal(body, want); err != nil {
		t.Fatal(err)
	}
	if typeMeta != want.TypeMeta {
		t.Errorf("type %+v, want %+v", typeMeta, want.TypeMeta)
	}
	var options, wantOptions any
	if err := json.Unmarshal(got.Options.Raw, &options); err != nil || json.Unmarshal(want.Request.Options.Raw, &wantOptions) != nil || !reflect.DeepEqual(options, wantOptions) {
		t.Errorf("options %s, want %s", got.Options.Raw, want.Request.Options.Raw)
	}
	for _, o := range []struct {
		decoded map[string]any
		raw     []byte
	}{{got.object, want.Request.Object.Raw}, {got.oldObject, want.Request.OldObject.Raw}} {
		wantObject, _ := manifest.DecodeObject(o.raw)
		entry := wantObject["metadata"].(map[string]any)["managedFields"].([]any)[0].(map[string]any)
		entry["fieldsV1"] = map[string]any{}
		if !reflect.DeepEqual(o.decoded, wantObject) {
			t.Errorf("object %v, want %v", o.decoded, wantObject)
		}
	}
	rest, wantRest := *got.AdmissionRequest, *want.Request
	rest.Options, wantRest.Options, wantRest.Object, wantRest.OldObject = runtime.RawExtension{}, runtime.RawExtension{}, runtime.RawExtension{}, runtime.RawExtension{}
	if !reflect.DeepEqual(rest, wantRest) {
		t.Errorf("request %+v\nwant %+v", rest, wantRest)
	}
}

// managedDatabase is a database object with the metadata kube-apiserver
// sets, one managed field with fieldSet, and metadata's other fields.
func managedDatabase(engine, fieldSet, metadata string) []byte {
	return []byte(`{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders","namespace":"shop","uid":"9b1c0f4e",` +
		`"resourceVersion":"7","generation":1,"creationTimestamp":"2026-11-02T09:30:00Z","managedFields":[{"manager":"kubectl","operation":"Apply",` +
		`"apiVersion":"example.kval.dev/v1","time":"2026-11-02T09:30:00Z","fieldsType":"FieldsV1","fieldsV1":` + fieldSet + `}]` + metadata + `},` +
		`"spec":{"engine":"` + engine + `","version":"16.2","replicas":1}}`)
}

// fullFieldSet is the field set of fullReview's object.
const fullFieldSet = `{"f:spec":{".":{},"f:engine":{},"f:version":{}}}`

// fullReview is a review as kube-apiserver sends it, every field set.
func fullReview() []byte {
	return []byte(`{"kind":"AdmissionReview","apiVersion":"admission.k8s.io/v1","request":{"uid":"705ab4f5-6393-11e8-b7cc-42010a800002",` +
		`"kind":{"group":"example.kval.dev","version":"v1","kind":"Database"},"resource":{"group":"example.kval.dev","version":"v1","resource":"databases"},` +
		`"subResource":"status","requestKind":{"group":"example.kval.dev","version":"v1beta1","kind":"Database"},` +
		`"requestResource":{"group":"example.kval.dev","version":"v1beta1","resource":"databases"},"requestSubResource":"status",` +
		`"name":"orders","namespace":"shop","operation":"UPDATE",` +
		`"userInfo":{"username":"admin","uid":"014fbff9a07c","groups":["system:authenticated","my-admin-group"],"extra":{"some-key":["some-value1","some-value2"]}},` +
		`"object":` + string(managedDatabase("postgres", fullFieldSet, "")) + `,"oldObject":` + string(managedDatabase("postgres", `{"f:spec":{}}`, "")) + `,"dryRun":false,` +
		`"options":{"kind":"UpdateOptions","apiVersion":"meta.k8s.io/v1","fieldManager":"kubectl-edit"}}}`)
}

// TestOnePassAnswersAsTheUsualWay sends reviews to /validate read in one
// pass and read the usual way (the envelope, then each object): status,
// headers and body are the same byte for byte, for the reviews the one
// pass takes (which must include kube-apiserver's) and for those it gives
// back to the usual way.
// Both modes: kval's whole pipeline reports metadata errors, which the
// default mode leaves to kube-apiserver.
func TestOnePassAnswersAsTheUsualWay(t *testing.T) {
	for _, mode := range []Mode{ModeComplement, ModeFull} {
		s := newServer(t, Options{Mode: mode})
		onePass, usual := s.serveReview(s.validate, true), s.serveReview(s.validate, false)
		for name, c := range onePassCases(t) {
			got, want := serveBody(onePass, c.body), serveBody(usual, c.body)
			if got.Code != want.Code || !reflect.DeepEqual(got.Header(), want.Header()) || got.Body.String() != want.Body.String() {
				t.Errorf("%s, mode %s: one pass HTTP %d %v %s\nusual way HTTP %d %v %s", name, mode, got.Code, got.Header(), got.Body, want.Code, want.Header(), want.Body)
			}
			_, _, _, took := decodeInOnePass(bytes.NewReader(c.body), int64(len(c.body)))
			if took != c.onePass {
				t.Errorf("%s: taken in one pass: %v, want %v", name, took, c.onePass)
			}
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
	editUpdate := func(old, new string) []byte {
		if !bytes.Contains(update, []byte(old)) {
			t.Fatalf("%s is not in %s", old, update)
		}
		return bytes.Replace(update, []byte(old), []byte(new), 1)
	}
	full := fullReview()
	edit := func(old, new string) []byte {
		if !bytes.Contains(full, []byte(old)) {
			t.Fatalf("%s is not in %s", old, full)
		}
		return bytes.Replace(full, []byte(old), []byte(new), 1)
	}
	deep := strings.Repeat(`{"a":`, 9999) + "1" + strings.Repeat("}", 9999)
	managed := func(engine, fieldSet, metadata string) []byte {
		return body(review(admissionv1.Update, managedDatabase(engine, fieldSet, metadata), managedDatabase("postgres", fieldSet, metadata)))
	}
	return map[string]onePassCase{
		"allowed update":          {update, true},
		"denied update":           {body(review(admissionv1.Update, database("mysql", "16.2"), database("postgres", "16.2"))), true},
		"create":                  {body(review(admissionv1.Create, database("postgres", "16.2"), nil)), true},
		"invalid create":          {body(review(admissionv1.Create, []byte(`{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders"},"spec":{"engine":7}}`), nil)), true},
		"delete":                  {body(review(admissionv1.Delete, nil, database("postgres", "16.2"))), true},
		"numbers":                 {editUpdate(`"replicas":1`, `"replicas":1.0,"n":[1e3,-0,9223372036854775807,9223372036854775808,1.5e-7]`), true},
		"number over range":       {editUpdate(`"replicas":1`, `"replicas":1e400`), false},
		"escapes":                 {editUpdate(`"orders"`, `"ord\u00e9rs\ud83d\ude00\n"`), true},
		"invalid UTF-8":           {editUpdate(`"16.2"`, "\"16.\xff2\""), true},
		"update without old":      {editUpdate(`,"oldObject":`+string(database("postgres", "16.2")), ``), false},
		"null old object":         {body(review(admissionv1.Update, database("postgres", "16.2"), nil)), false},
		"object not an object":    {body(review(admissionv1.Update, []byte(`[]`), database("postgres", "16.2"))), false},
		"create of a string":      {body(review(admissionv1.Create, []byte(`"db"`), nil)), false},
		"duplicate in object":     {editUpdate(`"replicas":1`, `"replicas":1,"replicas":2`), false},
		"duplicate in envelope":   {editUpdate(`"uid":"req-1"`, `"uid":"req-0","uid":"req-1"`), false},
		"case-insensitive field":  {editUpdate(`"uid":"req-1"`, `"UID":"req-1"`), false},
		"unknown field":           {editUpdate(`"uid":"req-1"`, `"uid":"req-1","priority":3`), false},
		"a second value":          {append(append([]byte(nil), update...), `{"x":1}`...), false},
		"trailing space":          {append(append([]byte(nil), update...), " \n"...), true},
		"syntax error":            {update[:len(update)-1], false},
		"no uid":                  {editUpdate(`"uid":"req-1"`, `"uid":""`), true},
		"not a review":            {editUpdate(`"kind":"AdmissionReview"`, `"kind":"ConversionReview"`), true},
		"no request":              {[]byte(`{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}`), false},
		"deep object":             {editUpdate(`"replicas":1`, `"replicas":1,"x":`+deep), false},
		"empty":                   {nil, false},
		"kube-apiserver's review": {full, true},
		"a null in groups":        {edit(`"my-admin-group"]`, `null]`), false},
		"no groups":               {edit(`"groups":["system:authenticated","my-admin-group"]`, `"groups":[]`), true},
		"null groups":             {edit(`"groups":["system:authenticated","my-admin-group"]`, `"groups":null`), true},
		"a null extra":            {edit(`["some-value1","some-value2"]`, `null`), true},
		"null request kind":       {edit(`"requestKind":{"group":"example.kval.dev","version":"v1beta1","kind":"Database"}`, `"requestKind":null`), true},
		"null kind":               {edit(`"kind":{"group":"example.kval.dev","version":"v1","kind":"Database"}`, `"kind":null`), true},
		"dry run":                 {edit(`"dryRun":false`, `"dryRun":true`), true},
		"null dry run":            {edit(`"dryRun":false`, `"dryRun":null`), true},
		"dry run as a string":     {edit(`"dryRun":false`, `"dryRun":"yes"`), false},
		"null options":            {edit(`"options":{"kind":"UpdateOptions","apiVersion":"meta.k8s.io/v1","fieldManager":"kubectl-edit"}`, `"options":null`), true},
		"options as a string":     {edit(`"options":{"kind":"UpdateOptions","apiVersion":"meta.k8s.io/v1","fieldManager":"kubectl-edit"}`, `"options":"x"`), false},
		"a null response":         {edit(`"request":{`, `"response":null,"request":{`), true},
		"a response":              {edit(`"request":{`, `"response":{"uid":"x","allowed":true},"request":{`), false},
		"a number as uid":         {edit(`"uid":"705ab4f5-6393-11e8-b7cc-42010a800002"`, `"uid":5`), false},
		"a null api version":      {edit(`"apiVersion":"admission.k8s.io/v1"`, `"apiVersion":null`), true},
		"an unknown user field":   {edit(`"username":"admin"`, `"username":"admin","email":"a@b"`), false},
		"a misspelt kind field":   {edit(`"version":"v1","kind":"Database"},"resource"`, `"Version":"v1","kind":"Database"},"resource"`), false},
		// Field sets of managed fields are decoded hollow (see reviewShape).
		"managed fields":                     {managed("postgres", fullFieldSet, ""), true},
		"managed fields, denied":             {managed("mysql", fullFieldSet, ""), true},
		"a field set holding a string":       {managed("postgres", `{"f:spec":"x"}`, ""), true},
		"an unknown managed operation":       {bytes.Replace(managed("postgres", fullFieldSet, ""), []byte(`"Apply"`), []byte(`"Merge"`), 1), true},
		"a duplicate in a field set":         {managed("postgres", `{"f:spec":{},"f:\u0073pec":{}}`, ""), false},
		"managed fields and a numeric label": {managed("postgres", fullFieldSet, `,"labels":{"app":1}`), false},
		"managed fields and an empty label":  {managed("mysql", fullFieldSet, `,"labels":{}`), false},
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
// pass and read the usual way, in both modes.
func FuzzOnePass(f *testing.F) {
	for _, c := range onePassCases(f) {
		f.Add(c.body)
	}
	for _, body := range kubeAPIServersReviews(f) {
		f.Add(body)
	}
	var onePass, usual []http.Handler
	for _, mode := range []Mode{ModeComplement, ModeFull} {
		s := newServer(f, Options{Mode: mode})
		onePass, usual = append(onePass, s.serveReview(s.validate, true)), append(usual, s.serveReview(s.validate, false))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for i := range onePass {
			got, want := serveBody(onePass[i], body), serveBody(usual[i], body)
			if got.Code != want.Code || got.Body.String() != want.Body.String() {
				t.Fatalf("one pass HTTP %d %s\nusual way HTTP %d %s", got.Code, got.Body, want.Code, want.Body)
			}
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

// BenchmarkReadReview reads an update's review (two 4 KB objects) the
// usual way and in one pass, objects decoded both ways.
func BenchmarkReadReview(b *testing.B) {
	r := review(admissionv1.Update, largeDatabase("postgres", 4<<10), largeDatabase("postgres", 4<<10))
	body, err := json.Marshal(r)
	if err != nil {
		b.Fatal(err)
	}
	for _, onePass := range []bool{false, true} {
		b.Run(map[bool]string{false: "usual", true: "onepass"}[onePass], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, "/validate", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				a, _, _, err := readReview(httptest.NewRecorder(), req, DefaultMaxBodyBytes, onePass)
				if err != nil {
					b.Fatal(err)
				}
				if !onePass {
					_, err = decodeObject(b.Context(), "object", a.Object.Raw)
					_, err2 := decodeObject(b.Context(), "oldObject", a.OldObject.Raw)
					err = errors.Join(err, err2)
				}
				if err != nil || onePass && !a.decoded {
					b.Fatal(err, a.decoded)
				}
			}
		})
	}
}

// TestOnePassAllocatesNoMoreThanTheUsualWay: on one of the largest reviews
// the one pass takes (a 1.5 MiB object and its 1 MiB old one, under the
// preserve-unknown field), it allocates at most what the usual way does,
// so the in-flight budget's bytes per body byte (BytesPerBodyByte) hold.
func TestOnePassAllocatesNoMoreThanTheUsualWay(t *testing.T) {
	s := newServer(t, Options{Timeout: time.Minute})
	body, err := json.Marshal(review(admissionv1.Update, largeDatabase("postgres", 3<<19), largeDatabase("postgres", 1<<20)))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, ok := decodeInOnePass(bytes.NewReader(body), int64(len(body))); !ok {
		t.Fatal("not taken in one pass")
	}
	allocated := func(h http.Handler) float64 {
		var before, after goruntime.MemStats
		goruntime.GC()
		goruntime.ReadMemStats(&before)
		if rec := serveBody(h, body); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"allowed":true`) {
			t.Fatalf("HTTP %d %.300s", rec.Code, rec.Body.String())
		}
		goruntime.ReadMemStats(&after)
		return float64(after.TotalAlloc-before.TotalAlloc) / float64(len(body))
	}
	onePass, usual := allocated(s.serveReview(s.validate, true)), allocated(s.serveReview(s.validate, false))
	t.Logf("bytes allocated per byte of body: one pass %.1f, the usual way %.1f", onePass, usual)
	if onePass > usual {
		t.Errorf("the one pass allocates %.1f bytes per byte of body, the usual way %.1f", onePass, usual)
	}
}

// kubeAPIServersReviews are the 20 reviews e2e's kube-apiserver (1.36)
// sent kval's webhook during TestWebhookSeesTheObjectServerSideApplyMerged
// (creates, and updates through server-side apply by one or two managers,
// allowed and denied), recorded as they came, the test's API group
// replaced by the CRD file's.
func kubeAPIServersReviews(t testing.TB) [][]byte {
	data, err := os.ReadFile("testdata/kube-apiserver-reviews.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Split(bytes.TrimSpace(data), []byte("\n"))
}

// ledgerServer serves e2e's Ledger CRD, whose fields carry every kind of
// mutability extension, in mode.
func ledgerServer(t testing.TB, mode Mode) *Server {
	return serverOf(t, "../e2e/testdata/ledgers.yaml", Options{Mode: mode})
}

// deniedReviews are the kubeAPIServersReviews e2e's test saw denied: the
// probe's change of spec.engine, and the four denied cases.
var deniedReviews = map[int]bool{1: true, 7: true, 9: true, 11: true, 13: true}

// TestOnePassTakesKubeAPIServersReviews: every review kube-apiserver sent
// is taken in one pass with each managed field's field set hollow, and
// answered as the usual way answers it, in both modes, with the verdicts
// the end-to-end test saw.
func TestOnePassTakesKubeAPIServersReviews(t *testing.T) {
	for _, mode := range []Mode{ModeComplement, ModeFull} {
		s := ledgerServer(t, mode)
		onePass, usual := s.serveReview(s.validate, true), s.serveReview(s.validate, false)
		for i, body := range kubeAPIServersReviews(t) {
			_, req, _, took := decodeInOnePass(bytes.NewReader(body), int64(len(body)))
			if !took {
				t.Fatalf("review %d: not taken in one pass", i)
			}
			for _, obj := range []map[string]any{req.object, req.oldObject} {
				checkFieldSetsHollow(t, i, obj)
			}
			got, want := serveBody(onePass, body), serveBody(usual, body)
			if got.Code != want.Code || got.Body.String() != want.Body.String() {
				t.Errorf("review %d, mode %s: one pass HTTP %d %s\nusual way HTTP %d %s", i, mode, got.Code, got.Body, want.Code, want.Body)
			}
			if allowed := strings.Contains(got.Body.String(), `"allowed":true`); allowed == deniedReviews[i] {
				t.Errorf("review %d, mode %s: allowed %v, e2e saw %v: %s", i, mode, allowed, !deniedReviews[i], got.Body)
			}
		}
	}
}

// checkFieldSetsHollow fails unless every managed field of obj (if any)
// has a hollow field set.
func checkFieldSetsHollow(t *testing.T, review int, obj map[string]any) {
	t.Helper()
	if obj == nil {
		return
	}
	entries, _ := obj["metadata"].(map[string]any)["managedFields"].([]any)
	if len(entries) == 0 {
		t.Fatalf("review %d: no managed fields", review)
	}
	for _, entry := range entries {
		if set := entry.(map[string]any)["fieldsV1"]; !reflect.DeepEqual(set, map[string]any{}) {
			t.Errorf("review %d: field set %v, want it hollow", review, set)
		}
	}
}
