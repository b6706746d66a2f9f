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
package webhook
