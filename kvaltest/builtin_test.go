package kvaltest_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	storagev1 "k8s.io/api/storage/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

// invalidBuiltins are built-in objects kube-apiserver refuses on create,
// with the start of its error.
var invalidBuiltins = []struct {
	name string
	obj  func() client.Object
	want string
}{
	{"Deployment without a selector", func() client.Object {
		return &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "apps/v1", "kind": "Deployment",
			"metadata": map[string]any{"name": "web", "namespace": "shop"},
			"spec": map[string]any{"template": map[string]any{
				"spec": map[string]any{"containers": []any{map[string]any{"name": "web", "image": "nginx"}}},
			}},
		}}
	}, `Deployment.apps "web" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: null: ` + "`selector` does not match template `labels`]"},
	{"ConfigMap with a bad name", func() client.Object {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "Not_A_DNS_Name", Namespace: "shop"}}
	}, `ConfigMap "Not_A_DNS_Name" is invalid: metadata.name: Invalid value: "Not_A_DNS_Name"`},
	{"ConfigMap with a bad key", func() client.Object {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "settings", Namespace: "shop"}, Data: map[string]string{"a/b": "1"}}
	}, `ConfigMap "settings" is invalid: data[a/b]: Invalid value: "a/b": a valid config key must consist of alphanumeric characters, '-', '_' or '.'`},
	{"Secret with a bad label value", func() client.Object {
		return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "token", Namespace: "shop", Labels: map[string]string{"team": "a b"}}}
	}, `Secret "token" is invalid: metadata.labels: Invalid value: "a b"`},
	{"TLS Secret without its key", func() client.Object {
		return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "tls", Namespace: "shop"}, Type: corev1.SecretTypeTLS,
			Data: map[string][]byte{"tls.crt": []byte("x")}}
	}, `Secret "tls" is invalid: data[tls.key]: Required value`},
}

// TestBuiltinKindsAreValidatedByDefault: a client refuses the built-in
// objects kube-apiserver refuses, with its errors, without any option;
// with SkipBuiltinValidation it stores them as written.
func TestBuiltinKindsAreValidatedByDefault(t *testing.T) {
	for _, tc := range invalidBuiltins {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := newDatabases(t)
			err := c.Create(context.Background(), tc.obj())
			if !apierrors.IsInvalid(err) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v\nwant Invalid: %s", err, tc.want)
			}
			plain := kvaltest.NewClient(t, kvaltest.CRDs("../examples/crd.yaml"), nil, kvaltest.SkipBuiltinValidation())
			if err := plain.Create(context.Background(), tc.obj()); err != nil {
				t.Errorf("with SkipBuiltinValidation: %v, want it stored", err)
			}
		})
	}
}

// TestServerValidatesBuiltinKindsByDefault: kvaltest.Server answers the
// same 422 over HTTP.
func TestServerValidatesBuiltinKindsByDefault(t *testing.T) {
	_, cs := newClientset(t)
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "settings"}, Data: map[string]string{"a/b": "1"}}
	_, err := cs.CoreV1().ConfigMaps("ns").Create(context.Background(), cm, metav1.CreateOptions{})
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), `data[a/b]: Invalid value: "a/b"`) {
		t.Errorf("a ConfigMap with the key a/b: %v, want Invalid", err)
	}
}

