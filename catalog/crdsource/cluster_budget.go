package crdsource

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"

	"k8s.io/client-go/rest"
)

// The bounds on what listing a cluster's CRDs reads. kube-apiserver stores
// a CRD of at most about 1.5 MiB (etcd's request limit), so a page of
// clusterPageSize CRDs fits maxClusterResponseBytes; a larger answer is
// asked for again in smaller pages, down to one CRD. maxClusterBytes is
// over any real cluster's CRDs together (the largest known, thousands of
// generated CRDs, hold a few hundred MB), and bounds what a server that
// ignores limit, or never ends its pages, can make kval hold.
const (
	maxClusterResponseBytes int64 = 64 << 20
	maxClusterBytes         int64 = 512 << 20
)

// errResponseTooLarge: one answer exceeded its bound.
var errResponseTooLarge = errors.New("an answer of the cluster is larger than kval's limit")

// errClusterTooLarge: the answers together exceeded their bound.
var errClusterTooLarge = fmt.Errorf("the cluster's CustomResourceDefinitions are more than %d MiB, kval's limit", maxClusterBytes>>20)

// budget bounds each answer's body and all of them together. A body past a
// bound ends there, and the bound is recorded for Exceeded: failing the
// read instead would have client-go log an error line for a page that is
// then only asked for again in smaller pages.
type budget struct {
	perResponse int64
	remaining   atomic.Int64
	exceeded    atomic.Pointer[error]
}

func newBudget(perResponse, total int64) *budget {
	b := &budget{perResponse: perResponse}
	b.remaining.Store(total)
	return b
}

// wrap returns a copy of config whose answers the budget bounds.
func (b *budget) wrap(config *rest.Config) *rest.Config {
	config = rest.CopyConfig(config)
	config.Wrap(func(rt http.RoundTripper) http.RoundTripper { return &budgetTransport{next: rt, budget: b} })
	return config
}

// Exceeded is the bound the last answer passed, nil when none did; it
// clears the record.
func (b *budget) Exceeded() error {
	if p := b.exceeded.Swap(nil); p != nil {
		return *p
	}
	return nil
}

type budgetTransport struct {
	next   http.RoundTripper
	budget *budget
}

func (t *budgetTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	if err == nil && resp.Body != nil {
		resp.Body = &budgetBody{body: resp.Body, budget: t.budget, left: t.budget.perResponse}
	}
	return resp, err
}

// budgetBody reads a body up to its own bound and the budget's.
type budgetBody struct {
	body   io.ReadCloser
	budget *budget
	left   int64
}

func (b *budgetBody) Read(p []byte) (int, error) {
	n, err := b.body.Read(p)
	b.left -= int64(n)
	switch {
	case b.left < 0:
		return b.stop(errResponseTooLarge)
	case b.budget.remaining.Add(-int64(n)) < 0:
		return b.stop(errClusterTooLarge)
	}
	return n, err
}

// stop ends the body at a bound: the list does not decode, and the budget
// says why.
func (b *budgetBody) stop(why error) (int, error) {
	b.budget.exceeded.Store(&why)
	return 0, io.EOF
}

func (b *budgetBody) Close() error { return b.body.Close() }
