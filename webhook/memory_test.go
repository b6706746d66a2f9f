package webhook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
)

// largeDatabase is a Database of about size bytes: its preserve-unknown
// spec.parameters hold many small values, the costliest shape to decode.
func largeDatabase(engine string, size int) []byte {
	var b strings.Builder
	b.WriteString(`{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders","namespace":"shop"},"spec":{"engine":"` + engine + `","version":"16.2","parameters":{`)
	for i := 0; b.Len() < size-100; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"p%d":{"v":"value-%d","n":%d}`, i, i, i)
	}
	b.WriteString(`}}}`)
	return []byte(b.String())
}

func largeReviewBody(t testing.TB) []byte {
	r := review(admissionv1.Update, largeDatabase("postgres", 3<<20-4096), largeDatabase("postgres", 3<<19))
	body, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// TestMemoryPerBodyByteIsBounded measures what one of the largest reviews
// (a 3 MiB object, a 1.5 MiB old one, under a preserve-unknown field)
// allocates per byte of its body.
func TestMemoryPerBodyByteIsBounded(t *testing.T) {
	s, _ := newTestServer(t, Options{Timeout: time.Minute}) // on a slow machine too
	h := s.Handler()
	body := largeReviewBody(t)
	serve := func() {
		req := httptest.NewRequest(http.MethodPost, "/validate", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"allowed":true`) {
			t.Fatalf("HTTP %d %.300s", rec.Code, rec.Body.String())
		}
	}
	serve()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	serve()
	runtime.ReadMemStats(&after)
	perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(body))
	t.Logf("a review of %d bytes allocates %.1f bytes per byte of body", len(body), perByte)
	if perByte > 40 {
		t.Errorf("%.1f bytes allocated per byte of body", perByte)
	}
}

// TestEightLargestReviewsStayWithin512MiB: eight reviews of 3 MiB objects
// at once, under the default budget, with the runtime limited as kval
// serve limits it in a container of 512 MiB (GOMEMLIMIT at 90%, GOGC=400),
// all answered, the process's peak RSS under 512 MiB. It runs in a child
// process so that the peak is that of the reviews alone.
func TestEightLargestReviewsStayWithin512MiB(t *testing.T) {
	if os.Getenv("KVAL_MEMORY_CHILD") == "1" {
		eightLargestReviews(t)
		return
	}
	if testing.Short() {
		t.Skip("a child process with eight 3 MiB reviews")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestEightLargestReviewsStayWithin512MiB$", "-test.v")
	cmd.Env = append(os.Environ(), "KVAL_MEMORY_CHILD=1", "GOGC=400", "GOMEMLIMIT="+fmt.Sprint(512<<20*9/10))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	var peakKiB int64
	for line := range strings.Lines(string(out)) {
		if _, after, ok := strings.Cut(line, "peak RSS "); ok {
			fmt.Sscanf(after, "%d", &peakKiB)
		}
	}
	t.Logf("eight 3 MiB reviews at once: peak RSS %d MiB", peakKiB>>10)
	if peakKiB == 0 || peakKiB<<10 >= 512<<20 {
		t.Errorf("peak RSS %d KiB, want under 512 MiB\n%s", peakKiB, out)
	}
}

func eightLargestReviews(t *testing.T) {
	s, _ := newTestServer(t, Options{Timeout: time.Minute}) // on a slow machine too
	h := s.Handler()
	body, err := json.Marshal(review(admissionv1.Create, largeDatabase("postgres", 3<<20-4096), nil))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			req := httptest.NewRequest(http.MethodPost, "/validate", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"allowed":true`) {
				t.Errorf("HTTP %d %.300s", rec.Code, rec.Body.String())
			}
		})
	}
	wg.Wait()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status")
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Printf("peak RSS %s\n", strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
		}
	}
}
