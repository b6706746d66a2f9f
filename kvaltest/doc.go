// Package kvaltest is an in-process, validating controller-runtime client
// for operators' unit tests, without envtest, a cluster or downloaded
// binaries:
//
//	c := kvaltest.NewClient(t, kvaltest.CRDs("config/crd"), scheme)
//
// returns a client.WithWatch over an in-memory store. Every write of a
// custom resource (Create, Update, Patch, Apply, Status and their dry
// runs) runs kval's engine through a catalog, as kube-apiserver with kval's
// webhook would: pruning, defaulting (the stored object comes back
// defaulted), value validation, CEL and transition rules, ratcheting, the
// mutability extensions. The package holds no validation of its own.
//
// What it owns is the API server around the engine:
//
//   - the store: objects as JSON values keyed by resource, namespace and
//     name; one global resourceVersion counter; optimistic concurrency
//     (kube-apiserver's Conflict and its message; custom resources need a
//     resourceVersion on update, built-in kinds do not); an update that
//     changes nothing writes nothing and keeps the resourceVersion;
//   - system fields: uid, creationTimestamp, generateName with a random
//     suffix, namespaces of namespaced kinds; generation comes from the
//     engine, which computes it as kube-apiserver's strategy does;
//   - patches applied to the stored object, then validated as an update of
//     it: JSON patch, merge patch, server-side apply with managed fields
//     and conflicts (kube-apiserver's field manager, with the CRD's
//     schema); strategic merge patch is refused for custom resources with
//     UnsupportedMediaType, as kube-apiserver refuses it;
//   - subresources as a CRD defines them: status, and scale (an
//     autoscaling/v1 Scale read from the CRD's replicas and selector paths;
//     its update, patch or apply sets the replicas and is validated and
//     stored as an update of the object, with the Scale's managed fields
//     moved onto it as kube-apiserver moves them); a subresource the CRD
//     does not define is NotFound, as kube-apiserver answers;
//   - deletion: an object with finalizers gets a deletionTimestamp and a
//     generation bump, and is removed by the write that empties its
//     finalizers; delete preconditions (uid, resourceVersion); DeleteAllOf
//     of a namespaced kind needs a namespace, as kube-apiserver serves no
//     collection delete across namespaces;
//   - reads: Get, List and Watch, with label selectors and field selectors
//     on metadata.name, metadata.namespace and the CRD's selectableFields;
//     a watch with a selector gets ADDED when an object comes to match and
//     DELETED when it stops matching, as from kube-apiserver's watch cache;
//     List with a Limit paginates as kube-apiserver does (key order,
//     continue tokens in its format, remainingItemCount without selectors,
//     continued pages read the first page's snapshot: the last 64
//     snapshots are kept, an older token is 410 Expired);
//   - what client-go would send: unstructured content is taken as its JSON
//     (a Go int, uint16 or whole float64 is stored as an int64, a []string
//     as a list), and a create carrying a resourceVersion is refused after
//     validation, by storage, with its unknown 500 (not on a dry run);
//   - errors built as kube-apiserver builds them (*apierrors.StatusError:
//     Invalid, NotFound, AlreadyExists, Conflict, BadRequest), so
//     apierrors.IsInvalid and the Error() text match a real server's;
//   - warnings (unknown fields dropped, ratcheted errors, finalizer names)
//     to a rest.WarningHandler (option WarningHandler), logged with t.Log
//     by default.
//
// # Agreement with kube-apiserver
//
// e2e's TestKvaltestAgreesOnGeneratedSequences sends sequences objgen
// generates (2,324 operations) to both, with 0 differences. What it found
// is fixed: deprecation warnings on every request to a deprecated version,
// owner references, creates carrying a resourceVersion, apply errors
// served as 500s, managedFields lost when kube-apiserver's field manager
// fails on the object a write sends (before the strategy resets its
// status), the nulls of an apply configuration reaching validation, and
// the first update after a create storing the defaulted status (a new
// resourceVersion: the store keeps each object's content as etcd holds
// it, beside the object as read back).
//
// e2e's TestKvaltestAgreesWithKubeAPIServer sends the same sequences of
// writes (creates valid and invalid by schema and by CEL, defaults,
// generateName, dry runs, field validation, updates and generation, stale
// and missing resourceVersions, transition rules, merge and JSON patches,
// strategic merge patch, server-side apply with managers and conflicts,
// the status subresource, deletion with finalizers and preconditions, on
// the example Database and on Gateway API's HTTPRoute, Gateway and
// GatewayClass) to a kvaltest client and to a real kube-apiserver: the
// same objects answered, managedFields included, the same errors and the
// same warnings. The differences it found are fixed; what is left differs
// on purpose:
//
//   - the order of value errors: kube-apiserver's is random for errors of
//     sibling properties (kube-openapi ranges over a Go map), kval's is
//     fixed; compare causes as a set when there are several;
//   - uid, timestamps, resourceVersion values and generated names are
//     kvaltest's own (resourceVersions grow and change exactly when
//     kube-apiserver's do);
//   - writes that name no field manager are managed by "kvaltest", where
//     kube-apiserver takes the client's user agent;
//   - ratcheted errors are delivered as warnings (kube-apiserver ratchets
//     silently).
//
// # KUDO Instances
//
// With the option OperatorVersions, writes of kudo.dev/v1beta1 Instances
// also follow KUDO's immutable-parameter rules, as kval serve
// --kudo-instances enforces them: the rules are an extension of the
// client's catalog (params.InstanceCheck), so they run in the engine's
// order (after kube-apiserver's own checks accepted the object) and their
// errors, a missing OperatorVersion included (spec.operatorVersion.name:
// Not found), are causes of the one Invalid status, with the webhook's
// messages. Before validation a create gets the defaults of its immutable
// parameters pinned into spec.parameters and an upgrade loses the values
// of parameters the new OperatorVersion no longer defines, as the
// webhook's mutation makes them (params.Defaulted). OperatorVersions are
// found in the Instance's namespace among those written through the
// client (decoded, not verified, as the webhook's informer serves them),
// then among the option's package directories and files (verified). The
// Instance and OperatorVersion CRDs must be among the client's CRDs
// (kvaltest.CRDs). One difference: the values pinned on create are owned
// by the request's field manager, where kube-apiserver, which runs
// mutating admission after its field manager, leaves a webhook's
// additions unowned.
//
// Every answer is the engine's (engine.Result.Err, as for the CLI and the
// webhook): 400 BadRequest for an object that cannot be decoded, 422
// Invalid with one cause per error; the warnings of a response are
// Result.ResponseWarnings, without kval's own Result.Notes.
//
// Built-in kinds (ConfigMap, Secret, Namespace, Deployment...) are
// answered as kube-apiserver answers them, with its own Go code (package
// strategy, k8s.io/kubernetes at the release of kval's k8s.io libraries,
// run by the engine as an engine.Native), on create, update, every patch
// and apply, as envtest gives them and controller-runtime's fake client
// does not: decoded (its 400 for a value of the wrong type), defaulted,
// prepared by the kind's registry strategy (PrepareForCreate and
// PrepareForUpdate: a Job's generated selector names the uid it is stored
// with, a Namespace gets its phase and finalizer, a Deployment's
// generation grows when its spec changes), validated (ValidateCreate and
// ValidateUpdate: names, label values, a ConfigMap's keys, a Deployment's
// selector against its labels, every immutable field, a Secret or
// ConfigMap with immutable: true) and canonicalized, with the strategy's
// warnings. The object returned and stored is the one kube-apiserver
// stores: a Deployment created without replicas has replicas 1, a
// RollingUpdate strategy and revisionHistoryLimit 10, a StorageClass
// reclaimPolicy Delete. The published OpenAPI schemas of a Kubernetes
// version embedded in kval (package builtin: the newest, or the one
// option ValidateBuiltins names) find unknown fields (a warning, or 400
// under strict field validation). A status write runs the kind's status
// strategy, as kube-apiserver's status subresource does: the stored spec
// (and, for some kinds, labels) kept, the status validated (a
// Deployment's replicas not negative). What storage allocates is not
// modelled: a Service gets no cluster IP, node ports or IP families.
// Option SkipBuiltinValidation stores built-in objects as written, without
// validation, defaults or strategies (a create and an update of a
// Deployment take about 0.5 ms so, 1.8 ms validated:
// BenchmarkKvaltestDeploymentRoundTrip in bench/kvaltest). A kind of a
// group Kubernetes does not build in (a type the test put in its scheme
// without a CRD) is stored as written. Built-in kinds get the same system
// fields, concurrency (updates need no resourceVersion), deletion and
// selectors as custom resources, and strategic merge patch.
//
// e2e's TestKvaltestServerServesAsKubeAPIServer compares built-in writes
// with a real kube-apiserver's answers: a Deployment's defaults and
// generation, its selector changed, its status written, an immutable
// Secret changed, a ConfigMap's bad key and label value, StorageClass,
// Service, Namespace and Job defaults, a Job created by generateName, an
// admission policy whose rule does not compile, a ResourceClaim asking for
// admin access (the strategy reads its namespace from the store), a
// Namespace's finalize (kube-apiserver's finalize strategy); and
// impersonated requests, RBAC's escalation checks, the reviews and the
// bootstrap objects.
//
// Namespaces are created Active with the "kubernetes" finalizer; a
// deleted one stays Terminating until its finalize subresource empties
// spec.finalizers (no namespace controller runs, as in envtest); finalize
// writes get kube-apiserver's finalize strategy.
//
// Not modelled: admission other than the engine (no namespace lifecycle:
// objects may be created in namespaces that do not exist or terminate), conversion
// webhooks (versions of a CRD convert with the None strategy), the
// subresources of built-in kinds other than status and the scale of
// Deployments, StatefulSets, ReplicaSets and ReplicationControllers
// (eviction, binding...: MethodNotSupported), watch bookmarks and resuming a
// watch from a resourceVersion (a watch starts with the stored objects),
// graceful deletion of built-in kinds, garbage collection of owner
// references.
//
// # Server
//
// NewServer serves the client's store over HTTP on loopback and its Config
// is a rest.Config, for what needs one: a controller-runtime Manager with
// its cache, informers and field indexes, client-go, discovery. The server
// translates requests into the client's calls, its errors into
// metav1.Status and its warnings into Warning headers (server*.go); it
// validates nothing itself. Unlike the client's Watch, its watch resumes
// from a resourceVersion (the server keeps every change it has seen) and
// sends the initial events of client-go's streaming list with their
// closing bookmark.
//
// Requests authenticate as envtest's administrator ("admin" in
// system:masters; no credentials are checked), then go through
// kube-apiserver's own impersonation and authorization filters
// (server_authz.go): a request that impersonates a user (a service
// account a controller acts for) gets what RBAC over the store's roles
// and bindings allows it, else kube-apiserver's 403; writes of roles and
// bindings by such a user get RBAC's escalation checks (rbac_escalation.go).
// The server stores what kube-apiserver creates when it starts (the
// system namespaces and the bootstrap RBAC policy, bootstrap.go), and answers
// access reviews and SelfSubjectReview with kube-apiserver's registries
// (server_reviews.go); a TokenReview is 501, as it needs an authenticator.
// The client alone authorizes nothing: its callers are administrators.
//
// CustomResourceDefinitions (apiextensions.k8s.io/v1, served whether or
// not the scheme has their Go types) written at run time, through the
// server or the client, are checked as kube-apiserver validates a CRD
// (package lint: 422 Invalid), get spec.names defaulted and the status of
// an accepted and established CRD in the same write (kube-apiserver's
// controllers set NamesAccepted and Established moments later), and their
// kinds are served, validated and listed in discovery from then on.
// Deleting one removes its custom resources and its kinds. The CRDs given
// to NewServer are served without being stored as objects.
//
// Why not controller-runtime's fake client with interceptors: kvaltest
// needs every patch applied to the stored object and the result validated
// before it is stored, which an interceptor around the fake's Patch cannot
// do without applying the patch itself; the fake's conflicts read "object
// was modified" instead of kube-apiserver's message, its field selectors
// need registered indexes, it sets no uid, creationTimestamp or generation,
// it recognises patches and status writes by inspecting the call stack,
// and its server-side apply merges custom resources with every list atomic.
// A store of kvaltest's own is a few hundred lines with none of these
// differences.
package kvaltest
