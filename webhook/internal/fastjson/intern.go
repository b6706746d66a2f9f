package fastjson

import (
	"hash/maphash"
	"sync/atomic"
)

// A review's strings are mostly the same from one request to the next
// (field names, kinds, API groups, enum values) and between its object
// and its old object: copying each into a new string, and a string value
// into a new interface, was half of a review's allocations. Short
// strings are looked up in a process-wide table first and shared; the
// table has a fixed size, so a stream of new strings (an attacker's, or
// a cluster's names) only replaces entries and never grows it, and it
// holds copies, never a body.
const (
	internSlots  = 1 << 12 // a power of two
	maxInternLen = 64      // longer strings are rarely repeated
)

// interned holds each slot's string as an interface, so that a string
// value found there needs no new one.
var interned struct {
	seed  maphash.Seed
	slots [internSlots]atomic.Value // always a string
}

func init() { interned.seed = maphash.MakeSeed() }

// internedString is the string of b, shared when it was read before: the
// string itself, and as an interface (nil for a string too long to share:
// a key needs none).
func internedString(b []byte) (string, any) {
	if len(b) > maxInternLen {
		return string(b), nil
	}
	slot := &interned.slots[maphash.Bytes(interned.seed, b)&(internSlots-1)]
	if v := slot.Load(); v != nil {
		if s := v.(string); s == string(b) {
			return s, v
		}
	}
	var v any = string(b)
	slot.Store(v)
	return v.(string), v
}
