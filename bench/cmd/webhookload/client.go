package main

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"sync/atomic"
)

// loadClient calls the webhook as kube-apiserver does
// (k8s.io/apiserver/pkg/util/webhook's ClientManager over client-go's
// transport): by default over HTTP/1.1, as it calls a webhook referenced
// by a Service (deploy/'s, and any in a cluster), on kept-alive
// connections of which it keeps at most 25 idle; with http2 over HTTP/2,
// as it calls one referenced by a URL on localhost. It counts the
// connections it opens: over HTTP/1.1 one for each request that finds no
// idle one, over HTTP/2 one for each that finds every open one at the
// server's limit of concurrent streams, each with a TLS handshake on both
// sides (TestClientSpeaksAsKubeAPIServer holds these to the upstream
// client).
type loadClient struct {
	*http.Client
	dials atomic.Int64
}

// idleConnsPerHost is client-go's (k8s.io/client-go/transport).
const idleConnsPerHost = 25

// clientOptions are the client's flags.
type clientOptions struct {
	http2 bool
	// noKeepAlive sends each request on a new connection, to measure what
	// a handshake costs the server.
	noKeepAlive bool
}

func newClient(o clientOptions) *loadClient {
	c := &loadClient{}
	dialer := &net.Dialer{}
	tlsConfig := &tls.Config{InsecureSkipVerify: true}
	if !o.http2 {
		tlsConfig.NextProtos = []string{"http/1.1"}
	}
	c.Client = &http.Client{Transport: &http.Transport{
		TLSClientConfig:     tlsConfig,
		ForceAttemptHTTP2:   o.http2,
		MaxIdleConnsPerHost: idleConnsPerHost,
		DisableKeepAlives:   o.noKeepAlive,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c.dials.Add(1)
			return dialer.DialContext(ctx, network, addr)
		},
	}}
	return c
}