// TestBuiltinKindsAreStoredWithKubeAPIServersDefaults: what a create
// returns, and what is read back, carries the defaults kube-apiserver's
// decoding and create strategy give the kind.
func TestBuiltinKindsAreStoredWithKubeAPIServersDefaults(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	d := deployment("web", nil)
	d.Spec.Template.Spec.Containers[0].Ports = []corev1.ContainerPort{{ContainerPort: 80}}
	mustCreate(t, c, d)
	got := &appsv1.Deployment{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(d), got); err != nil {
		t.Fatal(err)
	}
	for _, d := range []*appsv1.Deployment{d, got} {
		spec, container := d.Spec, d.Spec.Template.Spec.Containers[0]
		checkDefault(t, "replicas", spec.Replicas, ptr.To[int32](1))
		checkDefault(t, "revisionHistoryLimit", spec.RevisionHistoryLimit, ptr.To[int32](10))
		checkDefault(t, "progressDeadlineSeconds", spec.ProgressDeadlineSeconds, ptr.To[int32](600))
		checkDefault(t, "strategy", spec.Strategy, appsv1.DeploymentStrategy{Type: appsv1.RollingUpdateDeploymentStrategyType,
			RollingUpdate: &appsv1.RollingUpdateDeployment{MaxUnavailable: ptr.To(intstr.FromString("25%")), MaxSurge: ptr.To(intstr.FromString("25%"))}})
		checkDefault(t, "restartPolicy", spec.Template.Spec.RestartPolicy, corev1.RestartPolicyAlways)
		checkDefault(t, "dnsPolicy", spec.Template.Spec.DNSPolicy, corev1.DNSClusterFirst)
		checkDefault(t, "imagePullPolicy", container.ImagePullPolicy, corev1.PullAlways) // busybox: the latest tag
		checkDefault(t, "terminationMessagePath", container.TerminationMessagePath, "/dev/termination-log")
		checkDefault(t, "port protocol", container.Ports[0].Protocol, corev1.ProtocolTCP)
		checkDefault(t, "generation", d.Generation, int64(1))
	}

	sc := &storagev1.StorageClass{ObjectMeta: metav1.ObjectMeta{Name: "fast"}, Provisioner: "example.com/disk"}
	mustCreate(t, c, sc)
	checkDefault(t, "StorageClass reclaimPolicy", sc.ReclaimPolicy, ptr.To(corev1.PersistentVolumeReclaimDelete))
	checkDefault(t, "StorageClass volumeBindingMode", sc.VolumeBindingMode, ptr.To(storagev1.VolumeBindingImmediate))

	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "shop"},
		Spec: corev1.ServiceSpec{Selector: map[string]string{"app": "web"}, Ports: []corev1.ServicePort{{Port: 80}}}}
	mustCreate(t, c, svc)
	checkDefault(t, "Service type", svc.Spec.Type, corev1.ServiceTypeClusterIP)
	checkDefault(t, "Service sessionAffinity", svc.Spec.SessionAffinity, corev1.ServiceAffinityNone)
	checkDefault(t, "Service port", svc.Spec.Ports[0], corev1.ServicePort{Protocol: corev1.ProtocolTCP, Port: 80, TargetPort: intstr.FromInt32(80)})

	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "team"}}
	mustCreate(t, c, ns)
	checkDefault(t, "Namespace name label", ns.Labels, map[string]string{"kubernetes.io/metadata.name": "team"})
}

func checkDefault[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Errorf("%s: %s, want kube-apiserver's default %s", what, g, w)
	}
}

// TestBuiltinGenerationFollowsTheSpec: a Deployment's generation grows
// when its spec changes, as its update strategy counts it, and not when
// only its metadata does.
func TestBuiltinGenerationFollowsTheSpec(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	d := deployment("web", ptr.To[int32](2))
	mustCreate(t, c, d)
	d.Labels = map[string]string{"tier": "front"}
	if err := c.Update(ctx, d); err != nil || d.Generation != 1 {
		t.Fatalf("a label added: %v, generation %d, want 1", err, d.Generation)
	}
	d.Spec.Template.Spec.Containers[0].Image = "busybox:1.37"
	if err := c.Update(ctx, d); err != nil || d.Generation != 2 {
		t.Fatalf("the image changed: %v, generation %d, want 2", err, d.Generation)
	}
	d.Status.ObservedGeneration = 2
	if err := c.Status().Update(ctx, d); err != nil || d.Status.ObservedGeneration != 2 || d.Generation != 2 {
		t.Fatalf("status update: %v, generation %d, status %+v", err, d.Generation, d.Status)
	}
}

