// Package strategy validates the objects of built-in kinds (Deployments,
// Services, Roles: every kind a manifest creates in a built-in API group) as
// kube-apiserver does, with kube-apiserver's own code: k8s.io/kubernetes's
// scheme decodes and defaults them, and its registry strategies prepare
// and validate them (pkg/registry/<group>/<resource>/strategy.go, which
// call pkg/apis/<group>/validation and the declarative validation generated
// for the kind), on create and on update, with the warnings they return.
// The aggregator's APIService gets k8s.io/kube-aggregator's strategy, its
// group installed into the same scheme.
// The published OpenAPI schemas that package builtin embeds leave most of
// that out: a Deployment whose selector misses its template's labels, a
// container named "Web_Server", an immutable field changed.
//
// It plugs into the engine as an engine.Native (ForKind): the engine still
// finds unknown fields with the kind's published schema, and runs kval's
// own checks after kube-apiserver's. The Go code is k8s.io/kubernetes at
// the release of kval's k8s.io libraries (Release); feature gates are at
// that release's defaults.
//
// # What a cluster would hold
//
// kval answers as kube-apiserver answers its administrator: strategies
// that authorize the requesting user (an admission policy's paramKind, who
// signs a PodCertificateRequest) allow (administrator.go). The few that
// read a namespace (a ResourceClaim asking for admin access to devices)
// read the one a frontend with storage gives (WithNamespaces: kvaltest's
// store); without one, a namespace that allows what they check.
//
// # Updates from files
//
// On an update whose old object is a manifest (engine.Request.OldIsManifest:
// kval validate --old and --base), the old manifest is first stored as a
// create stores it: decoded, defaulted, prepared by the strategy, with the
// fields the server generates (a Job's selector and its controller-uid
// labels, from a fixed uid). The new manifest is then applied over it as
// `kubectl apply` does: a three-way strategic merge of the old manifest
// (the last applied configuration), the new one and the stored object, so
// that generated fields the files leave out are kept, not reported as
// changed. Fields allocated by storage rather than the strategy (a
// Service's clusterIP) stay unset.
package strategy
