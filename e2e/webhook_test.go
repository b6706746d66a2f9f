package e2e

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/kval-dev/kval/annotation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
)

// The webhook tests run kval's admission webhook (kvalwebhook_test.go) for
// the CRD of testdata/ledgers.yaml and write Ledgers through kube-apiserver,
// which calls the webhook. Each asserts kube-apiserver's answer: the stored
// object when allowed, the exact denial otherwise.

// baseSpec is the spec of the Ledgers the update tests start from.
const baseSpec = `{
	"engine": "postgres",
	"nodeName": "node-1",
	"bootstrapToken": "t0ken",
	"replicas": 1,
	"storage": {"class": "fast", "size": "10Gi"},
	"zones": ["a", "b"],
	"migrations": ["m1", "m2"],
	"slots": ["s1", "s2"],
	"members": [{"name": "alice", "role": "admin"}, {"name": "bob", "role": "dev"}],
	"owners": ["team-a", "team-b"],
	"labels": {"team": "db", "tier": "gold"}
}`

// edit changes a spec.
type edit func(t *testing.T, spec map[string]any)

// set sets the field at a dotted path of the spec to a JSON value.
func set(path, value string) edit {
	return func(t *testing.T, spec map[string]any) {
		parent, field := walk(spec, path)
		parent[field] = decodeJSON(t, `{"v":`+value+`}`)["v"]
	}
}

// del removes the field at a dotted path of the spec.
func del(path string) edit {
	return func(t *testing.T, spec map[string]any) {
		parent, field := walk(spec, path)
		delete(parent, field)
	}
}

func walk(spec map[string]any, path string) (map[string]any, string) {
	fields := strings.Split(path, ".")
	for _, f := range fields[:len(fields)-1] {
		spec = spec[f].(map[string]any)
	}
	return spec, fields[len(fields)-1]
}

// specChange is one update of a Ledger's spec, written for each way of
// sending it. The stored spec is baseSpec changed by from.
type specChange struct {
	name       string
	from       edit   // the stored spec, from baseSpec; nil keeps it
	to         edit   // the change: the spec PUT and apply send
	jsonPatch  string // the change as a JSON patch (RFC 6902)
	mergePatch string // the change as a JSON merge patch (RFC 7386)
	denied     []string
}

// specs returns the stored spec and the changed one.
func (c specChange) specs(t *testing.T) (from, to map[string]any) {
	from = decodeJSON(t, baseSpec)
	if c.from != nil {
		c.from(t, from)
	}
	to = decodeJSON(t, jsonString(from))
	c.to(t, to)
	return from, to
}

