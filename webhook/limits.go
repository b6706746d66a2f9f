package webhook

import (
	"encoding/json"
	"net/http"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// reasonOverloaded is the denial reason of a request refused for want of
// room in the in-flight budget.
const reasonOverloaded = "overloaded"

// Defaults of the limits of Options.
const (
	// DefaultMaxInFlightBytes lets eight reviews of kube-apiserver's 3 MiB
	// objects run at once; with the allocation kval makes per byte of body
	// (see BytesPerBodyByte) they stay within 512 MiB.
	DefaultMaxInFlightBytes = 32 << 20
	// DefaultOverloadWait is how long a request waits for room in the
	// budget before it is refused.
	DefaultOverloadWait = time.Second
	// minRequestCharge is what the smallest request costs the budget: its
	// decoding and answer take memory whatever its size.
	minRequestCharge = 4 << 10
	// BytesPerBodyByte is the memory a byte of an AdmissionReview's body
	// costs while it is worked on, for sizing the budget: one of the
	// largest reviews allocates 18 bytes per byte of body in all
	// (TestMemoryPerBodyByteIsBounded), and eight 3 MiB reviews at once
	// peak at 15 bytes of RSS per byte under GOMEMLIMIT
	// (TestEightLargestReviewsStayWithin512MiB).
	BytesPerBodyByte = 16
)

// MaxInFlightBytesFor is the budget of request bytes that fits a memory
// limit: what is left once the process's own 64 MiB are taken, divided by
// what a byte of body costs at its peak, and at least one review of the
// largest size.
func MaxInFlightBytesFor(memoryLimit int64) int64 {
	budget := (memoryLimit - 64<<20) / BytesPerBodyByte
	return max(budget, DefaultMaxBodyBytes)
}

// tooManyRequests is the Status of a request refused for want of budget.
func tooManyRequests(msg string) metav1.Status {
	return metav1.Status{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Status"}, Status: metav1.StatusFailure,
		Code: http.StatusTooManyRequests, Reason: metav1.StatusReasonTooManyRequests, Message: msg}
}

// writeStatus answers with a Status as JSON.
func writeStatus(w http.ResponseWriter, code int, status metav1.Status) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(status)
}

// withLimitDefaults fills in the limits left zero.
func withLimitDefaults(opts Options) Options {
	if opts.MaxInFlightBytes <= 0 {
		opts.MaxInFlightBytes = DefaultMaxInFlightBytes
	}
	if opts.OverloadWait <= 0 {
		opts.OverloadWait = DefaultOverloadWait
	}
	if opts.MaxConnections <= 0 {
		opts.MaxConnections = DefaultMaxConnections
	}
	if opts.ShutdownGrace <= 0 {
		opts.ShutdownGrace = DefaultShutdownGrace
	}
	return opts
}
