// Package e2e holds kval's end-to-end tests: they run against a real
// kube-apiserver, backed by a real etcd, that package e2e/cluster starts once
// per test binary (in TestMain, with cluster.Main). Package e2e/playbrowser,
// in this module too but with no cluster, tests the playground (kval play)
// in a real headless Chromium.
//
// # kube-apiserver
//
// kube-apiserver is upstream's, built from e2e/kubeapiserver: a main package
// of its own Go module that runs k8s.io/kubernetes/cmd/kube-apiserver/app
// (Kubernetes v1.36.3, its staging modules pinned to v0.36.3 by replace
// directives). That module is deliberately not in go.work, whose k8s.io
// modules are newer (v0.37.x); it is built with GOWORK=off.
//
// The binary is cached in the Go build cache, as
// $(go env GOCACHE)/kval-e2e/kube-apiserver-<hash>, where <hash> is a short
// hash of e2e/kubeapiserver's go.mod, go.sum and main.go. The first run
// builds it (minutes, see below; the harness says so on stderr); later
// runs, and CI runs that restore the build cache, reuse it. A changed source builds a new binary next to the
// old one; `go clean -cache` removes them. Test binaries that build at once
// each build into a temporary file and rename it into place.
//
// # What a run needs
//
//   - Go and the Go module proxy (to build kube-apiserver);
//   - etcd in PATH, any 3.4 or later: on Debian and Ubuntu,
//     `apt-get install -y etcd-server` (CI's .ci/run installs it). Without
//     it the tests fail with that instruction; they never skip;
//   - free TCP ports on 127.0.0.1.
//
// # The cluster
//
// etcd and kube-apiserver listen on free loopback ports, with their data,
// certificates and logs in a temporary directory that Stop removes.
// kube-apiserver serves HTTPS with a self-signed certificate (its --cert-dir),
// authenticates an administrator (group system:masters) with a static token
// (--token-auth-file), authorizes with RBAC, signs service account tokens
// with a generated key, and runs its default admission plugins, validating
// admission webhooks included. Start returns once /readyz passes; a server
// that exits or does not get ready fails Start with the end of its log.
// Cluster.Config is the administrator's client configuration. When tests
// fail, cluster.Main prints the end of both logs and keeps the directory. On
// Linux the servers are killed with the test binary, even when a test
// timeout ends it past every deferred Stop.
//
// # kval's webhook against kube-apiserver
//
// The webhook tests (webhook_test.go) prove `kval serve` end to end: each
// runs kval's admission webhook in the test binary (package webhook, as
// `kval serve` runs it, kvalwebhook_test.go) on 127.0.0.1 with a
// self-signed certificate, serving testdata/ledgers.yaml from a file
// reloaded every 100ms, and registers it with a ValidatingWebhookConfiguration
// (url and caBundle; CREATE and UPDATE of every resource of the group and of
// its status; failurePolicy Fail, matchPolicy Equivalent, sideEffects None,
// timeoutSeconds 10). The CRD is created in kube-apiserver without
// x-kubernetes-mutability and x-kubernetes-key-mutability, which
// kube-apiserver does not know. Each test moves the CRD to a group of its
// own (<test>.e2e.kval.dev), so that tests, which run in parallel, never
// meet each other's webhooks, and waits until a dry-run update of a probe
// object is denied. The CRD's one kind, Ledger, has a field for each
// extension value on each kind of node it may be placed on (scalars:
// Immutable, AddOnly, RemoveOnly; an Immutable struct; atomic lists that
// are Immutable, append-only, of fixed length; a list-map of Immutable
// items with AddOnly keys; a set with RemoveOnly keys; a map of Immutable
// values with AddOnly keys; an AddOnly status field), and the helper
// checks that `kval lint` accepts it.
//
// The tests write Ledgers with client-go and assert kube-apiserver's answer:
// the object answered and read back when allowed; when denied, the exact
// error (`admission webhook "kval.<group>" denied the request:
// Ledger.<group> "<name>" is invalid: <path>: Forbidden: <detail>`), an
// Invalid status with one cause per field error, and the stored object
// unchanged. Each case has an object of its own.
//
//   - TestWebhookAllowsCreates: creates (by POST and by server-side apply),
//     AddOnly and RemoveOnly fields set, are allowed, each after exactly one
//     call of the webhook (its /metrics); a status sent on create is
//     dropped, not denied; a dry-run create stores nothing.
//   - TestWebhookJudgesUpdatesAlikeWhateverTheMethod: the changes of
//     specChanges, forbidden and allowed ones on every node of the CRD
//     (37 today), each sent as a PUT, a JSON patch, a merge patch and a
//     server-side apply (by the manager that owns every field, so that
//     leaving a field out removes it): the same verdict, and the same
//     stored object, every time.
//   - TestWebhookJudgesDryRunsAlike: the same changes with dryRun=All: the
//     same verdicts, the changed object answered, nothing stored.
//   - TestWebhookSeesTheObjectServerSideApplyMerged: applies to the list-map
//     and the map by a second manager are merged (items by key, map keys one
//     by one) before admission: adding an item or a key is allowed although
//     the applied configuration lacks the others; forcing a change of an
//     item or a value is denied; the owner leaving an item or a key out
//     removes it (denied) unless another manager applied it too (kept,
//     allowed).
//   - TestWebhookJudgesStatusUpdatesOnTheStatus: UpdateStatus, JSON and
//     merge patches of /status and applies to /status that change or remove
//     the AddOnly status field (with the whole status too) are denied, a
//     first status, the field added later and mutable status fields are
//     allowed; a spec change sent through /status, and a
//     status change sent to the object, are ignored by kube-apiserver, not
//     denied.
//   - TestWebhookFollowsItsCRDFile: the CRD file is rewritten while the
//     webhook runs: an extension taken out stops denying, one added starts;
//     a CRD kube-apiserver would reject is refused (/readyz says why) and
//     the previous one stays in use.
//   - TestBadRequestsStraightToTheWebhook: malformed JSON, a wrong kind, a
//     10 MB body, deep nesting, an UPDATE without oldObject and an unknown
//     kind sent to the running webhook get HTTP 400/413 or a denial saying
//     why, and the webhook goes on judging kube-apiserver's requests.
//   - TestTwoReplicasRestartWithoutFailingWrites (replicas_test.go): two
//     `kval serve` processes (built from cmd/kval) behind a loopback TCP
//     balancer that follows their /readyz as a Service's endpoints do and
//     never retries a refused connection (balancer_test.go), registered as
//     the webhook; four writers create Ledgers, change a mutable field
//     (admitted) and an immutable one (denied) while (a) each replica in
//     turn gets SIGTERM and restarts: no write admitted or denied wrongly,
//     none failed; (b) one replica gets SIGKILL: none admitted or denied
//     wrongly, and the few that failed (those in flight on it, or sent to
//     it before the balancer saw it gone) are logged. With --drain-delay 0
//     the SIGTERM case fails writes. It runs over HTTP/1.1, as kube-apiserver
//     calls a webhook referenced by a Service (the balancer registered at
//     0.0.0.0, which Linux connects to the loopback and kube-apiserver does
//     not take for it), and over HTTP/2, as it calls one at a loopback URL;
//     the balancer reads each ClientHello and checks the protocols offered.
//     Over HTTP/1.1 a drain that closed idle connections failed writes.
//   - TestWebhookServesLiveAnnotatedCRDs: the webhook serves the cluster's
//     CRDs (kval serve --watch-crds); the CRD was created as `kval annotate`
//     writes it, and a change of its annotation in the cluster changes what
//     is enforced.
//   - TestWebhookKeepsKUDOParametersImmutable (kudo_test.go): KUDO's
//     OperatorVersion and Instance CRDs (examples/params/kudo-crds.yaml, KUDO's
//     schemas without descriptions) and the two versions of the KUDO guide's
//     ZooKeeper package (examples/params) as OperatorVersions; the webhook
//     runs as `kval serve --kudo-instances` (OperatorVersions watched in
//     the cluster) and is registered as a mutating and a validating webhook
//     for Instances. The example Instance installed without DISK_SIZE is
//     stored with it (the immutable default pinned by the JSON patch); an
//     update changing it is denied with params' message, one changing
//     NODE_COUNT is allowed; the upgrade to v2 without values for
//     CLIENT_PORT (made immutable) and STORAGE_CLASS (added as immutable)
//     is denied naming both with their defaults, the one with values is
//     stored.
//   - TestWebhookDeniesChangingAnImmutableFieldThroughItsParent
//     (parents_test.go): a JSON patch removing /spec, and an update adding
//     spec to a Ledger without one, are each denied (spec.engine is
//     immutable, the root does not require spec).
//   - TestWebhookRegisteredForTheDefiningVersionDeniesUpdatesThroughAnother
//     (parents_test.go): the Ledger CRD with a v2 that lacks the extensions
//     (conversion None), the webhook registered for v1 only with
//     matchPolicy Equivalent, as deploy/webhook.yaml says: an update and a
//     JSON patch removing /spec through v2 are denied; the control,
//     TestWebhookRegisteredForEveryVersionLetsV2Through, registered for
//     "*", lets the update through v2 pass (the webhook gets it in v2).
//
// # kvaltest and kval lower against kube-apiserver
//
//   - TestKvaltestAgreesWithKubeAPIServer (agree_*_test.go): the same
//     sequences of writes sent to a kvaltest client and, through
//     controller-runtime's client, to kube-apiserver, both holding `kval
//     lower`'s output for examples/crd.yaml (group agree.e2e.kval.dev) and
//     the Gateway API CRDs (experimental channel) and KUDO's; one subtest per
//     sequence, one namespace each. Every step answers the same object
//     (uid, timestamps and generated names left out, resourceVersions
//     numbered by appearance, managedFields without their times), the same
//     error (reason, code, text, causes in a fixed order: kube-apiserver's
//     is random, and the lines of structured-merge-diff's error lists,
//     which it walks in Go's map order) and the same warnings; each step
//     also states what it must do on kube-apiserver. What differs on purpose is in kvaltest's doc.
//   - TestKvaltestAgreesOnGeneratedSequences (agree_generated_test.go):
//     the same comparison on sequences internal/objgen generates, with a
//     fixed seed, for every served version of the same CRDs and of KUDO's
//     (examples/params/kudo-crds.yaml, moved to group
//     kudo.agree.e2e.kval.dev): 7 objects per version, each created as a
//     dry run and for real, read, updated, merge- and JSON-patched,
//     applied server-side, its status updated and merge-patched (where
//     the CRD has the subresource), deleted as a dry run and for real,
//     and read again: 2,324 operations on each side. Objects are valid by
//     their schema's values (CEL rules not considered, so some fail
//     them), one in three has a keyword violated, some carry an
//     ownerReference with a field missing. 0 differences; about 20 s
//     (kube-apiserver running), 70 s with the cluster's start on 2 busy
//     cores.
//   - TestLoweredExampleCRDOnKubeAPIServer (lowered_test.go): `kval
//     lower`'s output for examples/crd.yaml in kube-apiserver with no
//     webhook; the example updates and one per extension, allowed and
//     forbidden, get the verdict of kval's engine on the CRD with the
//     extensions, and its errors, or the same errors reported at the
//     collection above (a rule's fieldPath cannot name an index; package
//     lower's doc). An update invalid by the schema gets the errors of the
//     CRD without extensions, from both.
//   - TestLoweredSeedExamplesOnKubeAPIServer (lowered_seed_test.go): seed
//     000's worked examples under each value of the extension (217
//     transitions), in one CRD, likewise; and each verdict is the seed's.
//   - TestLoweredCRDDeniesChangingAnImmutableFieldThroughItsParent
//     (parents_test.go): with no webhook, the lowered examples/crd.yaml
//     makes kube-apiserver deny a JSON patch removing /spec and an update
//     adding spec back, with kval's engine's errors.
//
// # Built-in kinds: package strategy against kube-apiserver
//
// TestBuiltinsAgreeWithKubeAPIServer (builtindiff_*_test.go) is the
// differential of issue 44: a seeded generator makes objects of 21
// built-in kinds (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job,
// CronJob, Pod, Service, Ingress, ConfigMap, Secret, PersistentVolumeClaim,
// Namespace, ServiceAccount, Role, ClusterRole, RoleBinding,
// ClusterRoleBinding, NetworkPolicy, PodDisruptionBudget,
// HorizontalPodAutoscaler), valid ones and mutations of them (names,
// labels, selectors, ports, counts, enums, required fields, duplicates,
// RBAC names, base64, immutable fields on update); each goes through kval
// (the built-in catalog with strategy.ForKind, as kval validate runs it;
// updates with OldIsManifest) and through kube-apiserver: creates as
// server dry runs, updates as `kubectl apply` sends them (the old manifest
// created for real without the last-applied annotation, then the
// three-way strategic merge patch of old manifest, new manifest and live
// object with dryRun=All, then deleted). A third of the requests are
// updates. The verdict (allowed, 400, 422) and each 422 cause's field and
// type must agree; messages that differ are logged. Not differences, each
// counted apart with its reason: the changes between kube-apiserver
// v1.36.3 (this cluster) and v1.37.2 (kval's validation), in
// builtindiff_release_test.go, what the Service storage allocates from
// the cluster's flags (IP families, dual stack, clusterIPs), and the
// tolerations DefaultTolerationSeconds admission adds to a created Pod
// (an update replacing them is Forbidden). The
// generator leaves out what admission or the URL decides before
// validation (a Pod's missing service account, an update renaming the
// object). CI runs 1,000 requests (about 5 s); KVAL_BUILTIN_DIFF_N and
// KVAL_BUILTIN_DIFF_SEED set the size and the seed, KVAL_BUILTIN_DIFF_OUT
// a file for every case and both answers.
//
// Seed 1, 5,000 requests over 53 kinds (3,267 creates, 1,733 updates;
// 2,067 allowed, 459 answered 400, 2,470 422 by kube-apiserver, 4 whose
// patch kubectl apply cannot make; 15 s): 0 differences in verdict, field
// or type, and every 400's message equal; 4,398 agree in every word, 215
// in all but wording, 385 differ by the release (duplicate causes 182,
// ownerReferences errors 140, both 54, a DeviceClass's
// extendedResourceName 6, HPAScaleToZero 2, StatefulSet immutable spec
// fields 1), 2 by Service allocation. The wording differences: a generated name's suffix (kval's
// xxxxx); v1.37's declarative validation messages (rules[].verbs, roleRef
// "field is immutable" for "cannot change roleRef", spec.maxReplicas, a
// binding's spec.validationActions, an endpoint's addresses, a duplicate
// device request printed whole where v1.36 printed its name, an immutable
// field's value printed as null); a Pod update's Forbidden message, which
// prints the whole Go PodSpec (v1.37's types have fields v1.36's lack, and
// the live Pod has admission's serviceAccountName: default), as do
// immutable Job templates and claim specs; a Job's generated labels
// (kval's fixed uid); NetworkPolicy endPort, whose value v1.37 prints for
// port's; minReplicas "at least 0" with HPAScaleToZero. Seed 2, 10,000
// requests (6,729 creates, 3,271 updates; 4,225 allowed, 851 400, 4,914
// 422; 37 s): 0 differences in verdict, field or type; 8,880 agree in
// every word, 431 in all but wording, 686 differ by the release, 3 by
// Service allocation or Pod admission. Seed 3, 20,000 requests (13,294
// creates, 6,706 updates; 8,380 allowed, 1,611 400, 9,989 422; 84 s): 0
// differences in verdict, field or type. kval reads the cluster's
// namespaces where a strategy reads one (a claim asking for admin access
// to devices), as kvaltest gives its store's. Quotas and limit ranges are
// created in a namespace of their own (policyNamespace), so that they
// change no other request's answer.
//
// TestAPIServicesAgreeWithKubeAPIServer does the same for the aggregator's
// APIService (k8s.io/kube-aggregator's strategy), apart so that the cases
// above stay as recorded: 200 creates only, as server dry runs (an
// APIService stored for real makes the aggregator proxy its group to a
// service that does not exist, and discovery fails for every later test).
// Seed 1: 0 differences in verdict, field or type; 8 in wording (a
// generated name's suffix), 8 by the release (ownerReferences errors).
//
// TestRealProjectsAnsweredAsKubeAPIServer (projects_test.go) takes real
// projects' released manifest trees from testdata/projects (cert-manager's
// rendered chart, Argo CD's CRDs and documented objects, Argo Workflows'
// quick start, Gatekeeper's and Knative Serving's installs, Flux
// source-controller's and CloudNativePG's CRDs and samples, an HPE CSI
// driver ClusterRole, metrics-server's kustomize base; 159 objects
// allowed): the tree's CRDs installed and its namespaces created, every
// other object goes through kval (the built-in catalog with the tree's
// CRDs loaded) and through kube-apiserver as a server dry run, unknown
// fields refused on both sides as kubectl asks. The verdicts, each 422
// cause's field and type, each 400's message, and each returned object
// must agree, but for what storage adds (a Service's allocated clusterIP
// and IP families, a Job's controller-uid, a generated name's suffix) and
// v1.37's HPA generation; kinds neither knows (a kustomization, custom
// resources of CRDs the tree lacks) are counted apart. It found the
// APIService left to its published schema: kval returned it without the
// service port the aggregator defaults (443) and with a generation the
// aggregator does not set.
//
// # What each way of enforcing immutability costs
//
// TestEnforcementCost (enforcecost_test.go, costpolicy_test.go,
// costmeasure_test.go) installs examples/crd.yaml four times, each in a
// group of its own: without kval's extensions (no enforcement); as `kval
// lower` writes it (CEL transition rules); without the extensions, with
// kval's webhook serving the CRD with them, registered as
// deploy/webhook.yaml registers it; and without the extensions, with a
// ValidatingAdmissionPolicy (admissionregistration.k8s.io/v1, updates
// only, bound with validationActions Deny) whose oldObject rules say what
// the extensions say (spec.engine Immutable, spec.primaryZone AddOnly,
// spec.migrations append-only). It asserts that changing each of those
// fields is denied, naming the field, in the last three and allowed in the
// first; then it creates Databases and updates them (a new version,
// labels, an appended migration: allowed everywhere) in rounds, one
// request at a time at a fixed rate, the modes' order rotating, and logs
// p50 and p99 per mode and operation and what each adds to the mode
// without enforcement. CI sends 3 of each; a real measurement sets
// KVAL_E2E_COST (requests per mode and operation) and KVAL_E2E_COST_RATE
// (requests a second, all modes together, default 40).
//
// # Figures (2 shared cores)
//
// A cold build of kube-apiserver took 6.5 minutes; with the binary cached,
// the cluster is ready about 3.5 seconds after Start and the smoke tests
// (smoke_test.go) run in about 7 seconds, start and stop included. Each
// webhook test takes 3 to 6 seconds, about 2 of them waiting for
// kube-apiserver to serve the new CRD; they run two at a time (go test's
// -parallel defaults to the number of cores). With the differentials of
// built-in kinds and the real projects' trees, package e2e takes about two
// minutes.
//
// The build runs inside the test binary, before its tests: go test's
// -timeout does not count it, but the go command kills a test binary that
// runs for longer than -timeout plus one minute (11 minutes by default).
// When a cold build competes with compiling everything else, give the first
// run more time (`go test -timeout 30m ./e2e/...`), as .ci/run does.
package e2e
