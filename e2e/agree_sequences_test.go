package e2e

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// sequence is a series of calls sent to both sides, in order.
type sequence struct {
	name  string
	steps []step
}

const (
	invalid       = metav1.StatusReasonInvalid
	notFound      = metav1.StatusReasonNotFound
	conflict      = metav1.StatusReasonConflict
	alreadyExists = metav1.StatusReasonAlreadyExists
)

func agreementSequences() []sequence {
	var seqs []sequence
	for _, group := range [][]sequence{createSequences(), updateSequences(), patchSequences(), lifecycleSequences(), gatewaySequences()} {
		seqs = append(seqs, group...)
	}
	return seqs
}

var orders = databaseObject("orders", nil)

func createSequences() []sequence {
	generated := databaseObject("", dbSpec(nil))
	generated.SetGenerateName("orders-")
	return []sequence{{
		name: "create with defaults and unknown fields",
		steps: []step{
			creates(databaseObject("orders", dbSpec(map[string]any{"storage": map[string]any{"size": "10Gi"}, "tier": "gold"}))),
			reads(orders),
		},
	}, {
		name: "create invalid by schema",
		steps: []step{
			fails(invalid, creates(databaseObject("bad", map[string]any{"engine": "oracle", "version": "x", "replicas": int64(10)}))),
			fails(notFound, reads(databaseObject("bad", nil))),
		},
	}, {
		name: "create invalid by CEL",
		steps: []step{
			fails(invalid, creates(databaseObject("bad", dbSpec(map[string]any{"replicas": int64(3)})))),
		},
	}, {
		name:  "create twice",
		steps: []step{creates(databaseObject("orders", dbSpec(nil))), fails(alreadyExists, creates(databaseObject("orders", dbSpec(nil))))},
	}, {
		name:  "create with generateName",
		steps: []step{creates(generated), reads(generated)},
	}, {
		name: "dry runs",
		steps: []step{
			creates(databaseObject("orders", dbSpec(nil)), client.DryRunAll),
			fails(notFound, reads(orders)),
			creates(databaseObject("orders", dbSpec(nil))),
			patches("version", orders, types.MergePatchType, `{"spec": {"version": "17"}}`, client.DryRunAll),
			fails(invalid, patches("engine (immutable)", orders, types.MergePatchType, `{"spec": {"engine": "mysql"}}`, client.DryRunAll)),
			reads(orders),
		},
	}, {
		// An ownerReference without uid: Invalid at
		// metadata.ownerReferences.uid, no index, and the CEL rules still
		// run (replicas 3 without a primaryZone).
		name: "ownerReference without uid",
		steps: []step{
			fails(invalid, creates(with(databaseObject("owned", dbSpec(map[string]any{"replicas": int64(3)})),
				setField([]any{map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "name": "own"}}, "metadata", "ownerReferences")))),
		},
	}, {
		// Storage refuses a resourceVersion on create, after validation
		// and never on a dry run; its error is an unknown 500, whose
		// reason ("") cannot be stated as a want.
		name: "create with a resourceVersion",
		steps: []step{
			fails(invalid, creates(with(databaseObject("bad", map[string]any{"engine": "oracle", "version": "16"}), setField("987654321", "metadata", "resourceVersion")))),
			creates(with(databaseObject("orders", dbSpec(nil)), setField("987654321", "metadata", "resourceVersion")), client.DryRunAll),
			fails(anyOutcome, creates(with(databaseObject("orders", dbSpec(nil)), setField("987654321", "metadata", "resourceVersion")))),
			fails(notFound, reads(orders)),
			creates(with(databaseObject("orders", dbSpec(nil)), setField("abc", "metadata", "resourceVersion"))),
		},
	}, {
		name: "field validation",
		steps: []step{
			fails(metav1.StatusReasonBadRequest, creates(databaseObject("orders", dbSpec(map[string]any{"tier": "gold"})), client.FieldValidation(metav1.FieldValidationStrict))),
			creates(databaseObject("orders", dbSpec(map[string]any{"tier": "gold"})), client.FieldValidation(metav1.FieldValidationIgnore)),
			fails(invalid, patches("unknown field, strict", orders, types.MergePatchType, `{"spec": {"tier": "gold"}}`, client.FieldValidation(metav1.FieldValidationStrict))),
		},
	}}
}

