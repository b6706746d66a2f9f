package e2e

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// side is one client's run of a sequence: the client (kvaltest's or
// kube-apiserver's), the sequence's namespace, the names generateName gave
// and the objects steps kept for later ones.
type side struct {
	c         client.Client
	ns        string
	generated map[string]string // generateName -> the name it gave
	kept      map[string]*unstructured.Unstructured
}

// step is one call of a sequence. It returns the object the call answered
// (nil when it answers none or failed) and its error.
type step struct {
	name string
	run  func(ctx context.Context, s *side) (*unstructured.Unstructured, error)
	want metav1.StatusReason // "": the step succeeds
}

func newStep(name string, run func(ctx context.Context, s *side) (*unstructured.Unstructured, error)) step {
	return step{name: name, run: run}
}

// fails says that st fails with reason.
func fails(reason metav1.StatusReason, st step) step {
	st.want = reason
	return st
}

// inSequenceNamespace is the namespace of namespaced objects' templates,
// replaced by the sequence's.
const inSequenceNamespace = "<ns>"

// placed is a copy of obj in the side's namespace (if namespaced), named as generateName
// named it on this side when it has no name.
func (s *side) placed(obj *unstructured.Unstructured) *unstructured.Unstructured {
	u := obj.DeepCopy()
	if u.GetNamespace() == inSequenceNamespace {
		u.SetNamespace(s.ns)
	}
	if u.GetName() == "" && s.generated[u.GetGenerateName()] != "" {
		u.SetName(s.generated[u.GetGenerateName()])
		u.SetGenerateName("")
	}
	return u
}

// answered is the object a call answered, or nil when it failed.
func answered(u *unstructured.Unstructured, err error) (*unstructured.Unstructured, error) {
	if err != nil {
		return nil, err
	}
	return u, nil
}

func creates(obj *unstructured.Unstructured, opts ...client.CreateOption) step {
	return newStep("create "+describe(obj), func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		u := s.placed(obj)
		err := s.c.Create(ctx, u, opts...)
		if err == nil && obj.GetGenerateName() != "" {
			s.generated[obj.GetGenerateName()] = u.GetName()
		}
		return answered(u, err)
	})
}

func reads(obj *unstructured.Unstructured) step {
	return newStep("get "+describe(obj), func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		u := s.placed(obj)
		return answered(u, s.c.Get(ctx, client.ObjectKeyFromObject(u), u))
	})
}

// keeps reads obj and keeps it, for a later step that writes it stale.
func keeps(key string, obj *unstructured.Unstructured) step {
	return newStep("keep "+key, func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		u := s.placed(obj)
		err := s.c.Get(ctx, client.ObjectKeyFromObject(u), u)
		s.kept[key] = u.DeepCopy()
		return answered(u, err)
	})
}

// updates reads obj, changes it with edit and updates it.
func updates(what string, obj *unstructured.Unstructured, edit func(*unstructured.Unstructured)) step {
	return newStep("update "+what, func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		u := s.placed(obj)
		if err := s.c.Get(ctx, client.ObjectKeyFromObject(u), u); err != nil {
			return nil, err
		}
		edit(u)
		return answered(u, s.c.Update(ctx, u))
	})
}

// updatesKept changes the object keep kept and updates it: with the
// resourceVersion it was read with.
func updatesKept(what, key string, edit func(*unstructured.Unstructured)) step {
	return newStep("update kept "+key+": "+what, func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		u := s.kept[key].DeepCopy()
		edit(u)
		return answered(u, s.c.Update(ctx, u))
	})
}

// puts updates obj as given, whatever is stored (no resourceVersion unless
// obj has one).
func puts(what string, obj *unstructured.Unstructured) step {
	return newStep("put "+what, func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		u := s.placed(obj)
		return answered(u, s.c.Update(ctx, u))
	})
}

// updatesStatus reads obj, changes it with edit and writes it to /status.
func updatesStatus(what string, obj *unstructured.Unstructured, edit func(*unstructured.Unstructured)) step {
	return newStep("update status "+what, func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		u := s.placed(obj)
		if err := s.c.Get(ctx, client.ObjectKeyFromObject(u), u); err != nil {
			return nil, err
		}
		edit(u)
		return answered(u, s.c.Status().Update(ctx, u))
	})
}

func patches(what string, obj *unstructured.Unstructured, pt types.PatchType, data string, opts ...client.PatchOption) step {
	return newStep(string(pt)+" "+what, func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		u := s.placed(obj)
		return answered(u, s.c.Patch(ctx, u, client.RawPatch(pt, []byte(data)), opts...))
	})
}

func patchesStatus(what string, obj *unstructured.Unstructured, pt types.PatchType, data string) step {
	return newStep("status "+string(pt)+" "+what, func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		u := s.placed(obj)
		return answered(u, s.c.Status().Patch(ctx, u, client.RawPatch(pt, []byte(data))))
	})
}

// applies server-side applies config as manager, forcing conflicts if force.
func applies(what string, config *unstructured.Unstructured, manager string, force bool) step {
	return newStep("apply "+what+" as "+manager, func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		u := s.placed(config)
		opts := []client.ApplyOption{client.FieldOwner(manager)}
		if force {
			opts = append(opts, client.ForceOwnership)
		}
		return answered(u, s.c.Apply(ctx, client.ApplyConfigurationFromUnstructured(u), opts...))
	})
}

func deletes(obj *unstructured.Unstructured, opts ...client.DeleteOption) step {
	return newStep("delete "+describe(obj), func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		return nil, s.c.Delete(ctx, s.placed(obj), opts...)
	})
}

func describe(obj *unstructured.Unstructured) string {
	if obj.GetName() == "" {
		return obj.GetKind() + " " + obj.GetGenerateName() + "*"
	}
	return obj.GetKind() + " " + obj.GetName()
}

// deletesKept deletes obj on the precondition that it is still the object
// keep kept (its resourceVersion).
func deletesKept(key string, obj *unstructured.Unstructured) step {
	return newStep("delete "+describe(obj)+" if still "+key, func(ctx context.Context, s *side) (*unstructured.Unstructured, error) {
		rv := s.kept[key].GetResourceVersion()
		return nil, s.c.Delete(ctx, s.placed(obj), client.Preconditions{ResourceVersion: &rv})
	})
}
