package schema

import (
	"fmt"
	"net/url"
	"strings"

	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// APIApprovedAnnotation is the annotation a CRD of a protected group
// (*.k8s.io, *.kubernetes.io) must carry.
const APIApprovedAnnotation = "api-approved.kubernetes.io"

// checkMetadata validates metadata as kube-apiserver does on create. Before
// validation the apiserver clears what the client cannot set on a
// cluster-scoped object (namespace, managedFields, deletion fields) and sets
// generation; kval does the same, so only what the user controls is checked.
//
// Name generation from generateName is not reproduced: its random suffix is
// unknowable, so a CRD with generateName and no name is checked without a name.
func (c *CRD) checkMetadata() field.ErrorList {
	meta := c.Metadata
	meta.Namespace = ""
	meta.ManagedFields = nil
	meta.DeletionTimestamp = nil
	meta.DeletionGracePeriodSeconds = nil
	meta.Generation = 1
	return apivalidation.ValidateObjectMeta(&meta, false, c.nameIsValid, field.NewPath("metadata"))
}

// nameIsValid is the name rule of CRDs: a DNS subdomain equal to plural.group.
func (c *CRD) nameIsValid(name string, prefix bool) []string {
	msgs := apivalidation.NameIsDNSSubdomain(name, prefix)
	if name != c.Spec.Names.Plural+"."+c.Spec.Group {
		msgs = append(msgs, `must be spec.names.plural+"."+spec.group`)
	}
	return msgs
}

// checkAPIApproval requires the approval annotation on CRDs of the groups
// reserved for the Kubernetes project.
func (c *CRD) checkAPIApproval() field.ErrorList {
	if !isProtectedGroup(c.Spec.Group) {
		return nil
	}
	path := field.NewPath("metadata", "annotations").Key(APIApprovedAnnotation)
	value := c.Metadata.Annotations[APIApprovedAnnotation]
	switch approvalOf(value) {
	case approvalMissing:
		return field.ErrorList{field.Required(path, fmt.Sprintf(
			"protected groups must have approval annotation %q, see https://github.com/kubernetes/enhancements/pull/1111",
			APIApprovedAnnotation))}
	case approvalInvalid:
		return field.ErrorList{field.Invalid(path, value, fmt.Sprintf(
			"protected groups must have approval annotation %q with either a URL or a reason starting with \"unapproved\", see https://github.com/kubernetes/enhancements/pull/1111",
			APIApprovedAnnotation))}
	}
	return nil
}

func isProtectedGroup(group string) bool {
	for _, reserved := range []string{"k8s.io", "kubernetes.io"} {
		if group == reserved || strings.HasSuffix(group, "."+reserved) {
			return true
		}
	}
	return false
}

type approval int

const (
	approvalInvalid approval = iota
	approvalGiven
	approvalMissing
)

// approvalOf classifies the annotation: a URL with scheme and host approves,
// "unapproved..." bypasses (and counts as given), empty is missing.
func approvalOf(annotation string) approval {
	switch {
	case annotation == "":
		return approvalMissing
	case strings.HasPrefix(annotation, "unapproved"):
		return approvalGiven
	}
	u, err := url.ParseRequestURI(annotation)
	if err == nil && u.Host != "" && u.Scheme != "" {
		return approvalGiven
	}
	return approvalInvalid
}