// TestImmutableSecretsAndConfigMapsRefuseChanges on every write path: an
// update, a merge patch, a strategic merge patch and server-side apply of
// a Secret or ConfigMap with immutable: true are Invalid with
// kube-apiserver's message, and the stored data stays.
func TestImmutableSecretsAndConfigMapsRefuseChanges(t *testing.T) {
	ctx := context.Background()
	c, _ := newDatabases(t)
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "token", Namespace: "shop"}, Immutable: ptr.To(true), Data: map[string][]byte{"a": []byte("1")}}
	mustCreate(t, c, secret)
	config := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "settings", Namespace: "shop"}, Immutable: ptr.To(true), Data: map[string]string{"a": "1"}}
	mustCreate(t, c, config)
	const secretErr = `Secret "token" is invalid: data: Forbidden: field is immutable when ` + "`immutable`" + ` is set`
	const configErr = `ConfigMap "settings" is invalid: data: Forbidden: field is immutable when ` + "`immutable`" + ` is set`
	writes := map[string]func() error{
		"secret update": func() error {
			s := secret.DeepCopy()
			s.Data["a"] = []byte("2")
			return c.Update(ctx, s)
		},
		"secret merge patch": func() error {
			return c.Patch(ctx, secret.DeepCopy(), client.RawPatch(types.MergePatchType, []byte(`{"stringData":{"a":"2"}}`)))
		},
		"secret strategic merge patch": func() error {
			return c.Patch(ctx, secret.DeepCopy(), client.RawPatch(types.StrategicMergePatchType, []byte(`{"data":{"b":"Mg=="}}`)))
		},
		"configmap apply": func() error {
			ac := client.ApplyConfigurationFromUnstructured(&unstructured.Unstructured{Object: map[string]any{
				"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "settings", "namespace": "shop"},
				"data": map[string]any{"a": "2"},
			}})
			return c.Apply(ctx, ac, client.FieldOwner("test"), client.ForceOwnership)
		},
	}
	for name, write := range writes {
		want := secretErr
		if strings.HasPrefix(name, "configmap") {
			want = configErr
		}
		if err := write(); !apierrors.IsInvalid(err) || err.Error() != want {
			t.Errorf("%s: %v\nwant Invalid: %s", name, err, want)
		}
	}
	stored := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(secret), stored); err != nil || string(stored.Data["a"]) != "1" || len(stored.Data) != 1 {
		t.Errorf("the stored Secret changed: %v %v", err, stored.Data)
	}
}

// TestBuiltinImmutableFieldsOnEveryWritePath: a Deployment's selector may
// not change, whether by update, patch or apply.
func TestBuiltinImmutableFieldsOnEveryWritePath(t *testing.T) {
	ctx := context.Background()
	c, _ := newDatabases(t)
	d := deployment("web", nil)
	d.Namespace = "shop"
	mustCreate(t, c, d)
	const want = `Deployment.apps "web" is invalid: [spec.template.metadata.labels: Invalid value: {"app":"web"}: ` + "`selector` does not match template `labels`" + `, spec.selector: Invalid value: {"matchLabels":{"app":"api"}}: field is immutable]`
	patch := []byte(`{"spec":{"selector":{"matchLabels":{"app":"api"}}}}`)
	for name, write := range map[string]func() error{
		"update": func() error {
			changed := d.DeepCopy()
			changed.Spec.Selector.MatchLabels = map[string]string{"app": "api"}
			return c.Update(ctx, changed)
		},
		"merge patch":           func() error { return c.Patch(ctx, d.DeepCopy(), client.RawPatch(types.MergePatchType, patch)) },
		"strategic merge patch": func() error { return c.Patch(ctx, d.DeepCopy(), client.RawPatch(types.StrategicMergePatchType, patch)) },
	} {
		if err := write(); !apierrors.IsInvalid(err) || err.Error() != want {
			t.Errorf("%s: %v\nwant Invalid: %s", name, err, want)
		}
	}
}

