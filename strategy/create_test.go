package strategy_test

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/kval-dev/kval/engine"
)

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: ns}
spec:
  replicas: REPLICAS
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: LABEL}}
    spec:
      containers:
      - name: NAME
        image: nginx
        ports: [{containerPort: PORT}]
        RESOURCES
`

const headlessService = `apiVersion: v1
kind: Service
metadata: {name: s, namespace: ns}
spec: {clusterIP: None, selector: {app: web}, ports: [{port: 80}]}
`

func deploymentWith(replacements ...string) string {
	defaults := []string{"REPLICAS", "1", "LABEL", "web", "NAME", "web", "PORT", "80", "RESOURCES", "terminationMessagePolicy: File"}
	return strings.NewReplacer(append(replacements, defaults...)...).Replace(deployment)
}

// TestCreatesAnsweredAsKubeAPIServer holds kube-apiserver's answers to
// creates the published schemas pass or refuse wrongly: its verdict,
// error types and field paths.
func TestCreatesAnsweredAsKubeAPIServer(t *testing.T) {
	cat := newCatalog(t)
	for _, tc := range []struct{ name, doc, want string }{
		{"a valid Deployment", deploymentWith(), ""},
		{"selector misses the template's labels", deploymentWith("LABEL", "other"), "FieldValueInvalid spec.template.metadata.labels"},
		{"container name not a DNS label", deploymentWith("NAME", "Web_Server"), "FieldValueInvalid spec.template.spec.containers[0].name"},
		{"containerPort out of range", deploymentWith("PORT", "70000"), "FieldValueInvalid spec.template.spec.containers[0].ports[0].containerPort"},
		{"negative replicas", deploymentWith("REPLICAS", "-1"), "FieldValueInvalid spec.replicas"},
		{"cpu request above its limit", deploymentWith("RESOURCES", "resources: {requests: {cpu: 2}, limits: {cpu: 1}}"),
			"FieldValueInvalid spec.template.spec.containers[0].resources.requests"},
		{"probe without a handler", deploymentWith("RESOURCES", "livenessProbe: {periodSeconds: 5}"),
			"FieldValueRequired spec.template.spec.containers[0].livenessProbe"},
		{"two containers with one name", `apiVersion: v1
kind: Pod
metadata: {name: p}
spec: {containers: [{name: a, image: nginx}, {name: a, image: busybox}]}`, "FieldValueDuplicate spec.containers[1].name"},
		{"Job restartPolicy Always", `apiVersion: batch/v1
kind: Job
metadata: {name: j}
spec: {template: {spec: {restartPolicy: Always, containers: [{name: a, image: x}]}}}`, "FieldValueRequired spec.template.spec.restartPolicy"},
		{"CronJob schedule not cron", `apiVersion: batch/v1
kind: CronJob
metadata: {name: c}
spec: {schedule: "every day", jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: a, image: x}]}}}}}`, "FieldValueInvalid spec.schedule"},
		{"Ingress path without a leading slash", `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: i}
spec: {rules: [{http: {paths: [{path: foo, pathType: Prefix, backend: {service: {name: s, port: {number: 80}}}}]}}]}`, "FieldValueInvalid spec.rules[0].http.paths[0].path"},
		{"PodDisruptionBudget with minAvailable and maxUnavailable", `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: p}
spec: {minAvailable: 1, maxUnavailable: 1, selector: {matchLabels: {a: b}}}`, "FieldValueInvalid spec"},
		{"HPA minReplicas above maxReplicas", `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: h}
spec: {minReplicas: 5, maxReplicas: 2, scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: d}}`, "FieldValueInvalid spec.maxReplicas"},
		{"TLS Secret without tls.key", `apiVersion: v1
kind: Secret
metadata: {name: s}
type: kubernetes.io/tls
data: {tls.crt: ""}`, "FieldValueRequired data[tls.key]"},
		{"PVC without a storage request", `apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: p}
spec: {accessModes: [ReadWriteOnce]}`, "FieldValueRequired spec.resources[storage]"},
		{"ClusterRole rule without verbs", `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: r}
rules: [{apiGroups: [""], resources: [pods]}]`, "FieldValueRequired rules[0].verbs"},
		{"ConfigMap key with a slash", `apiVersion: v1
kind: ConfigMap
metadata: {name: c}
data: {a/b: x}`, "FieldValueInvalid data[a/b]"},
		{"ExternalName Service without externalName", `apiVersion: v1
