package strategy

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/builtin"
)

// Why a built-in kind has no strategy in kval: it gets its published
// schema alone.
const (
	answeredNotStored = "a request kube-apiserver answers and never stores: no manifest creates one"
	checkedByLint     = "kval checks it with package lint, kube-apiserver's CRD validation"
	notInstalled      = "its API group is not in kval's scheme (kube-apiserver's internal one), or its release is not k8s.io/kubernetes'"
	alphaNotWired     = "alpha versions only, kube-apiserver's strategy not wired in yet"
)

// withoutStrategy are the built-in kinds of the newest embedded release
// that strategies leaves out, and why.
var withoutStrategy = map[schema.GroupKind]string{
	{Kind: "Binding"}:         answeredNotStored,
	{Kind: "ComponentStatus"}: answeredNotStored,
	{Group: "apiextensions.k8s.io", Kind: "CustomResourceDefinition"}:   checkedByLint,
	{Group: "authentication.k8s.io", Kind: "SelfSubjectReview"}:         answeredNotStored,
	{Group: "authentication.k8s.io", Kind: "TokenReview"}:               answeredNotStored,
	{Group: "authorization.k8s.io", Kind: "LocalSubjectAccessReview"}:   answeredNotStored,
	{Group: "authorization.k8s.io", Kind: "SelfSubjectAccessReview"}:    answeredNotStored,
	{Group: "authorization.k8s.io", Kind: "SelfSubjectRulesReview"}:     answeredNotStored,
	{Group: "authorization.k8s.io", Kind: "SubjectAccessReview"}:        answeredNotStored,
	{Group: "internal.apiserver.k8s.io", Kind: "StorageVersion"}:        notInstalled,
	{Group: "resource.k8s.io", Kind: "DeviceTaintRule"}:                 alphaNotWired,
	{Group: "resource.k8s.io", Kind: "ResourcePoolStatusRequest"}:       alphaNotWired,
	{Group: "scheduling.k8s.io", Kind: "PodGroup"}:                      alphaNotWired,
	{Group: "scheduling.k8s.io", Kind: "Workload"}:                      alphaNotWired,
	{Group: "storagemigration.k8s.io", Kind: "StorageVersionMigration"}: alphaNotWired,
}

// Every built-in kind of the newest embedded release has a strategy or a
// reason it has none, and no kind has both: a kind a new release adds
// fails here until it is wired or explained.
func TestEveryBuiltinKindHasAStrategyOrAReason(t *testing.T) {
	set, err := builtin.Version(builtin.Newest())
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range set.Kinds() {
		parts := strings.Split(k, "/") // group/version/Kind
		gk := schema.GroupKind{Group: parts[0], Kind: parts[2]}
		_, wired := strategies[gk]
		_, explained := withoutStrategy[gk]
		if wired == explained {
			t.Errorf("%s: a strategy %v, a reason for none %v: want exactly one", gk, wired, explained)
		}
	}
}
