package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/client-go/dynamic"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/utils/ptr"

	corev1 "k8s.io/api/core/v1"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/strategy"
)

// answer is a verdict: code 200 (allowed), 400, 422 (with causes), or
// another status; codePatch where `kubectl apply` could not make a patch,
// codeSetUp where the old object of an update could not be created.
type answer struct {
	code    int
	message string
	causes  []cause
}

const (
	codePatch = -1
	codeSetUp = -2
	codeOther = -3
)

// cause is one field error of a 422.
type cause struct{ typ, field, message string }

// kval is kval's answer: the engine with package strategy, an update
// from two manifests as kval validate --old runs it, reading the
// cluster's namespaces where a strategy reads one (a claim asking for
// admin access), as kvaltest gives its store's.
func (d *differential) kval(ctx context.Context, c diffCase) answer {
	v, err := d.cat.ForObject(ctx, c.kind.gvk.GroupVersion().String(), c.kind.gvk.Kind)
	if err != nil {
		return answer{code: codeOther, message: err.Error()}
	}
	req := engine.Request{Operation: engine.Create, Object: deepCopy(c.obj)}
	if c.update {
		req.Operation, req.OldObject, req.OldIsManifest = engine.Update, deepCopy(c.old), true
	}
	return answerOf(v.Validate(strategy.WithNamespaces(ctx, d.namespace), req))
}

// answerOf is the answer kval's Result gives.
func answerOf(res *engine.Result, err error) answer {
	switch {
	case err != nil:
		return answer{code: codeOther, message: err.Error()}
	case res.BadRequest != nil:
		return kvalBadRequest(res.BadRequest)
	case len(res.Errors) == 0:
		return answer{code: 200}
	}
	a := answer{code: 422}
	for _, e := range res.Errors {
		a.causes = append(a.causes, cause{string(e.Type), e.Field, e.ErrorBody()})
	}
	return a
}

// kvalBadRequest is a 400, or codePatch where kval could not apply the
// new manifest over the old one as kubectl would not.
func kvalBadRequest(err error) answer {
	var status apierrors.APIStatus
	if !errors.As(err, &status) {
		return answer{code: codePatch, message: err.Error()}
	}
	return answer{code: 400, message: err.Error()}
}

// server is kube-apiserver's answer.
func (d *differential) server(ctx context.Context, c diffCase) answer {
	res := d.resource(c)
	if !c.update {
		_, err := res.Create(ctx, &unstructured.Unstructured{Object: deepCopy(c.obj)}, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
		return serverAnswer(err)
	}
	live, err := res.Create(ctx, &unstructured.Unstructured{Object: deepCopy(c.old)}, metav1.CreateOptions{})
	if err != nil {
		return answer{code: codeSetUp, message: err.Error()}
	}
	defer d.remove(res, live.GetName())
	patch, err := applyPatch(c, live.Object)
	if err != nil {
		return answer{code: codePatch, message: err.Error()}
	}
	_, err = res.Patch(ctx, live.GetName(), types.StrategicMergePatchType, patch, metav1.PatchOptions{DryRun: []string{metav1.DryRunAll}})
	return serverAnswer(err)
}

func (d *differential) resource(c diffCase) dynamic.ResourceInterface {
	res := d.client.Resource(c.kind.gvr())
	if c.kind.namespaced {
		return res.Namespace(c.kind.ns())
	}
	return res
}

// remove deletes an update's object, at once (pods have no kubelet).
func (d *differential) remove(res dynamic.ResourceInterface, name string) {
	_ = res.Delete(context.Background(), name, metav1.DeleteOptions{GracePeriodSeconds: ptr.To[int64](0)})
}

// applyPatch is the patch `kubectl apply` sends: the three-way strategic
// merge patch of the old manifest, the new one and the live object.
func applyPatch(c diffCase, live map[string]any) ([]byte, error) {
	versioned, err := clientgoscheme.Scheme.New(c.kind.gvk)
	if err != nil {
		return nil, err
	}
	lookup, err := strategicpatch.NewPatchMetaFromStruct(versioned)
	if err != nil {
		return nil, err
	}
	original, modified, current, err := marshalAll(c.old, c.obj, live)
	if err != nil {
		return nil, err
	}
	return strategicpatch.CreateThreeWayMergePatch(original, modified, current, lookup, true)
}

func marshalAll(objs ...map[string]any) (a, b, c []byte, err error) {
	var out [3][]byte
	for i, obj := range objs {
		if out[i], err = json.Marshal(obj); err != nil {
			return nil, nil, nil, err
		}
	}
	return out[0], out[1], out[2], nil
}

func serverAnswer(err error) answer {
	if err == nil {
		return answer{code: 200}
	}
	var status apierrors.APIStatus
	if !errors.As(err, &status) {
		return answer{code: codeOther, message: err.Error()}
	}
	s := status.Status()
	a := answer{code: int(s.Code), message: s.Message}
	if s.Details != nil && s.Code == 422 {
		for _, c := range s.Details.Causes {
			a.causes = append(a.causes, cause{string(c.Type), c.Field, c.Message})
		}
	}
	return a
}

func (a answer) String() string {
	if a.code != 422 {
		return fmt.Sprintf("%d %s", a.code, a.message)
	}
	return fmt.Sprintf("422 %v", a.causes)
}

// namespace reads a namespace from the cluster, for strategies that read
// one.
func (d *differential) namespace(ctx context.Context, name string) (*corev1.Namespace, error) {
	u, err := d.client.Resource(namespaceRes).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	ns := &corev1.Namespace{}
	return ns, runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, ns)
}
