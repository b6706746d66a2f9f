package strategy_test

import (
	"strings"
	"testing"
)

const configMap = `apiVersion: v1
kind: ConfigMap
metadata: {name: c, namespace: ns}
IMMUTABLE
data: {a: VALUE}
`

// TestUpdatesFromManifestsAnsweredAsKubeAPIServer: updates from two
// manifests (kval validate --old) are what kube-apiserver answers to
// `kubectl apply` of the new one over the old one.
func TestUpdatesFromManifestsAnsweredAsKubeAPIServer(t *testing.T) {
	cat := newCatalog(t)
	otherSelector := strings.ReplaceAll(deploymentWith("LABEL", "other"), "matchLabels: {app: web}", "matchLabels: {app: other}")
	cm := func(immutable, value string) string {
		return strings.NewReplacer("IMMUTABLE", immutable, "VALUE", value).Replace(configMap)
	}
	for _, tc := range []struct{ name, old, doc, want string }{
		// The stored object has a resourceVersion, which the applied
		// object keeps: an update without one is invalid.
		{"unchanged", deploymentWith(), deploymentWith(), ""},
		{"replicas changed", deploymentWith(), deploymentWith("REPLICAS", "3"), ""},
		{"a ConfigMap's data changed", cm("", "one"), cm("", "two"), ""},
		{"a headless Service's selector changed", headlessService, strings.Replace(headlessService, "app: web", "app: db", 1), ""},
		{"selector changed", deploymentWith(), otherSelector, "FieldValueInvalid spec.selector"},
		// kube-apiserver's PATCH handler answers a patched object that
		// does not convert with 422 at "patch", not the decoder's 400.
		{"illegal base64 in the new manifest", cm("", "one"), strings.Replace(cm("", "one"), "\ndata:", "\nbinaryData: {b: '!!!'}\ndata:", 1), "FieldValueInvalid patch"},
		{"a number in the new manifest's data", cm("", "one"), cm("", "1"), "FieldValueInvalid patch"},
		{"an immutable ConfigMap changed", cm("immutable: true", "one"), cm("immutable: true", "two"), "FieldValueForbidden data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := summary(validate(t, cat, tc.doc, tc.old)); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}
