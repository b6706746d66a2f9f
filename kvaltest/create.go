package kvaltest

import (
	"context"
	"slices"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilrand "k8s.io/apimachinery/pkg/util/rand"
	"k8s.io/apimachinery/pkg/util/uuid"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/jsonvalue"
)

// Create stores a new object, validated and defaulted as kube-apiserver
// does on create; obj is then the stored object.
func (c *Client) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	o := (&client.CreateOptions{}).ApplyOptions(opts)
	t, m, err := c.writeTarget(ctx, obj)
	if err != nil {
		return err
	}
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	out, err := c.createLocked(ctx, t, m, o.FieldManager, engine.FieldValidation(o.FieldValidation), isDryRun(o.DryRun), false)
	if err != nil {
		return err
	}
	return fromMap(out, obj)
}

// createLocked validates and stores a new object m (changed in place);
// applied says that server-side apply has set its managed fields.
func (c *Client) createLocked(ctx context.Context, t *target, m map[string]any, manager string, validation engine.FieldValidation, dryRun, applied bool) (map[string]any, error) {
	generated, err := c.nameObject(t, m)
	if err != nil {
		return nil, err
	}
	var request map[string]any
	if !applied && t.kind.custom() {
		request = jsonvalue.DeepCopyObject(m) // admission changes m
	}
	var etcd map[string]any // out as etcd holds it
	uid := string(uuid.NewUUID())
	out, err := c.admitCreate(ctx, t, write{op: engine.Create, object: m, validation: validation, name: t.key.name, applied: applied, stored: &etcd, uid: uid, nameGenerated: generated})
	if err != nil {
		return nil, err
	}
	fillSystemFields(out, uid)
	if !dryRun && !applied {
		if err := resourceVersionSetOnCreate(metaOf(out)); err != nil {
			return nil, err
		}
	}
	if _, exists := c.store.objects[t.key]; exists {
		return nil, t.alreadyExists()
	}
	if !applied {
		if out, err = c.manageFields(t, "", nil, out, c.managerOr(manager)); err != nil {
			return nil, err
		}
		c.withoutManagedFieldsIfLost(ctx, t, "", nil, request, out)
	}
	if !dryRun {
		metaOf(out)["resourceVersion"] = c.store.nextResourceVersion()
		c.store.put(t.key, out, watch.Added)
		c.store.keepContent(t.key, metaOf(out)["resourceVersion"], etcd)
		return out, c.publishCRD(t, out)
	}
	return out, nil
}

// admitCreate validates a custom resource with its CRD, and a built-in
// kind as kube-apiserver's registry does (admitBuiltin). A built-in object
// stored as written loses its status, as the strategies of most kinds
// reset it, and a Namespace gets what its strategy gives it.
func (c *Client) admitCreate(ctx context.Context, t *target, w write) (map[string]any, error) {
	if t.kind.custom() {
		return c.validate(ctx, t, w)
	}
	t.convertBuiltin(w.object)
	if err := c.rbac.checkEscalation(ctx, t, w.object, nil); err != nil {
		return nil, err
	}
	out, native, err := c.admitBuiltin(ctx, t, w)
	if err != nil {
		return nil, err
	}
	if !native {
		delete(out, "status")
		t.prepareNamespaceCreate(out)
	}
	return out, c.admitCRD(ctx, t, out, nil)
}

// nameObject gives an object its generated name (a random suffix, as
// kube-apiserver's, so that names do not collide) and checks the name and
// namespace a create needs. generated says the name was drawn.
func (c *Client) nameObject(t *target, m map[string]any) (generated bool, err error) {
	meta := metaOf(m)
	if name, _ := meta["name"].(string); name == "" {
		if base, _ := meta["generateName"].(string); base != "" {
			meta["name"] = base[:min(len(base), maxGeneratedNameBase)] + utilrand.String(generatedSuffixLength)
			generated = true
		}
	}
	t.key.name, _ = meta["name"].(string)
	if !t.kind.namespaced {
		t.clearNamespace(m)
		return generated, nil
	}
	if t.key.namespace == "" {
		return false, apierrors.NewBadRequest("the server could not find the requested resource: a namespaced " + t.gvk.Kind + " needs a namespace")
	}
	return generated, nil
}

// kube-apiserver's generateName: at most 58 characters of the base, then 5 random ones.
const (
	maxGeneratedNameBase  = 58
	generatedSuffixLength = 5
)

// fillSystemFields sets what kube-apiserver sets on every new object
// (rest.WipeObjectMetaSystemFields, then FillObjectMetaSystemFields). The
// engine wipes them from custom resources too, and cannot fill them: it
// has no storage. uid is the one the create was admitted with
// (engine.Request.UID).
func fillSystemFields(m map[string]any, uid string) {
	meta := metaOf(m)
	engine.WipeSystemFields(meta) // done already for custom resources; built-in kinds too
	meta["uid"] = uid
	meta["creationTimestamp"] = metav1.Now().Rfc3339Copy().UTC().Format(time.RFC3339)
}

// metaOf returns m["metadata"], creating it when absent.
func metaOf(m map[string]any) map[string]any {
	meta, ok := m["metadata"].(map[string]any)
	if !ok {
		meta = map[string]any{}
		m["metadata"] = meta
	}
	return meta
}

func isDryRun(dryRun []string) bool { return slices.Contains(dryRun, metav1.DryRunAll) }

// writeTarget resolves obj's target and converts obj to a JSON value.
func (c *Client) writeTarget(ctx context.Context, obj client.Object) (*target, map[string]any, error) {
	t, err := c.targetOf(ctx, obj)
	if err != nil {
		return nil, nil, err
	}
	m, err := toMap(obj, t.gvk)
	return t, m, err
}

// clearNamespace drops the namespace a request gave an object of a
// cluster-scoped kind, as kube-apiserver's BeforeCreate and BeforeUpdate
// do on every write (a patch or apply that sets one included).
func (t *target) clearNamespace(m map[string]any) {
	if !t.kind.namespaced {
		delete(metaOf(m), "namespace")
	}
}
