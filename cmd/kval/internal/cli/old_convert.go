package cli

import (
	"fmt"

	"github.com/kval-dev/kval/schema"
)

// convertOld gives an old object written in another version of its CRD the
// version of the object that updates it, as kube-apiserver converts the
// stored object to the request's version. With conversion None that
// changes the apiVersion only, as kube-apiserver's nopConverter does; a
// Webhook conversion (or a built-in kind's, which kval does not run) may
// change more, so the warning says the old object is compared as written.
func convertOld(crd *schema.CRD, old map[string]any, apiVersion string) []string {
	written, _ := old["apiVersion"].(string)
	if written == apiVersion {
		return nil
	}
	old["apiVersion"] = apiVersion
	if convertsByAPIVersion(crd, written) {
		return nil
	}
	return []string{fmt.Sprintf("the old object is written in %s and kval does not run %s's conversion to %s: it is compared as written, with apiVersion %s",
		written, conversionName(crd), apiVersion, apiVersion)}
}

// convertsByAPIVersion reports whether the CRD serves version's objects
// with conversion None, so that converting them changes only apiVersion.
func convertsByAPIVersion(crd *schema.CRD, apiVersion string) bool {
	if crd.Spec.Conversion != nil && crd.Spec.Conversion.Strategy == schema.WebhookConverter {
		return false
	}
	for _, v := range crd.Spec.Versions {
		if crd.Spec.Group+"/"+v.Name == apiVersion {
			return true
		}
	}
	return false // a built-in kind's other version: a CRD of its own
}

func conversionName(crd *schema.CRD) string {
	if crd.Spec.Conversion != nil && crd.Spec.Conversion.Strategy == schema.WebhookConverter {
		return "the conversion webhook"
	}
	return "Kubernetes"
}