// specChanges cover each node of the test CRD, with the changes its
// extensions forbid and those they allow.
var specChanges = []specChange{
	// x-kubernetes-mutability on scalars: Immutable, AddOnly, RemoveOnly.
	{
		name:       "changing an Immutable scalar is denied",
		to:         set("engine", `"mysql"`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/engine", "value": "mysql"}]`,
		mergePatch: `{"spec": {"engine": "mysql"}}`,
		denied:     []string{"spec.engine: Forbidden: field is immutable"},
	},
	{
		name:       "removing an Immutable scalar is denied",
		to:         del("engine"),
		jsonPatch:  `[{"op": "remove", "path": "/spec/engine"}]`,
		mergePatch: `{"spec": {"engine": null}}`,
		denied:     []string{"spec.engine: Forbidden: field is immutable"},
	},
	{
		name:       "adding an Immutable scalar is denied",
		from:       del("engine"),
		to:         set("engine", `"postgres"`),
		jsonPatch:  `[{"op": "add", "path": "/spec/engine", "value": "postgres"}]`,
		mergePatch: `{"spec": {"engine": "postgres"}}`,
		denied:     []string{"spec.engine: Forbidden: field is immutable"},
	},
	{
		name:       "setting an AddOnly scalar once is allowed",
		from:       del("nodeName"),
		to:         set("nodeName", `"node-1"`),
		jsonPatch:  `[{"op": "add", "path": "/spec/nodeName", "value": "node-1"}]`,
		mergePatch: `{"spec": {"nodeName": "node-1"}}`,
	},
	{
		name:       "changing an AddOnly scalar is denied",
		to:         set("nodeName", `"node-2"`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/nodeName", "value": "node-2"}]`,
		mergePatch: `{"spec": {"nodeName": "node-2"}}`,
		denied:     []string{"spec.nodeName: Forbidden: field is immutable"},
	},
	{
		name:       "removing an AddOnly scalar is denied",
		to:         del("nodeName"),
		jsonPatch:  `[{"op": "remove", "path": "/spec/nodeName"}]`,
		mergePatch: `{"spec": {"nodeName": null}}`,
		denied:     []string{"spec.nodeName: Forbidden: field may not be removed, only added"},
	},
	{
		name:       "removing a RemoveOnly scalar is allowed",
		to:         del("bootstrapToken"),
		jsonPatch:  `[{"op": "remove", "path": "/spec/bootstrapToken"}]`,
		mergePatch: `{"spec": {"bootstrapToken": null}}`,
	},
	{
		name:       "changing a RemoveOnly scalar is denied",
		to:         set("bootstrapToken", `"s3cret"`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/bootstrapToken", "value": "s3cret"}]`,
		mergePatch: `{"spec": {"bootstrapToken": "s3cret"}}`,
		denied:     []string{"spec.bootstrapToken: Forbidden: field is immutable"},
	},
	{
		name:       "adding a RemoveOnly scalar is denied",
		from:       del("bootstrapToken"),
		to:         set("bootstrapToken", `"t0ken"`),
		jsonPatch:  `[{"op": "add", "path": "/spec/bootstrapToken", "value": "t0ken"}]`,
		mergePatch: `{"spec": {"bootstrapToken": "t0ken"}}`,
		denied:     []string{"spec.bootstrapToken: Forbidden: field may not be added, only removed"},
	},
	{
		name:       "changing a mutable scalar is allowed",
		to:         set("replicas", `3`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/replicas", "value": 3}]`,
		mergePatch: `{"spec": {"replicas": 3}}`,
	},

	// x-kubernetes-mutability: Immutable on a struct, and on an atomic list.
	{
		name:       "changing a field of an Immutable struct is denied",
		to:         set("storage.size", `"20Gi"`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/storage/size", "value": "20Gi"}]`,
		mergePatch: `{"spec": {"storage": {"size": "20Gi"}}}`,
		denied:     []string{"spec.storage: Forbidden: field is immutable"},
	},
	{
		name:       "adding a field to an Immutable struct is denied",
		from:       del("storage.size"),
		to:         set("storage.size", `"10Gi"`),
		jsonPatch:  `[{"op": "add", "path": "/spec/storage/size", "value": "10Gi"}]`,
		mergePatch: `{"spec": {"storage": {"size": "10Gi"}}}`,
		denied:     []string{"spec.storage: Forbidden: field is immutable"},
	},
	{
		name:       "removing an Immutable struct is denied",
		to:         del("storage"),
		jsonPatch:  `[{"op": "remove", "path": "/spec/storage"}]`,
		mergePatch: `{"spec": {"storage": null}}`,
		denied:     []string{"spec.storage: Forbidden: field is immutable"},
	},
	{
		name:       "reordering an Immutable list is denied",
		to:         set("zones", `["b", "a"]`),
		jsonPatch:  `[{"op": "move", "from": "/spec/zones/1", "path": "/spec/zones/0"}]`,
		mergePatch: `{"spec": {"zones": ["b", "a"]}}`,
		denied:     []string{"spec.zones: Forbidden: field is immutable"},
	},
	{
		name:       "appending to an Immutable list is denied",
		to:         set("zones", `["a", "b", "c"]`),
		jsonPatch:  `[{"op": "add", "path": "/spec/zones/-", "value": "c"}]`,
		mergePatch: `{"spec": {"zones": ["a", "b", "c"]}}`,
		denied:     []string{"spec.zones: Forbidden: field is immutable"},
	},

	// An atomic list with Immutable items and AddOnly keys (indices):
	// append-only.
	{
		name:       "appending to an append-only list is allowed",
		to:         set("migrations", `["m1", "m2", "m3"]`),
		jsonPatch:  `[{"op": "add", "path": "/spec/migrations/-", "value": "m3"}]`,
		mergePatch: `{"spec": {"migrations": ["m1", "m2", "m3"]}}`,
	},
	{
		name:       "changing an item of an append-only list is denied",
		to:         set("migrations", `["m1-fixed", "m2"]`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/migrations/0", "value": "m1-fixed"}]`,
		mergePatch: `{"spec": {"migrations": ["m1-fixed", "m2"]}}`,
		denied:     []string{"spec.migrations[0]: Forbidden: item is immutable"},
	},
	{
		name:       "inserting at the front of an append-only list is denied",
		to:         set("migrations", `["m0", "m1", "m2"]`),
		jsonPatch:  `[{"op": "add", "path": "/spec/migrations/0", "value": "m0"}]`,
		mergePatch: `{"spec": {"migrations": ["m0", "m1", "m2"]}}`,
		denied: []string{
			"spec.migrations[0]: Forbidden: item is immutable",
			"spec.migrations[1]: Forbidden: item is immutable",
		},
	},
	{
		name:       "removing the last item of an append-only list is denied",
		to:         set("migrations", `["m1"]`),
		jsonPatch:  `[{"op": "remove", "path": "/spec/migrations/1"}]`,
		mergePatch: `{"spec": {"migrations": ["m1"]}}`,
		denied:     []string{"spec.migrations[1]: Forbidden: items may only be added"},
	},

	// An atomic list with Immutable keys (indices): a fixed length.
	{
		name:       "changing the items of a fixed-length list is allowed",
		to:         set("slots", `["s2", "s3"]`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/slots", "value": ["s2", "s3"]}]`,
		mergePatch: `{"spec": {"slots": ["s2", "s3"]}}`,
	},
	{
		name:       "appending to a fixed-length list is denied",
		to:         set("slots", `["s1", "s2", "s3"]`),
		jsonPatch:  `[{"op": "add", "path": "/spec/slots/-", "value": "s3"}]`,
		mergePatch: `{"spec": {"slots": ["s1", "s2", "s3"]}}`,
		denied:     []string{"spec.slots[2]: Forbidden: items may not be added"},
	},
	{
		name:       "removing from a fixed-length list is denied",
		to:         set("slots", `["s1"]`),
		jsonPatch:  `[{"op": "remove", "path": "/spec/slots/1"}]`,
		mergePatch: `{"spec": {"slots": ["s1"]}}`,
		denied:     []string{"spec.slots[1]: Forbidden: items may not be removed"},
	},

	// A list-map with Immutable items and AddOnly keys.
	{
		name:       "adding a list-map item is allowed",
		to:         set("members", `[{"name": "alice", "role": "admin"}, {"name": "bob", "role": "dev"}, {"name": "carol", "role": "dev"}]`),
		jsonPatch:  `[{"op": "add", "path": "/spec/members/-", "value": {"name": "carol", "role": "dev"}}]`,
		mergePatch: `{"spec": {"members": [{"name": "alice", "role": "admin"}, {"name": "bob", "role": "dev"}, {"name": "carol", "role": "dev"}]}}`,
	},
	{
		name:       "reordering a list-map is allowed",
		to:         set("members", `[{"name": "bob", "role": "dev"}, {"name": "alice", "role": "admin"}]`),
		jsonPatch:  `[{"op": "move", "from": "/spec/members/1", "path": "/spec/members/0"}]`,
		mergePatch: `{"spec": {"members": [{"name": "bob", "role": "dev"}, {"name": "alice", "role": "admin"}]}}`,
	},
	{
		name:       "changing a list-map item is denied",
		to:         set("members", `[{"name": "alice", "role": "owner"}, {"name": "bob", "role": "dev"}]`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/members/0/role", "value": "owner"}]`,
		mergePatch: `{"spec": {"members": [{"name": "alice", "role": "owner"}, {"name": "bob", "role": "dev"}]}}`,
		denied:     []string{"spec.members[0]: Forbidden: item is immutable"},
	},
	{
		name:       "removing a list-map item is denied",
		to:         set("members", `[{"name": "alice", "role": "admin"}]`),
		jsonPatch:  `[{"op": "remove", "path": "/spec/members/1"}]`,
		mergePatch: `{"spec": {"members": [{"name": "alice", "role": "admin"}]}}`,
		denied:     []string{"spec.members[1]: Forbidden: items may only be added"},
	},
	{
		name:       "renaming the key of a list-map item is denied",
		to:         set("members", `[{"name": "carol", "role": "admin"}, {"name": "bob", "role": "dev"}]`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/members/0/name", "value": "carol"}]`,
		mergePatch: `{"spec": {"members": [{"name": "carol", "role": "admin"}, {"name": "bob", "role": "dev"}]}}`,
		denied:     []string{"spec.members[0]: Forbidden: items may only be added"},
	},
	{
		name:       "removing a whole append-only list-map is denied",
		to:         del("members"),
		jsonPatch:  `[{"op": "remove", "path": "/spec/members"}]`,
		mergePatch: `{"spec": {"members": null}}`,
		denied: []string{
			"spec.members[0]: Forbidden: items may only be added",
			"spec.members[1]: Forbidden: items may only be added",
		},
	},

	// A set with RemoveOnly keys.
	{
		name:       "removing from a remove-only set is allowed",
		to:         set("owners", `["team-b"]`),
		jsonPatch:  `[{"op": "remove", "path": "/spec/owners/0"}]`,
		mergePatch: `{"spec": {"owners": ["team-b"]}}`,
	},
	{
		name:       "reordering a remove-only set is allowed",
		to:         set("owners", `["team-b", "team-a"]`),
		jsonPatch:  `[{"op": "move", "from": "/spec/owners/1", "path": "/spec/owners/0"}]`,
		mergePatch: `{"spec": {"owners": ["team-b", "team-a"]}}`,
	},
	{
		name:       "adding to a remove-only set is denied",
		to:         set("owners", `["team-a", "team-b", "team-c"]`),
		jsonPatch:  `[{"op": "add", "path": "/spec/owners/-", "value": "team-c"}]`,
		mergePatch: `{"spec": {"owners": ["team-a", "team-b", "team-c"]}}`,
		denied:     []string{"spec.owners[2]: Forbidden: items may only be removed"},
	},
	{
		name:       "replacing an item of a remove-only set is denied",
		to:         set("owners", `["team-a", "team-c"]`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/owners/1", "value": "team-c"}]`,
		mergePatch: `{"spec": {"owners": ["team-a", "team-c"]}}`,
		denied:     []string{"spec.owners[1]: Forbidden: items may only be removed"},
	},

	// A map with Immutable values and AddOnly keys.
	{
		name:       "adding a key to an append-only map is allowed",
		to:         set("labels.env", `"prod"`),
		jsonPatch:  `[{"op": "add", "path": "/spec/labels/env", "value": "prod"}]`,
		mergePatch: `{"spec": {"labels": {"env": "prod"}}}`,
	},
	{
		name:       "changing a value of an append-only map is denied",
		to:         set("labels.team", `"web"`),
		jsonPatch:  `[{"op": "replace", "path": "/spec/labels/team", "value": "web"}]`,
		mergePatch: `{"spec": {"labels": {"team": "web"}}}`,
		denied:     []string{"spec.labels[team]: Forbidden: value is immutable"},
	},
	{
		name:       "removing a key of an append-only map is denied",
		to:         del("labels.tier"),
		jsonPatch:  `[{"op": "remove", "path": "/spec/labels/tier"}]`,
		mergePatch: `{"spec": {"labels": {"tier": null}}}`,
		denied:     []string{"spec.labels[tier]: Forbidden: keys may only be added"},
	},
	{
		name: "renaming a key of an append-only map is denied",
		to: func(t *testing.T, spec map[string]any) {
			del("labels.tier")(t, spec)
			set("labels.level", `"gold"`)(t, spec)
		},
		jsonPatch:  `[{"op": "move", "from": "/spec/labels/tier", "path": "/spec/labels/level"}]`,
		mergePatch: `{"spec": {"labels": {"tier": null, "level": "gold"}}}`,
		denied:     []string{"spec.labels[tier]: Forbidden: keys may only be added"},
	},

	// Many violations in one update.
	{
		name: "every violation of an update is reported",
		to: func(t *testing.T, spec map[string]any) {
			set("engine", `"mysql"`)(t, spec)
			set("owners", `["team-a", "team-b", "team-c"]`)(t, spec)
			set("labels.team", `"web"`)(t, spec)
		},
		jsonPatch: `[{"op": "replace", "path": "/spec/engine", "value": "mysql"},
			{"op": "add", "path": "/spec/owners/-", "value": "team-c"},
			{"op": "replace", "path": "/spec/labels/team", "value": "web"}]`,
		mergePatch: `{"spec": {"engine": "mysql", "owners": ["team-a", "team-b", "team-c"], "labels": {"team": "web"}}}`,
		denied: []string{
			"spec.engine: Forbidden: field is immutable",
			"spec.labels[team]: Forbidden: value is immutable",
			"spec.owners[2]: Forbidden: items may only be removed",
		},
	},
}

// updateMethod sends a specChange to kube-apiserver.
type updateMethod struct {
	name string
	send func(ctx context.Context, h *kvalWebhook, stored *unstructured.Unstructured, c specChange, to map[string]any, dryRun []string) (*unstructured.Unstructured, error)
}

// updateMethods are the ways of updating an object: each reaches the
// webhook as an UPDATE with the whole old and new objects.
var updateMethods = []updateMethod{
	{"put", func(ctx context.Context, h *kvalWebhook, stored *unstructured.Unstructured, _ specChange, to map[string]any, dryRun []string) (*unstructured.Unstructured, error) {
		obj := stored.DeepCopy()
		obj.Object["spec"] = to
		return h.ledgers.Update(ctx, obj, metav1.UpdateOptions{DryRun: dryRun})
	}},
	{"json-patch", func(ctx context.Context, h *kvalWebhook, stored *unstructured.Unstructured, c specChange, _ map[string]any, dryRun []string) (*unstructured.Unstructured, error) {
		return h.ledgers.Patch(ctx, stored.GetName(), types.JSONPatchType, []byte(c.jsonPatch), metav1.PatchOptions{DryRun: dryRun})
	}},
	{"merge-patch", func(ctx context.Context, h *kvalWebhook, stored *unstructured.Unstructured, c specChange, _ map[string]any, dryRun []string) (*unstructured.Unstructured, error) {
		return h.ledgers.Patch(ctx, stored.GetName(), types.MergePatchType, []byte(c.mergePatch), metav1.PatchOptions{DryRun: dryRun})
	}},
	// The manager that created the object applies the changed spec: it owns
	// every field, so what it leaves out is removed.
	{"apply", func(ctx context.Context, h *kvalWebhook, stored *unstructured.Unstructured, _ specChange, to map[string]any, dryRun []string) (*unstructured.Unstructured, error) {
		return h.apply(ctx, ownerManager, stored.GetName(), map[string]any{"spec": to}, dryRun)
	}},
}

// objectName makes a Ledger's name of a test's words.
func objectName(words ...string) string {
	name := regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(strings.Join(words, " ")), "-")
	return strings.Trim(name, "-")
}

// TestWebhookAllowsCreates: kval's extensions constrain updates only; the
// webhook is called on every create (its metrics count it) and allows it.
func TestWebhookAllowsCreates(t *testing.T) {
	t.Parallel()
	h := startKvalWebhook(t, "create")
	allowedCreates := fmt.Sprintf(`kval_webhook_requests_total{group=%q,kind="Ledger",operation="CREATE",verdict="allowed"}`, h.group)
	for _, c := range []struct {
		name   string
		create func(t *testing.T, name string) (*unstructured.Unstructured, error)
		stored string // the stored spec; "" when nothing is stored
	}{
		{
			name: "a create setting every field, AddOnly and RemoveOnly ones included, is allowed",
			create: func(t *testing.T, name string) (*unstructured.Unstructured, error) {
				return h.ledgers.Create(t.Context(), h.ledger(name, decodeJSON(t, baseSpec)), metav1.CreateOptions{})
			},
			stored: baseSpec,
		},
		{
			name: "a create with an empty spec is allowed",
			create: func(t *testing.T, name string) (*unstructured.Unstructured, error) {
				return h.ledgers.Create(t.Context(), h.ledger(name, map[string]any{}), metav1.CreateOptions{})
			},
			stored: `{}`,
		},
		{
			name: "a create by server-side apply is allowed",
			create: func(t *testing.T, name string) (*unstructured.Unstructured, error) {
				return h.apply(t.Context(), ownerManager, name, map[string]any{"spec": decodeJSON(t, baseSpec)}, nil)
			},
			stored: baseSpec,
		},
		{
			name: "a status sent on create is dropped by kube-apiserver, not denied",
			create: func(t *testing.T, name string) (*unstructured.Unstructured, error) {
				obj := h.ledger(name, decodeJSON(t, baseSpec))
				obj.Object["status"] = map[string]any{"clusterID": "c-1", "phase": "Ready"}
				return h.ledgers.Create(t.Context(), obj, metav1.CreateOptions{})
			},
			stored: baseSpec,
		},
		{
			name: "a dry-run create is allowed and stores nothing",
			create: func(t *testing.T, name string) (*unstructured.Unstructured, error) {
				return h.ledgers.Create(t.Context(), h.ledger(name, decodeJSON(t, baseSpec)), metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
			},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			name := objectName(c.name)
			before := h.metric(t, allowedCreates)
			got, err := c.create(t, name)
			if err != nil {
				t.Fatalf("create denied: %v", err)
			}
			if calls := h.metric(t, allowedCreates) - before; calls != 1 {
				t.Errorf("the webhook allowed %v creates, want 1", calls)
			}
			if _, has := got.Object["status"]; has {
				t.Errorf("answered with a status: %s", jsonString(got.Object["status"]))
			}
			stored, err := h.ledgers.Get(t.Context(), name, metav1.GetOptions{})
			if c.stored == "" {
				if err == nil {
					t.Errorf("a dry-run create stored %s", name)
				}
				return
			}
			if err != nil {
				t.Fatalf("reading back %s: %v", name, err)
			}
			if want := decodeJSON(t, c.stored); !sameJSON(stored.Object["spec"], want) {
				t.Errorf("stored spec %s, want %s", jsonString(stored.Object["spec"]), jsonString(want))
			}
			if _, has := stored.Object["status"]; has {
				t.Errorf("stored a status: %s", jsonString(stored.Object["status"]))
			}
		})
	}
}

// TestWebhookJudgesUpdatesAlikeWhateverTheMethod sends each change of
// specChanges as a PUT, a JSON patch, a merge patch and a server-side apply
// and expects the same verdict: kube-apiserver hands the webhook the whole
// old and new objects, however the change was written.
func TestWebhookJudgesUpdatesAlikeWhateverTheMethod(t *testing.T) {
	t.Parallel()
	h := startKvalWebhook(t, "update")
	for _, c := range specChanges {
		t.Run(c.name, func(t *testing.T) {
			for _, m := range updateMethods {
				t.Run(m.name, func(t *testing.T) {
					name := objectName(c.name, m.name)
					from, to := c.specs(t)
					stored := h.createLedger(t, name, from)
					got, err := m.send(t.Context(), h, stored, c, to, nil)
					h.checkUpdate(t, stored, got, err, c.denied, to, false)
				})
			}
		})
	}
}

// TestWebhookJudgesDryRunsAlike sends each change of specChanges in every
// way again, with dryRun=All: the webhook (sideEffects: None) is called and
// gives the same verdict, and nothing is stored.
func TestWebhookJudgesDryRunsAlike(t *testing.T) {
	t.Parallel()
	h := startKvalWebhook(t, "dryrun")
	for _, c := range specChanges {
		t.Run(c.name, func(t *testing.T) {
			name := objectName(c.name)
			from, to := c.specs(t)
			stored := h.createLedger(t, name, from)
			for _, m := range updateMethods {
				t.Run(m.name, func(t *testing.T) {
					got, err := m.send(t.Context(), h, stored, c, to, []string{metav1.DryRunAll})
					h.checkUpdate(t, stored, got, err, c.denied, to, true)
				})
			}
		})
	}
}

// checkUpdate checks kube-apiserver's answer to an update of stored: the
// denial with the field errors, or the changed spec answered and stored
// (unless dryRun); a denied or dry-run update leaves the object as it was.
func (h *kvalWebhook) checkUpdate(t *testing.T, stored, got *unstructured.Unstructured, err error, denied []string, to map[string]any, dryRun bool) {
	t.Helper()
	switch {
	case len(denied) > 0:
		h.checkDenied(t, stored.GetName(), err, denied)
	case err != nil:
		t.Errorf("denied, want allowed: %v", err)
	case !sameJSON(got.Object["spec"], to):
		t.Errorf("answered spec\n\t%s\nwant\n\t%s", jsonString(got.Object["spec"]), jsonString(to))
	}
	after := h.read(t, stored.GetName())
	if len(denied) > 0 || dryRun {
		if after.GetResourceVersion() != stored.GetResourceVersion() || !sameJSON(after.Object["spec"], stored.Object["spec"]) {
			t.Errorf("the object changed: spec %s, want %s", jsonString(after.Object["spec"]), jsonString(stored.Object["spec"]))
		}
		return
	}
	if !sameJSON(after.Object["spec"], to) {
		t.Errorf("stored spec\n\t%s\nwant\n\t%s", jsonString(after.Object["spec"]), jsonString(to))
	}
}

// TestWebhookSeesTheObjectServerSideApplyMerged: a server-side apply is
// merged with the stored object (list-map items by key, map keys one by
// one, fields owned by other managers kept) before admission, so the
// webhook judges the merged object, not the applied configuration.
func TestWebhookSeesTheObjectServerSideApplyMerged(t *testing.T) {
	t.Parallel()
	h := startKvalWebhook(t, "apply")
	const created = `{
		"engine": "postgres",
		"members": [{"name": "alice", "role": "admin"}, {"name": "bob", "role": "dev"}],
		"labels": {"team": "db", "tier": "gold"}
	}`
	type applied struct{ manager, spec string }
	for _, c := range []struct {
		name   string
		before []applied // applies that set the case up
		apply  applied
		denied []string
		stored string // the spec stored, when allowed
	}{
		{
			name:  "another manager adding a list-map item is merged and allowed",
			apply: applied{"e2e-other", `{"members": [{"name": "carol", "role": "dev"}]}`},
			stored: `{"engine": "postgres",
				"members": [{"name": "alice", "role": "admin"}, {"name": "bob", "role": "dev"}, {"name": "carol", "role": "dev"}],
				"labels": {"team": "db", "tier": "gold"}}`,
		},
		{
			name:  "another manager adding a map key is merged and allowed",
			apply: applied{"e2e-other", `{"labels": {"env": "prod"}}`},
			stored: `{"engine": "postgres",
				"members": [{"name": "alice", "role": "admin"}, {"name": "bob", "role": "dev"}],
				"labels": {"team": "db", "tier": "gold", "env": "prod"}}`,
		},
		{
			name:   "another manager forcing a change of a list-map item is denied",
			apply:  applied{"e2e-other", `{"members": [{"name": "alice", "role": "owner"}]}`},
			denied: []string{"spec.members[0]: Forbidden: item is immutable"},
		},
		{
			name:   "another manager forcing a change of a map value is denied",
			apply:  applied{"e2e-other", `{"labels": {"tier": "silver"}}`},
			denied: []string{"spec.labels[tier]: Forbidden: value is immutable"},
		},
		{
			name: "the owner leaving a list-map item out of its configuration is denied",
			apply: applied{ownerManager, `{"engine": "postgres",
				"members": [{"name": "alice", "role": "admin"}],
				"labels": {"team": "db", "tier": "gold"}}`},
			denied: []string{"spec.members[1]: Forbidden: items may only be added"},
		},
		{
			name: "the owner leaving a map key out of its configuration is denied",
			apply: applied{ownerManager, `{"engine": "postgres",
				"members": [{"name": "alice", "role": "admin"}, {"name": "bob", "role": "dev"}],
				"labels": {"team": "db"}}`},
			denied: []string{"spec.labels[tier]: Forbidden: keys may only be added"},
		},
		{
			name:   "the owner leaving out a list-map item another manager applied too keeps it, allowed",
			before: []applied{{"e2e-other", `{"members": [{"name": "bob", "role": "dev"}]}`}},
			apply: applied{ownerManager, `{"engine": "postgres",
				"members": [{"name": "alice", "role": "admin"}],
				"labels": {"team": "db", "tier": "gold"}}`},
			stored: created,
		},
		{
			name:   "the owner leaving out a map key another manager applied too keeps it, allowed",
			before: []applied{{"e2e-other", `{"labels": {"tier": "gold"}}`}},
			apply: applied{ownerManager, `{"engine": "postgres",
				"members": [{"name": "alice", "role": "admin"}, {"name": "bob", "role": "dev"}],
				"labels": {"team": "db"}}`},
			stored: created,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			name := objectName(c.name)
			h.createLedger(t, name, decodeJSON(t, created))
			for _, a := range c.before {
				if _, err := h.apply(t.Context(), a.manager, name, map[string]any{"spec": decodeJSON(t, a.spec)}, nil); err != nil {
					t.Fatalf("setting up: %s applying %s: %v", a.manager, a.spec, err)
				}
			}
			stored := h.read(t, name)
			got, err := h.apply(t.Context(), c.apply.manager, name, map[string]any{"spec": decodeJSON(t, c.apply.spec)}, nil)
			var to map[string]any
			if c.stored != "" {
				to = decodeJSON(t, c.stored)
			}
			h.checkUpdate(t, stored, got, err, c.denied, to, false)
		})
	}
}

// TestWebhookJudgesStatusUpdatesOnTheStatus: updates of the status
// subresource are checked against the status's extensions, whatever the
// method; kube-apiserver keeps the stored spec on a status update, and the
// stored status on an update of the object, so changes sent to the wrong
// place are ignored, not denied.
func TestWebhookJudgesStatusUpdatesOnTheStatus(t *testing.T) {
	t.Parallel()
	h := startKvalWebhook(t, "status")
	const status = `{"clusterID": "c-1", "phase": "Pending"}`
	type send func(ctx context.Context, stored *unstructured.Unstructured) (*unstructured.Unstructured, error)
	updateStatus := func(edit func(obj *unstructured.Unstructured)) send {
		return func(ctx context.Context, stored *unstructured.Unstructured) (*unstructured.Unstructured, error) {
			obj := stored.DeepCopy()
			edit(obj)
			return h.ledgers.UpdateStatus(ctx, obj, metav1.UpdateOptions{})
		}
	}
	patchStatus := func(pt types.PatchType, patch string) send {
		return func(ctx context.Context, stored *unstructured.Unstructured) (*unstructured.Unstructured, error) {
			return h.ledgers.Patch(ctx, stored.GetName(), pt, []byte(patch), metav1.PatchOptions{}, "status")
		}
	}
	// setField sets spec.<field> or status.<field> of an object that has both.
	setField := func(value any, part, field string) func(*unstructured.Unstructured) {
		return func(obj *unstructured.Unstructured) {
			obj.Object[part].(map[string]any)[field] = value
		}
	}
	for _, c := range []struct {
		name   string
		from   string // the stored status; "" for none
		send   send
		denied []string
		status string // the status stored, when allowed
	}{
		{
			name:   "UpdateStatus changing the AddOnly status field is denied",
			from:   status,
			send:   updateStatus(setField("c-2", "status", "clusterID")),
			denied: []string{"status.clusterID: Forbidden: field is immutable"},
		},
		{
			name:   "a JSON patch of /status changing the AddOnly status field is denied",
			from:   status,
			send:   patchStatus(types.JSONPatchType, `[{"op": "replace", "path": "/status/clusterID", "value": "c-2"}]`),
			denied: []string{"status.clusterID: Forbidden: field is immutable"},
		},
		{
			name:   "a merge patch of /status removing the AddOnly status field is denied",
			from:   status,
			send:   patchStatus(types.MergePatchType, `{"status": {"clusterID": null}}`),
			denied: []string{"status.clusterID: Forbidden: field may not be removed, only added"},
		},
		{
			name:   "a JSON patch removing the whole status, the AddOnly field with it, is denied",
			from:   status,
			send:   patchStatus(types.JSONPatchType, `[{"op": "remove", "path": "/status"}]`),
			denied: []string{"status.clusterID: Forbidden: field may not be removed, only added"},
		},
		{
			name: "an apply to /status changing the AddOnly status field is denied",
			from: status,
			send: func(ctx context.Context, stored *unstructured.Unstructured) (*unstructured.Unstructured, error) {
				return h.apply(ctx, "e2e-status", stored.GetName(), map[string]any{"status": map[string]any{"clusterID": "c-2"}}, nil, "status")
			},
			denied: []string{"status.clusterID: Forbidden: field is immutable"},
		},
		{
			name:   "adding the AddOnly field to a stored status is allowed",
			from:   `{"phase": "Pending"}`,
			send:   patchStatus(types.MergePatchType, `{"status": {"clusterID": "c-1"}}`),
			status: status,
		},
		{
			name:   "setting the first status, the AddOnly field included, is allowed",
			send:   patchStatus(types.MergePatchType, `{"status": {"clusterID": "c-1", "phase": "Pending"}}`),
			status: status,
		},
		{
			name:   "changing a mutable status field is allowed",
			from:   status,
			send:   patchStatus(types.MergePatchType, `{"status": {"phase": "Ready"}}`),
			status: `{"clusterID": "c-1", "phase": "Ready"}`,
		},
		{
			name:   "UpdateStatus changing the Immutable spec field is ignored, not denied",
			from:   status,
			send:   updateStatus(setField("mysql", "spec", "engine")),
			status: status,
		},
		{
			name:   "a JSON patch of /status removing the Immutable spec field is ignored, not denied",
			from:   status,
			send:   patchStatus(types.JSONPatchType, `[{"op": "remove", "path": "/spec/engine"}]`),
			status: status,
		},
		{
			name: "UpdateStatus changing the Immutable spec and the AddOnly status fields is denied for the status only",
			from: status,
			send: updateStatus(func(obj *unstructured.Unstructured) {
				setField("mysql", "spec", "engine")(obj)
				setField("c-2", "status", "clusterID")(obj)
			}),
			denied: []string{"status.clusterID: Forbidden: field is immutable"},
		},
		{
			name: "an update of the object changing the AddOnly status field is ignored, not denied",
			from: status,
			send: func(ctx context.Context, stored *unstructured.Unstructured) (*unstructured.Unstructured, error) {
				obj := stored.DeepCopy()
				setField("c-2", "status", "clusterID")(obj)
				return h.ledgers.Update(ctx, obj, metav1.UpdateOptions{})
			},
			status: status,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			name := objectName(c.name)
			h.createLedger(t, name, decodeJSON(t, baseSpec))
			if c.from != "" {
				if _, err := h.ledgers.Patch(t.Context(), name, types.MergePatchType, []byte(`{"status": `+c.from+`}`), metav1.PatchOptions{}, "status"); err != nil {
					t.Fatalf("setting up the status: %v", err)
				}
			}
			stored := h.read(t, name)
			got, err := c.send(t.Context(), stored)
			if len(c.denied) > 0 {
				h.checkDenied(t, name, err, c.denied)
			} else if err != nil {
				t.Errorf("denied, want allowed: %v", err)
			} else if want := decodeJSON(t, c.status); !sameJSON(got.Object["status"], want) {
				t.Errorf("answered status %s, want %s", jsonString(got.Object["status"]), jsonString(want))
			}
			after := h.read(t, name)
			if !sameJSON(after.Object["spec"], stored.Object["spec"]) {
				t.Errorf("the spec changed: %s, was %s", jsonString(after.Object["spec"]), jsonString(stored.Object["spec"]))
			}
			wantStatus := stored.Object["status"]
			if len(c.denied) == 0 {
				wantStatus = decodeJSON(t, c.status)
			}
			if !sameJSON(after.Object["status"], wantStatus) {
				t.Errorf("stored status %s, want %s", jsonString(after.Object["status"]), jsonString(wantStatus))
			}
		})
	}
}

// TestWebhookFollowsItsCRDFile changes the CRD file while the webhook runs:
// an extension taken out stops denying, one added starts, and a CRD
// kube-apiserver would reject is refused, the previous one staying in use.
func TestWebhookFollowsItsCRDFile(t *testing.T) {
	t.Parallel()
	h := startKvalWebhook(t, "reload")
	const name = "reloaded"
	h.createLedger(t, name, decodeJSON(t, baseSpec))
	update := func(ctx context.Context, field, value string, dryRun []string) (*unstructured.Unstructured, error) {
		obj, err := h.ledgers.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		set(field, value)(t, obj.Object["spec"].(map[string]any))
		return h.ledgers.Update(ctx, obj, metav1.UpdateOptions{DryRun: dryRun})
	}
	_, err := update(t.Context(), "engine", `"mysql"`, nil)
	h.checkDenied(t, name, err, []string{"spec.engine: Forbidden: field is immutable"})

	// Take x-kubernetes-mutability off spec.engine, put it on spec.replicas.
	properties := h.crdSchema(t, "spec")
	delete(properties["engine"].(map[string]any), "x-kubernetes-mutability")
	properties["replicas"].(map[string]any)["x-kubernetes-mutability"] = "Immutable"
	h.writeCRD(t)
	poll(t, "waiting for the webhook to allow changes of spec.engine", func(ctx context.Context) (bool, error) {
		_, err := update(ctx, "engine", `"mysql"`, []string{metav1.DryRunAll})
		if err != nil && err.Error() == h.denial(name, []string{"spec.engine: Forbidden: field is immutable"}) {
			return false, nil
		}
		return true, err
	})
	if obj, err := update(t.Context(), "engine", `"mysql"`, nil); err != nil {
		t.Errorf("changing spec.engine once it is mutable: %v", err)
	} else if engine, _, _ := unstructured.NestedString(obj.Object, "spec", "engine"); engine != "mysql" {
		t.Errorf("stored spec.engine %q, want mysql", engine)
	}
	_, err = update(t.Context(), "replicas", `3`, nil)
	h.checkDenied(t, name, err, []string{"spec.replicas: Forbidden: field is immutable"})
	_, err = update(t.Context(), "storage.size", `"20Gi"`, nil)
	h.checkDenied(t, name, err, []string{"spec.storage: Forbidden: field is immutable"})

	// A CRD that kube-apiserver would reject (AddOnly on a list) that would
	// make spec.engine immutable again is refused: /readyz says why, and the
	// previous CRD stays in use.
	properties["engine"].(map[string]any)["x-kubernetes-mutability"] = "Immutable"
	properties["zones"].(map[string]any)["x-kubernetes-mutability"] = "AddOnly"
	h.writeCRD(t)
	const refusal = "x-kubernetes-mutability: Invalid value: \"AddOnly\": must be Immutable for arrays"
	var readyz string
	poll(t, "waiting for the webhook to refuse the CRD", func(ctx context.Context) (bool, error) {
		code, body, err := h.get(ctx, "/readyz")
		readyz = body
		return err == nil && code == 200 && strings.Contains(body, refusal), err
	})
	if !strings.Contains(readyz, "[+]source files ok (1 CRDs), last load: ") {
		t.Errorf("/readyz after a refused CRD:\n%s", readyz)
	}
	if _, err := update(t.Context(), "engine", `"postgres"`, nil); err != nil {
		t.Errorf("changing spec.engine after a refused CRD: %v", err)
	}
	_, err = update(t.Context(), "replicas", `3`, nil)
	h.checkDenied(t, name, err, []string{"spec.replicas: Forbidden: field is immutable"})
}

// crdSchema returns the properties of a top-level field of the served CRD's
// schema, to change them in place.
func (h *kvalWebhook) crdSchema(t *testing.T, field string) map[string]any {
	t.Helper()
	versions, _, _ := unstructured.NestedFieldNoCopy(h.crd, "spec", "versions")
	if v, _ := versions.([]any); len(v) == 1 {
		properties, _, _ := unstructured.NestedFieldNoCopy(v[0].(map[string]any), "schema", "openAPIV3Schema", "properties", field, "properties")
		if properties, ok := properties.(map[string]any); ok {
			return properties
		}
	}
	t.Fatalf("the test CRD has not one version with properties of %s", field)
	return nil
}

// TestWebhookServesLiveAnnotatedCRDs runs the webhook on the cluster's CRDs
// (kval serve --watch-crds): the CRD was applied as `kval annotate` writes
// it, kube-apiserver kept the annotation, and the webhook enforces it; a
// change of the live CRD's annotation changes what is enforced.
func TestWebhookServesLiveAnnotatedCRDs(t *testing.T) {
	t.Parallel()
	h := startKvalWebhookWith(t, "live", fromCluster) // returns once an immutable change is denied
	const name = "live"
	h.createLedger(t, name, decodeJSON(t, baseSpec))
	obj := h.read(t, name)
	obj.Object["spec"].(map[string]any)["engine"] = "mysql"
	_, err := h.ledgers.Update(t.Context(), obj, metav1.UpdateOptions{})
	h.checkDenied(t, name, err, []string{"spec.engine: Forbidden: field is immutable"})

	// Take x-kubernetes-mutability off spec.engine in the live CRD.
	crds := h.client.Resource(crdResource)
	live, err := crds.Get(t.Context(), "ledgers."+h.group, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	unpacked, _, err := annotation.Unpack(live.Object)
	if err != nil {
		t.Fatal(err)
	}
	versions := unpacked["spec"].(map[string]any)["versions"].([]any)
	engine := versions[0].(map[string]any)["schema"].(map[string]any)["openAPIV3Schema"].(map[string]any)["properties"].(map[string]any)["spec"].(map[string]any)["properties"].(map[string]any)["engine"].(map[string]any)
	delete(engine, "x-kubernetes-mutability")
	repacked, _, err := annotation.Pack(unpacked)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := crds.Update(t.Context(), &unstructured.Unstructured{Object: repacked}, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	poll(t, "waiting for the webhook to follow the live CRD", func(ctx context.Context) (bool, error) {
		_, err := h.ledgers.Update(ctx, obj, metav1.UpdateOptions{DryRun: []string{metav1.DryRunAll}})
		return err == nil, nil
	})
	if _, err := h.ledgers.Update(t.Context(), obj, metav1.UpdateOptions{}); err != nil {
		t.Errorf("changing spec.engine once the live CRD makes it mutable: %v", err)
	}
}
