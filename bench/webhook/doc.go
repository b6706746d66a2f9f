// Package webhook measures kval's admission webhook on one realistic
// request (Scenario): the update of a Gateway API HTTPRoute under a CRD with
// the mutability extensions, in the default mode.
//
//	go test -run '^$' -bench . -benchmem ./webhook     # in-process handler: time and allocations per request
//	go run ./cmd/webhookload                           # HTTPS over loopback with keep-alive at fixed rates
//
// The load command starts the webhook on a loopback port with a self-signed
// certificate, calls it as kube-apiserver calls a webhook referenced by a
// Service (every in-cluster webhook's way, deploy/'s included): over
// HTTP/1.1 on kept-alive connections, at most 25 of them kept idle
// (-http2: over HTTP/2, as it calls one referenced by a URL on localhost;
// cmd/webhookload's client.go and its test against kube-apiserver's own
// client), sends the request at each rate (after one unmeasured second
// that opens the connections) open-loop (requests are
// scheduled at fixed intervals whether or not earlier ones finished, so
// queueing shows in the latencies, which count from each request's slot;
// on Linux the slots come from a timerfd, since Go's timers wake an idle
// process only on whole milliseconds: see cmd/webhookload/pace.go), and
// prints per rate p50, p99, max, errors, the connections opened and the
// client's own lateness (late99), and the highest rate whose p99 stayed
// under 2 ms. -compare measures
// the constant-answer baseline and kval alternately at each rate and ends
// with both highest rates and kval's over the baseline's (issue 30's
// acceptance: at least 0.8 on the same cores). By default client and
// server run in one process and share the machine's cores; -serve ADDR
// runs the server alone (until interrupted; it then prints its CPU time
// per admission request, and -cpuprofile FILE profiles it) and -server
// ADDR the client alone (with -baseline-server ADDR, -compare against a
// -serve -baseline process), so that each can be pinned to cores of its
// own with taskset (commands in cmd/webhookload's doc). Both need the
// corpus: run them from this module.
package webhook
