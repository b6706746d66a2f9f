package gen

import (
	"go/types"
	"testing"
)

// TestEmbeddedPathNamesTypesAsUpstream: a type is named unqualified in its
// own package, and otherwise by gengo's import name, which avoids the
// generated package's own name (resourcev1 in a package named v1).
func TestEmbeddedPathNamesTypesAsUpstream(t *testing.T) {
	named := func(pkg, name string) types.Type {
		p := types.NewPackage(pkg, "v1")
		return types.NewNamed(types.NewTypeName(0, p, name, nil), types.NewStruct(nil, nil), nil)
	}
	tests := []struct {
		t    types.Type
		out  string
		want string
	}{
		{named("k8s.io/api/resource/v1", "DeviceConfiguration"), "k8s.io/kubernetes/pkg/apis/resource/v1", "resourcev1.DeviceConfiguration"},
		{named("k8s.io/api/resource/v1", "DeviceConfiguration"), "k8s.io/api/resource/v1", "DeviceConfiguration"},
		{named("k8s.io/api/resource/v1", "DeviceConfiguration"), "example.com/x/validation", "v1.DeviceConfiguration"},
		{named("k8s.io/apimachinery/pkg/apis/meta/v1", "ObjectMeta"), "k8s.io/kubernetes/pkg/apis/core/v1", "metav1.ObjectMeta"},
		{named("example.com/my-api/v1_beta", "T"), "example.com/other/v1beta", "myapiv1beta.T"},
	}
	for _, tt := range tests {
		if got := upstreamTypeName(tt.t, tt.out); got != tt.want {
			t.Errorf("%v in %s: got %q, want %q", tt.t, tt.out, got, tt.want)
		}
	}
}
