// Package webhook is kval's admission webhook: an HTTPS server for
// admission.k8s.io/v1 AdmissionReview requests that kube-apiserver sends for
// writes of custom resources, answered by kval's engine.
//
// It owns the server side only: AdmissionReview in and out, where schemas
// come from (Sources: files that are reloaded when they change, live CRDs
// watched in the cluster), TLS with certificates reloaded on rotation,
// /healthz, /readyz and /metrics, limits and recovery. Validation itself is
// the engine's (one catalog.Catalog, engine.Validator.Validate per request):
// the webhook holds no validation logic.
//
// # The handler
//
// Server.Admit and Server.Mutate answer one AdmissionRequest, within
// Options.Timeout, counted in the metrics, without HTTP; Handler serves
// them as AdmissionReviews. An endpoint returns the response of an allowed
// request or an error: a *Denial carries the status, the warnings and the
// metric reason, and response() is the one place where it becomes an
// AdmissionResponse. The engine's verdict is engine.Result.Err, as in the
// CLI and kvaltest.
//
// # What a request gets
//
//   - CREATE and UPDATE of a custom resource (PATCH and server-side apply
//     reach a webhook as UPDATE with the whole old and new objects), of the
//     resource or its status subresource, run the engine. In the default
//     mode only the checks kube-apiserver does not perform itself run (the
//     mutability extensions, and extension checks of later packages), and
//     the catalog CatalogOptions makes compiles only those (no value
//     validation or CEL rules); in ModeFull, the whole pipeline.
//   - Errors deny the request with kube-apiserver's Invalid status (422,
//     reason Invalid, kind, name, one cause per field error), which kubectl
//     shows as `admission webhook "<name>" denied the request: <Kind>.<group>
//     "<name>" is invalid: ...`; an object that does not decode with
//     BadRequest (400), as kube-apiserver's decoder answers. Allowed or
//     denied, the response carries the result's warnings (kval's notes,
//     kube-apiserver's warnings, ratcheted errors).
//   - DELETE, CONNECT and other subresources (scale) are allowed untouched.
//   - Dry-run requests are answered the same way (the webhook has no side
//     effects).
//   - Fail closed: a kind kval has no schema for, an UPDATE without its old
//     object, an object over kube-apiserver's 3 MiB or nested deeper than
//     kval's limit, a request that times out and a panic are all denied
//     with a message saying why; a body that is not an AdmissionReview gets
//     HTTP 400. Every panic is recovered and counted.
//
// # Ports, limits, shutdown (Serve)
//
//   - Two ports: the admission port (TLS) serves /validate and /mutate
//     only; the probe port (plain HTTP) /healthz, /readyz and /metrics.
//   - Metric labels are bounded (labels.go): the group and kind of a CRD of
//     the catalog (or of KUDO Instances when they are checked), the four
//     admission operations; anything else is "other".
//   - Request bytes in flight are a budget (limits.go): a request takes its
//     body's length before reading it, waits OverloadWait for room, else
//     gets HTTP 429 without its body being read; its work gives the bytes
//     back when it ends, after its answer if it outlived its timeout.
//   - The deadline is Options.Timeout from the request's arrival, or a
//     second before kube-apiserver gives up when its timeout parameter
//     says it waits less (timeout.go).
//   - The answer comes at the deadline (deadline.go): the request is read
//     and answered on a goroutine of its own with the request's context,
//     which the engine checks between steps and CEL at its interrupt
//     checks, while the handler waits for the answer or the deadline (a
//     Timeout denial with the request's uid, once it is read). That
//     goroutine is one of the long-lived workers that keep the stacks they
//     grew (workers.go); a request that finds none idle starts one.
//   - /validate reads most reviews in one pass (onepass.go, envelope.go):
//     the whole body with webhook/internal/fastjson, which decodes as
//     sigs.k8s.io/json's strict decoding does or declines, the objects
//     straight into the maps the engine validates, the envelope's fields
//     into admissionv1's types as encoding/json reads them. What the pass
//     declines (a misspelt or unknown field, a duplicate, a syntax error, a
//     body over 3 MiB) is read the usual way from its first byte, so every
//     answer is the one it always was (TestOnePassAnswersAsTheUsualWay,
//     FuzzOnePass). The objects' managed-field sets (fieldsV1), which no
//     verdict reads, are decoded hollow, as empty objects, when they hold
//     only objects and the metadata is plain (reviewShape). /mutate reads
//     reviews the usual way: the Mutator gets the objects' bytes.
//   - Connections (connections.go): read, write, idle and header timeouts
//     under kube-apiserver's 30 s webhook limit, header bytes, HTTP/2
//     streams per connection, and a cap on open connections.
//   - When Serve's context ends (serve.go): /readyz fails, both ports keep
//     answering for DrainDelay, each answer closing its connection
//     (serve.go's closingWhileDraining), then shut down within
//     ShutdownGrace.
//
// # KUDO Instances (Options.OperatorVersions, kval serve --kudo-instances)
//
// With OperatorVersions set, kudo.dev/v1beta1 Instances (not their status)
// are checked with the params package's rules, KUDO's immutable operator
// parameters:
//
//   - /validate: the rules are the params extension of the catalog
//     (CatalogOptions lists params.InstanceCheck, and params.InstanceCRD
//     serves Instances when no source gives KUDO's CRD), so the engine
//     runs them in its order and their errors are causes of its one
//     Invalid status: params.Install's on CREATE (a required parameter
//     without a value, a value of the wrong type...; an unpinned default
//     is not an error: the mutating webhook may not be registered),
//     params.Update's or params.Upgrade's on UPDATE. An OperatorVersion
//     that cannot be found in the Instance's namespace is one of them
//     (spec.operatorVersion.name: Not found). An update that changes
//     neither the OperatorVersion nor spec.parameters needs no lookup: no
//     rule can refuse it, and KUDO's controller must be able to update
//     (finalizers) an Instance whose OperatorVersion is gone.
//   - /mutate: the Mutator hook (instanceDefaults, ahead of
//     Options.Mutator) answers a JSON patch making spec.parameters what
//     params.Defaulted keeps: on CREATE the defaults of immutable
//     parameters without a value, on an upgrade (a new
//     spec.operatorVersion.name) without the values of parameters the new
//     OperatorVersion no longer defines; none when the rules refuse the
//     write. An Instance whose OperatorVersion is missing is denied (fail
//     closed, reason no-operator-version).
//
// The webhook holds no parameter logic: the rules, the decoding of
// Instances and the lookup are params'; what is admission (JSON patches,
// denials, metrics) and cluster access (informers) stays here.
//
// # Sources
//
// A Source is bound to its target when it is built: CRDFiles(cat, paths,
// every) and ClusterCRDs(cat, client, selector) keep the CRDs of a catalog
// current; OperatorVersionFiles(paths, every) and
// ClusterOperatorVersions(client) return the params.Finder of
// Options.OperatorVersions with the Source that fills it (KUDO package
// directories, which serve every namespace, and OperatorVersion objects,
// decoded once per change). The file sources share one polling loop (poll:
// reload when the files' fingerprint changes; a file that cannot be read
// keeps what was loaded), the watched ones one accumulator (initialLoad:
// refusals are kept until the informer's initial list is delivered, then
// each event is reported). /readyz waits for every source ("(2
// OperatorVersions)").
package webhook
