package fastjson

import (
	"fmt"
	"hash/maphash"
	"runtime"
	"sync"
	"testing"
)

// TestStringsReadBeforeCostNoAllocation: once seen, a short string costs
// what a boolean costs: the containers are all that is allocated.
func TestStringsReadBeforeCostNoAllocation(t *testing.T) {
	words := distinctSlots("kind", "HTTPRoute", "group", "gateway.networking.k8s.io", "items", "a-name", "b-name", "c-name")
	strs := fmt.Appendf(nil, `{%q:%q,%q:%q,%q:[%q,%q,%q]}`, words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7])
	bools := fmt.Appendf(nil, `{%q:true,%q:true,%q:[true,true,true]}`, words[0], words[2], words[4])
	Decode(strs)
	got := testing.AllocsPerRun(100, func() { Decode(strs) })
	want := testing.AllocsPerRun(100, func() { Decode(bools) })
	if got != want {
		t.Errorf("decoding strings read before allocates %v times, the same document of booleans %v", got, want)
	}
}

// distinctSlots is words, each changed (by a suffix) where needed so
// that no two share a slot of the table (the seed is the process's own),
// which would have them replace each other.
func distinctSlots(words ...string) []string {
	used := map[uint64]bool{}
	out := make([]string, len(words))
	for i, w := range words {
		for n := 0; ; n++ {
			candidate := w
			if n > 0 {
				candidate = fmt.Sprintf("%s-%d", w, n)
			}
			if slot := maphash.String(interned.seed, candidate) & (internSlots - 1); !used[slot] {
				used[slot], out[i] = true, candidate
				break
			}
		}
	}
	return out
}

// TestDecodedStringsAreCopies: nothing decoded points into the body, so
// a caller that keeps a string keeps no body alive, and a body reused
// for the next request changes nothing decoded from it.
func TestDecodedStringsAreCopies(t *testing.T) {
	body := []byte(`{"short":"value","long":"` + string(make64('x', maxInternLen+1)) + `"}`)
	v, ok := Decode(body)
	if !ok {
		t.Fatal("declined")
	}
	for i := range body {
		body[i] = ' '
	}
	obj := v.(map[string]any)
	if obj["short"] != "value" || obj["long"] != string(make64('x', maxInternLen+1)) {
		t.Errorf("decoded strings changed with the body: %q", obj)
	}
}

func make64(c byte, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = c
	}
	return b
}

// TestTheTableDoesNotGrow: a stream of strings never seen before (an
// attacker's, or a large cluster's names) replaces the table's entries
// and leaves the heap as it was, give or take the table's size.
func TestTheTableDoesNotGrow(t *testing.T) {
	before := liveHeap()
	for i := range 200_000 {
		Decode(fmt.Appendf(nil, `"name-%056d"`, i)) // 61 bytes: kept in the table
	}
	if grown := liveHeap() - before; grown > 1<<20 {
		t.Errorf("the heap grew by %d bytes over 200,000 new strings", grown)
	}
}

func liveHeap() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc) // live bytes after the collection
}

// TestConcurrentDecodesReadTheirOwnStrings: goroutines decoding strings
// that share the table's slots each get their own text (run under the
// race detector in CI).
func TestConcurrentDecodesReadTheirOwnStrings(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 5_000 {
				want := fmt.Sprintf("g%d-%d", g, i%(2*internSlots))
				if v, ok := Decode([]byte(`"` + want + `"`)); !ok || v != want {
					t.Errorf("decoded %v, want %q", v, want)
					return
				}
			}
		})
	}
	wg.Wait()
}
