package cli

import (
	"regexp"
)

// sopsKey is the top-level field where SOPS keeps its metadata in an
// encrypted YAML or JSON file (keys, lastmodified, mac, version). A Secret
// encrypted with SOPS is decrypted before it is applied (Flux's
// kustomize-controller, ksops, helm-secrets), so kube-apiserver never sees
// the field nor the ciphertexts.
const sopsKey = "sops"

// sopsValue is a value SOPS encrypted: AES256-GCM ciphertext with the
// type of the plaintext.
var sopsValue = regexp.MustCompile(`^ENC\[AES256_GCM,data:[^,]*,iv:[^,]*,tag:[^,]*,type:(str|int|float|bool|bytes)\]$`)

// isSOPS reports whether an object is SOPS-encrypted: its sops field is
// a mapping with the mac and version SOPS always writes, so that a field
// named sops of a custom resource is left alone.
func isSOPS(obj map[string]any) bool {
	meta, ok := obj[sopsKey].(map[string]any)
	if !ok {
		return false
	}
	_, mac := meta["mac"].(string)
	_, version := meta["version"].(string)
	return mac && version
}

// stripSOPS turns a SOPS-encrypted object into what is validated in its
// place: without the sops field, each encrypted value replaced by the
// empty value of its plaintext's type ("", 0, 0.0, false), since the
// plaintext cannot be checked without the keys; the fields and their
// structure are validated as written. Other objects are left alone.
func stripSOPS(obj map[string]any) {
	if !isSOPS(obj) {
		return
	}
	delete(obj, sopsKey)
	for k, v := range obj {
		obj[k] = plainPlaceholders(v)
	}
}

// plainPlaceholders replaces every encrypted value under v.
func plainPlaceholders(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, child := range v {
			v[k] = plainPlaceholders(child)
		}
	case []any:
		for i, child := range v {
			v[i] = plainPlaceholders(child)
		}
	case string:
		if m := sopsValue.FindStringSubmatch(v); m != nil {
			return placeholder(m[1])
		}
	}
	return v
}

func placeholder(typ string) any {
	switch typ {
	case "int":
		return int64(0)
	case "float":
		return float64(0)
	case "bool":
		return false
	}
	return ""
}
