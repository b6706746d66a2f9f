package schema

import (
	"fmt"
	"slices"

	"k8s.io/apimachinery/pkg/version"
)

// DeprecationWarning is the warning kube-apiserver adds to every request
// to version of the CRD when the version is deprecated: its
// deprecationWarning, or "<group>/<version> <Kind> is deprecated", with
// the newest served version that is not deprecated and sorts after it
// (Kubernetes' version order) named as the one to use. ok is false for a
// version that is not deprecated.
func (c *CRD) DeprecationWarning(versionName string) (warning string, ok bool) {
	i := slices.IndexFunc(c.Spec.Versions, func(v Version) bool { return v.Name == versionName })
	if i < 0 || !c.Spec.Versions[i].Deprecated {
		return "", false
	}
	if w := c.Spec.Versions[i].DeprecationWarning; w != nil {
		return *w, true
	}
	msg := fmt.Sprintf("%s/%s %s is deprecated", c.Spec.Group, versionName, c.Spec.Names.Kind)
	var newer []string
	for _, v := range c.Spec.Versions {
		if v.Served && !v.Deprecated && version.CompareKubeAwareVersionStrings(versionName, v.Name) < 0 {
			newer = append(newer, v.Name)
		}
	}
	if len(newer) == 0 {
		return msg, true
	}
	best := slices.MaxFunc(newer, version.CompareKubeAwareVersionStrings)
	return msg + fmt.Sprintf("; use %s/%s %s", c.Spec.Group, best, c.Spec.Names.Kind), true
}
