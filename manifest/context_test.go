package manifest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// largeJSON is an object of about n bytes of JSON.
func largeJSON(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := 0; b.Len() < n-100; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"item-%d","size":%d,"tags":["a","b"]}`, i, i)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// An ended context decodes nothing (no allocation, where a live one
// allocates for every value) and returns its error, never an object.
func TestDecodeObjectContextDecodesNothingOnceEnded(t *testing.T) {
	raw := largeJSON(MaxDocumentBytes)
	obj, err := DecodeObjectContext(context.Background(), raw)
	if err != nil || len(obj["items"].([]any)) == 0 {
		t.Fatalf("a live context: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	obj, err = DecodeObjectContext(ctx, raw)
	if !errors.Is(err, context.Canceled) || obj != nil {
		t.Fatalf("an ended context gave %d keys, %v; want no object and context.Canceled", len(obj), err)
	}
	if allocs := testing.AllocsPerRun(10, func() { _, _ = DecodeObjectContext(ctx, raw) }); allocs > 0 {
		t.Errorf("an ended context still allocated %v times", allocs)
	}
}

// BenchmarkDecodeObjectMaxSize is the time one object of MaxDocumentBytes
// takes, the longest a request's decoding runs past its context's end.
func BenchmarkDecodeObjectMaxSize(b *testing.B) {
	raw := largeJSON(MaxDocumentBytes)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeObject(raw); err != nil {
			b.Fatal(err)
		}
	}
}