kind: Service
metadata: {name: s}
spec: {type: ExternalName}`, "FieldValueRequired spec.externalName"},
		{"a headless Service: its clusterIPs are its clusterIP", headlessService, ""},
		{"RBAC names are path segments: a colon is valid", `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: "cert-manager:leaderelection"}
rules: [{apiGroups: [""], resources: [configmaps], verbs: [get]}]`, ""},
		{"a RoleBinding named with a colon", `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: "a:b", namespace: ns}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: "a:b"}
subjects: [{kind: ServiceAccount, name: sa, namespace: ns}]`, ""},
		{"Namespace names are DNS labels", `apiVersion: v1
kind: Namespace
metadata: {name: a.b}`, "FieldValueInvalid metadata.name"},
		{"Namespace names are lower case", `apiVersion: v1
kind: Namespace
metadata: {name: A}`, "FieldValueInvalid metadata.name"},
		{"illegal base64 is the decoder's 400", `apiVersion: v1
kind: Secret
metadata: {name: s}
data: {a: "!!!"}`, `400 Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 0`},
		{"a number where a ConfigMap holds strings is the decoder's 400", `apiVersion: v1
kind: ConfigMap
metadata: {name: c}
data: {a: 1}`, `400 ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := summary(validate(t, cat, tc.doc, "")); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestNamespaceNameMessageSaysLabel: kube-apiserver names a Namespace's
// name a label, where a custom resource's is a subdomain.
func TestNamespaceNameMessageSaysLabel(t *testing.T) {
	res := validate(t, newCatalog(t), "apiVersion: v1\nkind: Namespace\nmetadata: {name: A}\n", "")
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Detail, "RFC 1123 label") {
		t.Fatalf("errors: %v", res.Errors)
	}
}

// TestUnreadObjectsAreNotEncoded: a create whose caller reads no object
// (kval validate without --show-object) gets the same errors and warnings
// with no object encoded.
func TestUnreadObjectsAreNotEncoded(t *testing.T) {
	cat := newCatalog(t)
	doc := deploymentWith("LABEL", "other", "NAME", "Web_Server")
	obj := object(t, doc)
	v, err := cat.ForObject(context.Background(), "apps/v1", "Deployment")
	if err != nil {
		t.Fatal(err)
	}
	res, err := v.Validate(context.Background(), engine.Request{Operation: engine.Create, Object: obj, ObjectNotRead: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(res), summary(validate(t, cat, doc, "")); got != want || want == "" {
		t.Errorf("errors %q, want %q as with the object read", got, want)
	}
	if res.Object != nil {
		t.Errorf("object encoded: %v", res.Object)
	}
}

// TestGeneratedNamesCopyTheObject: a Job's labels default to its
// template's, the same map, and its strategy adds the job-name labels to
// the template. kube-apiserver's store copies the object before it
// generates a name, which parts the two maps; with a name they stay one.
// Recorded from kube-apiserver v1.36.3 (server-side dry runs): a Job named
// "probe" gets the four generated labels on its own metadata, one with
// generateName "probe-" only its template's app label; with generateName
// "a:" it refuses spec.template.labels (the job-name values), not
// metadata.labels.
func TestGeneratedNamesCopyTheObject(t *testing.T) {
	cat := newCatalog(t)
	job := func(meta string) string {
		return "apiVersion: batch/v1\nkind: Job\nmetadata: {" + meta + ", namespace: default}\n" +
			"spec: {template: {metadata: {labels: {app: x}}, spec: {restartPolicy: Never, containers: [{name: a, image: b}]}}}\n"
	}
	labelsOf := func(res *engine.Result) string {
		labels, _ := res.Object["metadata"].(map[string]any)["labels"].(map[string]any)
		return strings.Join(slices.Sorted(maps.Keys(labels)), ",")
	}
	if got, want := labelsOf(validate(t, cat, job("name: probe"), "")), "app,batch.kubernetes.io/controller-uid,batch.kubernetes.io/job-name,controller-uid,job-name"; got != want {
		t.Errorf("named Job's labels %q, want %q", got, want)
	}
	if got := labelsOf(validate(t, cat, job("generateName: probe-"), "")); got != "app" {
		t.Errorf("generated name's Job labels %q, want app alone", got)
	}
	want := "FieldValueInvalid metadata.generateName; FieldValueInvalid metadata.name; FieldValueInvalid spec.template.labels"
	if got := summary(validate(t, cat, job("generateName: 'a:'"), "")); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
