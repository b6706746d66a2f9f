package schema

import (
	"fmt"
	"net/url"
	"strings"

	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// conversionReviewVersions are the ConversionReview versions kube-apiserver
// understands, sorted.
var conversionReviewVersions = []string{"v1", "v1beta1"}

// checkConversion checks spec.conversion. The CA bundle is not checked: the
// apiserver accepts any bundle until the CRD is established.
// On update the CA bundle is checked once the old CRD is established with a
// valid bundle (or none), and an old conversion with only unrecognized
// review versions lets the new one keep them.
func checkConversion(spec *CRDSpec, path *field.Path, tol *tolerance) field.ErrorList {
	conv := spec.Conversion
	if conv == nil {
		return nil
	}
	path = path.Child("conversion")
	var errs field.ErrorList
	if conv.Strategy != NoneConverter && spec.preservesUnknownFields() {
		errs = append(errs, field.Invalid(path.Child("strategy"), conv.Strategy, "must be None if spec.preserveUnknownFields is true"))
	}
	errs = append(errs, checkEnum(path.Child("strategy"), conv.Strategy, []string{NoneConverter, WebhookConverter})...)
	if conv.Strategy != WebhookConverter {
		if conv.WebhookClientConfig != nil {
			errs = append(errs, field.Forbidden(path.Child("webhookClientConfig"), "should not be set when strategy is not set to Webhook"))
		}
		if len(conv.ConversionReviewVersions) > 0 {
			errs = append(errs, field.Forbidden(path.Child("conversionReviewVersions"), "should not be set when strategy is not set to Webhook"))
		}
		return errs
	}
	errs = append(errs, checkClientConfig(conv.WebhookClientConfig, path.Child("webhookClientConfig"), tol)...)
	errs = append(errs, checkReviewVersions(conv.ConversionReviewVersions, path.Child("conversionReviewVersions"), tol == nil || !tol.unrecognizedReviewVersions)...)
	return errs
}

func checkClientConfig(cc *WebhookClientConfig, path *field.Path, tol *tolerance) field.ErrorList {
	var errs field.ErrorList
	switch {
	case cc == nil:
		return field.ErrorList{field.Required(path, "required when strategy is set to Webhook")}
	case (cc.URL == nil) == (cc.Service == nil):
		errs = field.ErrorList{field.Required(path, "exactly one of url or service is required")}
	case cc.URL != nil:
		errs = checkWebhookURL(*cc.URL, path.Child("url"))
	default:
		errs = checkWebhookService(cc.Service, path.Child("service"))
	}
	if len(cc.CABundle) > 0 && tol != nil && tol.checkCABundle {
		errs = append(errs, checkCABundle(path.Child("caBundle"), cc.CABundle)...)
	}
	return errs
}

// checkWebhookURL requires an https URL with a host and without user, query or fragment.
func checkWebhookURL(raw string, path *field.Path) field.ErrorList {
	const form = "; desired format: https://host[/path]"
	u, err := url.Parse(raw)
	if err != nil {
		return field.ErrorList{field.Required(path, "url must be a valid URL: "+err.Error()+form)}
	}
	var errs field.ErrorList
	if u.Scheme != "https" {
		errs = append(errs, field.Invalid(path, u.Scheme, "'https' is the only allowed URL scheme"+form))
	}
	if u.Host == "" {
		errs = append(errs, field.Invalid(path, u.Host, "host must be specified"+form))
	}
	if u.User != nil {
		errs = append(errs, field.Invalid(path, u.User.String(), "user information is not permitted in the URL"))
	}
	if u.Fragment != "" {
		errs = append(errs, field.Invalid(path, u.Fragment, "fragments are not permitted in the URL"))
	}
	if u.RawQuery != "" {
		errs = append(errs, field.Invalid(path, u.RawQuery, "query parameters are not permitted in the URL"))
	}
	return errs
}

// checkWebhookService requires name, namespace, a valid port and a path of DNS-subdomain segments.
func checkWebhookService(svc *ServiceReference, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if svc.Name == "" {
		errs = append(errs, field.Required(path.Child("name"), ""))
	}
	if svc.Namespace == "" {
		errs = append(errs, field.Required(path.Child("namespace"), ""))
	}
	if msgs := utilvalidation.IsValidPortNum(int(svc.Port)); msgs != nil {
		errs = append(errs, field.Invalid(path.Child("port"), svc.Port, "port is not valid: "+strings.Join(msgs, ", ")))
	}
	if svc.Path == nil {
		return errs
	}
	return append(errs, checkServicePath(*svc.Path, path.Child("path"))...)
}

func checkServicePath(urlPath string, path *field.Path) field.ErrorList {
	if urlPath == "/" || urlPath == "" {
		return nil
	}
	if urlPath == "//" {
		return field.ErrorList{field.Invalid(path, urlPath, "segment[0] may not be empty")}
	}
	var errs field.ErrorList
	if !strings.HasPrefix(urlPath, "/") {
		errs = append(errs, field.Invalid(path, urlPath, "must start with a '/'"))
	}
	// Like upstream, drop the first byte whatever it is, and one trailing slash.
	segments := strings.TrimSuffix(urlPath[1:], "/")
	for i, segment := range strings.Split(segments, "/") {
		if segment == "" {
			errs = append(errs, field.Invalid(path, urlPath, fmt.Sprintf("segment[%d] may not be empty", i)))
			continue
		}
		for _, msg := range utilvalidation.IsDNS1123Subdomain(segment) {
			errs = append(errs, field.Invalid(path, urlPath, fmt.Sprintf("segment[%d]: %v", i, msg)))
		}
	}
	return errs
}

// checkReviewVersions requires unique DNS-label versions, one of which kube-apiserver understands.
func checkReviewVersions(versions []string, path *field.Path, requireRecognized bool) field.ErrorList {
	if len(versions) < 1 {
		return field.ErrorList{field.Required(path, "")}
	}
	var errs field.ErrorList
	seen := map[string]bool{}
	recognized := false
	for i, v := range versions {
		if seen[v] {
			errs = append(errs, field.Invalid(path.Index(i), v, "duplicate version"))
			continue
		}
		seen[v] = true
		for _, msg := range utilvalidation.IsDNS1035Label(v) {
			errs = append(errs, field.Invalid(path.Index(i), v, msg))
		}
		recognized = recognized || contains(conversionReviewVersions, v)
	}
	if !recognized && requireRecognized {
		errs = append(errs, field.Invalid(path, versions, "must include at least one of "+strings.Join(conversionReviewVersions, ", ")))
	}
	return errs
}
