package play

// Example is one entry of the page's gallery: the paths of its inputs in
// kval's module (Old empty for a create), and the verdict the playground
// gives it, which the tests hold it to.
type Example struct {
	ID, Title, Note string
	CRD, Old, New   string
	Verdict         string
	// Fields are the fields of the errors, as kubectl prints them.
	Fields []string
}

// Gallery lists the page's examples, first the one the page opens with.
// play/site copies their files into the site.
var Gallery = []Example{
	{ID: "ledger", Title: "Bundled example: the ledger update",
		Note: "examples/: the engine is switched, the zone dropped, the migration history rewritten; only kval's mutability extensions reject it",
		CRD:  "examples/crd.yaml", Old: "examples/current/ledger.yaml", New: "examples/objects/ledger.yaml",
		Verdict: Invalid, Fields: []string{"spec.engine", "spec.migrations[2]", "spec.migrations[1]", "spec.primaryZone"}},
	{ID: "orders", Title: "Bundled example: a valid update, pruned",
		Note: "fields the CRD does not know are pruned with a warning; the diff shows what kube-apiserver returns",
		CRD:  "examples/crd.yaml", Old: "examples/current/orders.yaml", New: "examples/objects/orders.yaml",
		Verdict: Valid},
	{ID: "reporting", Title: "Bundled example: a create only a CEL rule rejects",
		CRD: "examples/crd.yaml", New: "examples/objects/reporting.yaml",
		Verdict: Invalid, Fields: []string{"spec.replicas"}},
	{ID: "transitions", Title: "Seed 000: Immutable, AddOnly, RemoveOnly and key mutability",
		Note: "set once, removed, a key added: allowed; an immutable value changed: rejected",
		CRD:  "play/gallery/transitions/crd.yaml", Old: "play/gallery/transitions/old.yaml", New: "play/gallery/transitions/new.yaml",
		Verdict: Invalid, Fields: []string{"spec.mounts[0].path", "spec.storageClass"}},
	{ID: "immutable", Title: "Seed 001: an immutable value, required once set",
		CRD: "play/gallery/immutable/crd.yaml", Old: "play/gallery/immutable/old.yaml", New: "play/gallery/immutable/new.yaml",
		Verdict: Invalid, Fields: []string{"value"}},
	{ID: "appendonly", Title: "Seed 001: an append-only list",
		CRD: "play/gallery/appendonly/crd.yaml", Old: "play/gallery/appendonly/old.yaml", New: "play/gallery/appendonly/new.yaml",
		Verdict: Invalid, Fields: []string{"values"}},
	{ID: "mapkeys", Title: "Seed 001: a map with immutable keys and values",
		CRD: "play/gallery/mapkeys/crd.yaml", Old: "play/gallery/mapkeys/old.yaml", New: "play/gallery/mapkeys/new.yaml",
		Verdict: Invalid, Fields: []string{"values"}},
	{ID: "gatewayclass", Title: "Gateway API: a GatewayClass's controller changed",
		CRD: "testdata/corpus/gateway-api/crds-standard/gateway.networking.k8s.io_gatewayclasses.yaml",
		Old: "play/gallery/gateway/old.yaml", New: "play/gallery/gateway/new.yaml",
		Verdict: Invalid, Fields: []string{"spec.controllerName"}},
	{ID: "gateway-listeners", Title: "Gateway API: a Gateway with duplicate listeners",
		CRD:     "testdata/corpus/gateway-api/crds-standard/gateway.networking.k8s.io_gateways.yaml",
		New:     "play/gallery/gatewaylisteners/new.yaml",
		Verdict: Invalid, Fields: []string{"spec.listeners[1]", "spec.listeners"}},
	{ID: "parent-removal-1", Title: "Two-step parent removal, step 1: the parent removed (accepted)",
		CRD: "play/gallery/parentremoval/crd.yaml", Old: "play/gallery/parentremoval/v1.yaml", New: "play/gallery/parentremoval/v2.yaml",
		Verdict: Valid},
	{ID: "parent-removal-2", Title: "Two-step parent removal, step 2: back with another value (accepted)",
		CRD: "play/gallery/parentremoval/crd.yaml", Old: "play/gallery/parentremoval/v2.yaml", New: "play/gallery/parentremoval/v3.yaml",
		Verdict: Valid},
	{ID: "parent-removal-fix", Title: "Two-step parent removal, the fix: the rule on every ancestor (step 1 rejected)",
		CRD: "play/gallery/parentremovalfix/crd.yaml", Old: "play/gallery/parentremoval/v1.yaml", New: "play/gallery/parentremoval/v2.yaml",
		Verdict: Invalid, Fields: []string{"spec"}},
	{ID: "parent-removal-extension", Title: "Two-step parent removal, with x-kubernetes-mutability: Immutable (step 1 rejected)",
		CRD: "play/gallery/parentremovalext/crd.yaml", Old: "play/gallery/parentremoval/v1.yaml", New: "play/gallery/parentremoval/v2.yaml",
		Verdict: Invalid, Fields: []string{"spec.config.mode"}},
}
