package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sopsSecrets are real SOPS-encrypted Secrets (Flux's kustomize-controller).
const sopsSecrets = "../../../../testdata/projects/flux-kustomize-controller"

func writeTemp(t *testing.T, text string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "objects.yaml")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestValidateSOPSSecretsWithoutFlags: SOPS-encrypted Secrets validate as
// they are, their metadata removed and their ciphertexts in data (bytes)
// and stringData taken as empty values.
func TestValidateSOPSSecretsWithoutFlags(t *testing.T) {
	code, stdout, stderr := runKval(t, "", "validate", sopsSecrets)
	if code != ExitValid || !strings.Contains(stdout, "3 valid, 0 invalid") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	encryptedData := writeTemp(t, `apiVersion: v1
kind: Secret
metadata: {name: x}
data:
  key: ENC[AES256_GCM,data:mHeXsmQ=,iv:vUMpILz3xchORqkzDFvgwENY7EqIHHGJdEF6C8xqbFE=,tag:IroV7hykADvD0IUaq6kikA==,type:str]
sops:
  lastmodified: "2024-11-12T13:33:42Z"
  mac: ENC[AES256_GCM,data:vmrF,iv:u5lh,tag:Dg0H,type:str]
  version: 3.9.0
`)
	if code, stdout, _ := runKval(t, "", "validate", encryptedData); code != ExitValid {
		t.Fatalf("encrypted data: exit %d\n%s", code, stdout)
	}
}

// TestValidateNotSOPS: a sops field that is not SOPS' metadata stays an
// unknown field, and a ciphertext in an object SOPS did not encrypt is a
// value like any other.
func TestValidateNotSOPS(t *testing.T) {
	for name, text := range map[string]string{
		"sops field": "apiVersion: v1\nkind: Secret\nmetadata: {name: x}\nsops: {version: 3.9.0}\n",
		"ciphertext": "apiVersion: v1\nkind: Secret\nmetadata: {name: x}\ndata: {key: 'ENC[AES256_GCM,data:mHe=,iv:vU=,tag:Ir==,type:str]'}\n",
	} {
		if code, stdout, _ := runKval(t, "", "validate", writeTemp(t, name+text)); code != ExitInvalid {
			t.Errorf("%s: exit %d\n%s", name, code, stdout)
		}
	}
}

// TestSkipJSONPath: --skip-json-path removes a field before validation,
// from the objects its selector names only.
func TestSkipJSONPath(t *testing.T) {
	file := writeTemp(t, `apiVersion: v1
kind: ConfigMap
metadata:
  name: x
  annotations: {a/b/c: bad key}
  ownerReferences: [{apiVersion: v1, kind: Pod, name: p, uid: u, bad: 1}]
extra: {x: 1}
`)
	for _, tc := range []struct {
		flags []string
		want  int
	}{
		{nil, ExitInvalid},
		{[]string{"/extra", "/metadata/ownerReferences", "/metadata/annotations"}, ExitValid},
		{[]string{"ConfigMap:/extra", "v1/ConfigMap:/metadata/ownerReferences", "/metadata/annotations"}, ExitValid},
		{[]string{"Secret:/extra", "/metadata/ownerReferences", "/metadata/annotations"}, ExitInvalid},
		{[]string{"apps/v1/ConfigMap:/extra", "/metadata/ownerReferences", "/metadata/annotations"}, ExitInvalid},
		{[]string{"/extra", "/metadata/ownerReferences/*/bad", "/metadata/annotations/a~1b~1c"}, ExitValid},
		{[]string{"/extra", "/metadata/ownerReferences/0/bad", "/metadata/*/a~1b~1c"}, ExitValid},
		{[]string{"/extra", "/metadata/ownerReferences/1/bad", "/metadata/annotations"}, ExitInvalid},
		{[]string{"/extra", "/metadata/ownerReferences/0/bad", "/metadata/annotations/a/b/c"}, ExitInvalid},
		{[]string{"extra"}, ExitBadInput},
		{[]string{"ConfigMap:extra"}, ExitBadInput},
		{[]string{"/"}, ExitBadInput},
	} {
		args := []string{"validate"}
		for _, f := range tc.flags {
			args = append(args, "--skip-json-path", f)
		}
		if code, stdout, stderr := runKval(t, "", append(args, file)...); code != tc.want {
			t.Errorf("%v: exit %d, want %d\n%s%s", tc.flags, code, tc.want, stdout, stderr)
		}
	}
}

// tokenCRD defines Token objects whose spec.token cannot change.
const tokenCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: tokens.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: tokens, singular: token, kind: Token, listKind: TokenList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              token: {type: string, x-kubernetes-validations: [{rule: self == oldSelf, message: immutable}]}
`

// sopsToken is a Token whose spec.token SOPS encrypted with iv.
func sopsToken(iv string) string {
	return "apiVersion: example.com/v1\nkind: Token\nmetadata: {name: t}\nspec:\n  token: ENC[AES256_GCM,data:mHeXsmQ=,iv:" + iv +
		",tag:IroV7hykADvD0IUaq6kikA==,type:str]\nsops: {mac: 'ENC[AES256_GCM,data:x,iv:y,tag:z,type:str]', version: 3.9.0}\n"
}

// TestSOPSOnUpdates: the old object of an update is stripped as the new
// one is, so a value re-encrypted (a new ciphertext of the same
// plaintext) is not a change.
func TestSOPSOnUpdates(t *testing.T) {
	crd, old, changed := writeTemp(t, tokenCRD), writeTemp(t, sopsToken("aaaa")), writeTemp(t, sopsToken("bbbb"))
	code, stdout, stderr := runKval(t, "", "validate", "--crd", crd, "--old", old, changed)
	if code != ExitValid || !strings.Contains(stdout, "(update)") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
}