// TestJobSelectorCarriesTheStoredUID: a Job's generated selector and
// labels name the uid the Job is stored with, as kube-apiserver gives it
// before the strategy generates them.
func TestJobSelectorCarriesTheStoredUID(t *testing.T) {
	c, _ := newDatabases(t)
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "once", Namespace: "shop"},
		Spec: batchv1.JobSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{RestartPolicy: corev1.RestartPolicyNever,
			Containers: []corev1.Container{{Name: "c", Image: "busybox"}}}}}}
	mustCreate(t, c, job)
	if got := job.Spec.Selector.MatchLabels["batch.kubernetes.io/controller-uid"]; got != string(job.UID) || got == "" {
		t.Errorf("selector's controller-uid %q, uid %q", got, job.UID)
	}
	if got := job.Spec.Template.Labels["controller-uid"]; got != string(job.UID) {
		t.Errorf("template's controller-uid label %q, uid %q", got, job.UID)
	}
}

// TestJobWithGenerateNameKeepsItsLabels: a Job's labels default to its
// template's, one map in the decoded object; kube-apiserver copies the
// object before it generates a name, so a Job created with generateName
// keeps its own labels while a named one also gets the job-name labels
// the strategy adds to the template (both recorded from kube-apiserver
// v1.36.3).
func TestJobWithGenerateNameKeepsItsLabels(t *testing.T) {
	c, _ := newDatabases(t)
	job := func(meta metav1.ObjectMeta) *batchv1.Job {
		return &batchv1.Job{ObjectMeta: meta, Spec: batchv1.JobSpec{Template: corev1.PodTemplateSpec{
			ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": "x"}},
			Spec:       corev1.PodSpec{RestartPolicy: corev1.RestartPolicyNever, Containers: []corev1.Container{{Name: "c", Image: "busybox"}}}}}}
	}
	generated := job(metav1.ObjectMeta{GenerateName: "once-", Namespace: "shop"})
	mustCreate(t, c, generated)
	if len(generated.Labels) != 1 || generated.Labels["app"] != "x" {
		t.Errorf("generated name's labels %v, want app alone", generated.Labels)
	}
	named := job(metav1.ObjectMeta{Name: "once", Namespace: "shop"})
	mustCreate(t, c, named)
	if named.Labels["batch.kubernetes.io/job-name"] != "once" || len(named.Labels) != 5 {
		t.Errorf("named Job's labels %v, want app and the four the strategy generates", named.Labels)
	}
}

// TestSkipBuiltinValidationStoresAsWritten: with the option a Deployment
// keeps no default it was not given and may change its selector.
func TestSkipBuiltinValidationStoresAsWritten(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("../examples/crd.yaml"), nil, kvaltest.SkipBuiltinValidation())
	d := deployment("web", nil)
	mustCreate(t, c, d)
	if d.Spec.Replicas != nil || d.Spec.Strategy.Type != "" || d.Generation != 0 {
		t.Errorf("stored with defaults: replicas %v, strategy %+v, generation %d", d.Spec.Replicas, d.Spec.Strategy, d.Generation)
	}
	d.Spec.Selector.MatchLabels = map[string]string{"app": "api"}
	if err := c.Update(context.Background(), d); err != nil {
		t.Errorf("selector changed: %v, want stored", err)
	}
}

// TestValidateBuiltinsChoosesTheSchemasVersion: the option picks the
// published schemas that find unknown fields (strict field validation
// refuses them with 400); a version kval does not embed fails the client.
func TestValidateBuiltinsChoosesTheSchemasVersion(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("../examples/crd.yaml"), nil, kvaltest.ValidateBuiltins("1.36"))
	cm := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "ConfigMap",
		"metadata": map[string]any{"name": "settings", "namespace": "shop"}, "colour": "red"}}
	err := c.Create(context.Background(), cm, client.FieldValidation(metav1.FieldValidationStrict))
	if !apierrors.IsBadRequest(err) || !strings.Contains(err.Error(), `unknown field "colour"`) {
		t.Errorf("an unknown field under strict field validation: %v, want BadRequest", err)
	}
	if _, err := kvaltest.New(kvaltest.CRDs("../examples/crd.yaml"), nil, kvaltest.ValidateBuiltins("0.1")); err == nil {
		t.Error("ValidateBuiltins(0.1): no error")
	}
}