func updateSequences() []sequence {
	stored := creates(databaseObject("orders", dbSpec(map[string]any{"migrations": []any{"001-init"}})))
	return []sequence{{
		name: "updates and generation",
		steps: []step{
			stored,
			updates("spec (generation bumped)", orders, setField("16.3", "spec", "version")),
			updates("labels only (generation kept)", orders, setField(map[string]any{"app": "orders"}, "metadata", "labels")),
			updates("nothing (resourceVersion kept)", orders, nothing),
			reads(orders),
		},
	}, {
		name: "stale resourceVersion",
		steps: []step{
			stored,
			keeps("first", orders),
			updates("version", orders, setField("16.3", "spec", "version")),
			fails(conflict, updatesKept("replicas", "first", setField(int64(2), "spec", "replicas"))),
			reads(orders),
		},
	}, {
		name: "update without resourceVersion",
		steps: []step{
			stored,
			fails(invalid, puts("without resourceVersion", databaseObject("orders", dbSpec(nil)))),
			fails(notFound, puts("a missing object", databaseObject("missing", dbSpec(nil)))),
		},
	}, {
		name: "invalid update",
		steps: []step{
			stored,
			fails(invalid, updates("replicas out of range", orders, setField(int64(0), "spec", "replicas"))),
			fails(invalid, updates("replicated without primaryZone (CEL)", orders, setField(int64(3), "spec", "replicas"))),
			reads(orders),
		},
	}, {
		name: "transition rules",
		steps: []step{
			stored,
			fails(invalid, updates("engine (immutable)", orders, setField("mysql", "spec", "engine"))),
			updates("migration appended", orders, setField([]any{"001-init", "002-users"}, "spec", "migrations")),
			fails(invalid, updates("migration removed", orders, setField([]any{"002-users"}, "spec", "migrations"))),
			updates("primaryZone set", orders, setField("eu-1", "spec", "primaryZone")),
			fails(invalid, updates("primaryZone changed", orders, setField("eu-2", "spec", "primaryZone"))),
			fails(invalid, updates("primaryZone removed", orders, unsetField("spec", "primaryZone"))),
			reads(orders),
		},
	}}
}

func patchSequences() []sequence {
	stored := creates(databaseObject("orders", dbSpec(map[string]any{"migrations": []any{"001-init"}, "labels": map[string]any{"team": "a"}})))
	config := func(spec map[string]any) *unstructured.Unstructured { return databaseObject("orders", spec) }
	return []sequence{{
		name: "merge patch",
		steps: []step{
			stored,
			patches("version", orders, types.MergePatchType, `{"spec": {"version": "17", "labels": {"team": null, "tier": "gold"}}}`),
			patches("unknown field", orders, types.MergePatchType, `{"spec": {"tier": "gold"}}`),
			fails(invalid, patches("replicas out of range", orders, types.MergePatchType, `{"spec": {"replicas": 0}}`)),
			fails(invalid, patches("engine (immutable)", orders, types.MergePatchType, `{"spec": {"engine": "mysql"}}`)),
			fails(notFound, patches("a missing object", databaseObject("missing", nil), types.MergePatchType, `{"spec": {"version": "17"}}`)),
			reads(orders),
		},
	}, {
		name: "JSON patch",
		steps: []step{
			stored,
			patches("migration appended", orders, types.JSONPatchType, `[{"op": "add", "path": "/spec/migrations/-", "value": "002-users"}]`),
			fails(invalid, patches("failing test", orders, types.JSONPatchType, `[{"op": "test", "path": "/spec/version", "value": "1"}]`)),
			fails(invalid, patches("version invalid", orders, types.JSONPatchType, `[{"op": "replace", "path": "/spec/version", "value": "x"}]`)),
			fails(invalid, patches("migration removed", orders, types.JSONPatchType, `[{"op": "remove", "path": "/spec/migrations/0"}]`)),
			reads(orders),
		},
	}, {
		name: "strategic merge patch",
		steps: []step{
			stored,
			fails(metav1.StatusReasonUnsupportedMediaType, patches("version", orders, types.StrategicMergePatchType, `{"spec": {"version": "17"}}`)),
		},
	}, {
		name: "server-side apply",
		steps: []step{
			applies("creation", config(dbSpec(map[string]any{"users": []any{map[string]any{"name": "alice"}}})), "a", false),
			applies("another user", config(map[string]any{"users": []any{map[string]any{"name": "bob"}}}), "b", false),
			fails(conflict, applies("another version", config(map[string]any{"version": "17"}), "b", false)),
			applies("another version, forced", config(map[string]any{"version": "17"}), "b", true),
			applies("without alice", config(map[string]any{"engine": "postgres"}), "a", false),
			fails(invalid, applies("engine (immutable)", config(map[string]any{"engine": "mysql"}), "c", true)),
			reads(orders),
		},
	}}
}
