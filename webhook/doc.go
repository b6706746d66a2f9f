// Package webhook is kval's admission webhook: an HTTPS server for
// admission.k8s.io/v1 AdmissionReview requests that kube-apiserver sends for
// writes of custom resources, answered by kval's engine.
//
// It owns the server side only: AdmissionReview in and out, where schemas
// come from (Source: files that are reloaded when they change, live CRDs
// watched in the cluster), TLS with certificates reloaded on rotation,
// /healthz, /readyz and /metrics, limits and recovery. Validation itself is
// the engine's (one catalog.Catalog, engine.Validator.Validate per request):
// the webhook holds no validation logic.
//
// # What a request gets
//
//   - CREATE and UPDATE of a custom resource (PATCH and server-side apply
//     reach a webhook as UPDATE with the whole old and new objects), of the
//     resource or its status subresource, run the engine. In the default
//     mode only the checks kube-apiserver does not perform itself run (the
//     mutability extensions, and extension checks of later packages); in
//     ModeFull, the whole pipeline.
//   - Errors deny the request with kube-apiserver's Invalid status (422,
//     reason Invalid, kind, name, one cause per field error), which kubectl
//     shows as `admission webhook "<name>" denied the request: <Kind>.<group>
//     "<name>" is invalid: ...`. Ratcheted errors become response warnings.
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
//   - The answer comes at the deadline (deadline.go): the work runs on its
//     own goroutine with the request's context, which the engine checks
//     between steps and CEL at its interrupt checks.
//   - Connections (connections.go): read, write, idle and header timeouts
//     under kube-apiserver's 30 s webhook limit, header bytes, HTTP/2
//     streams per connection, and a cap on open connections.
//   - When Serve's context ends (serve.go): /readyz fails, both ports keep
//     answering for DrainDelay with keep-alives off, then shut down within
//     ShutdownGrace.
//
// # KUDO Instances (Options.OperatorVersions, kval serve --kudo-instances)
//
// With OperatorVersions set, kudo.dev/v1beta1 Instances (not their status)
// are checked with the params package's rules, KUDO's immutable operator
// parameters:
//
//   - CREATE on /mutate: the Mutator hook (instanceDefaults, ahead of
//     Options.Mutator) answers a JSON patch adding to spec.parameters what
//     params.Install adds: the defaults of immutable parameters without a
//     value. An install the rules refuse gets no patch.
//   - UPDATE on /mutate, an upgrade (a new spec.operatorVersion.name): a
//     JSON patch removing the values of parameters the new OperatorVersion
//     no longer defines (params.Upgrade's result); none when the rules
//     refuse the upgrade.
//   - CREATE on /validate: params.Install's errors deny it (a required
//     parameter without a value, a value of the wrong type...). An
//     unpinned default is not an error: the mutating webhook may not be
//     registered, and the update and upgrade rules judge a default that is
//     not stored as the value templates see.
//   - UPDATE on /validate: params.Update when spec.operatorVersion.name
//     stays, params.Upgrade when it changes; every error is a cause of one
//     Invalid status, as the engine's are. An update that changes neither
//     the OperatorVersion nor spec.parameters is allowed without a lookup:
//     no rule can refuse it, and KUDO's controller must be able to update
//     (finalizers) an Instance whose OperatorVersion is gone.
//   - An OperatorVersion that cannot be found in the Instance's namespace
//     denies the request (fail closed, reason no-operator-version).
//   - When the catalog also has a CRD for Instances, the engine checks them
//     too and its errors join the rules' in the one status.
//
// Where the glue lives: here (instances.go, instance_defaults.go,
// operatorversion*.go), not in params. The rules are params' pure
// functions of OperatorVersions and parameter maps; what is admission
// (AdmissionRequests, JSON patches, denials, metrics) and cluster access
// (informers, client-go) stays in the frontend, so params remains a
// model-level package the CLI, the webhook and tests call alike, and the
// webhook holds no parameter logic: it decodes the Instances of a
// request, finds their OperatorVersions and returns what params says. The
// engine's Extension point does not fit: its checks see one object and
// its CRD, not another object looked up per request, and cannot patch.
//
// OperatorVersions come from a Source that also serves lookups:
// ClusterOperatorVersions (a dynamic informer on operatorversions.kudo.dev
// in every namespace, decoded once per change) or OperatorVersionFiles
// (KUDO package directories, which serve every namespace, and
// OperatorVersion objects, reloaded as FileSource reloads CRDs: a file
// that cannot be read keeps the previous OperatorVersions). /readyz waits
// for them like for CRDs ("(2 OperatorVersions)").
package webhook
