package kvaltest_test

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// A Secret's stringData is merged into its data, overwriting its keys, and
// never stored, as kube-apiserver's conversion of v1 Secrets does: on
// create, update and patch.
func TestSecretStringDataIsMergedIntoData(t *testing.T) {
	_, cs := newClientset(t)
	ctx := context.Background()
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "s", Namespace: "ns"},
		Data: map[string][]byte{"a": []byte("old"), "b": []byte("kept")}, StringData: map[string]string{"a": "new", "c": "added"}}
	got, err := cs.CoreV1().Secrets("ns").Create(ctx, s, metav1.CreateOptions{})
	wantData(t, "create", got, err, map[string]string{"a": "new", "b": "kept", "c": "added"})
	got.StringData = map[string]string{"b": "updated"}
	got, err = cs.CoreV1().Secrets("ns").Update(ctx, got, metav1.UpdateOptions{})
	wantData(t, "update", got, err, map[string]string{"a": "new", "b": "updated", "c": "added"})
	got, err = cs.CoreV1().Secrets("ns").Patch(ctx, "s", types.MergePatchType, []byte(`{"stringData":{"d":"patched"}}`), metav1.PatchOptions{})
	wantData(t, "merge patch", got, err, map[string]string{"a": "new", "b": "updated", "c": "added", "d": "patched"})
	stored, err := cs.CoreV1().Secrets("ns").Get(ctx, "s", metav1.GetOptions{})
	wantData(t, "the stored Secret", stored, err, map[string]string{"a": "new", "b": "updated", "c": "added", "d": "patched"})
}

func wantData(t *testing.T, what string, s *corev1.Secret, err error, want map[string]string) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if len(s.StringData) > 0 || len(s.Data) != len(want) {
		t.Fatalf("%s: data %q, stringData %q; want data %q and no stringData", what, s.Data, s.StringData, want)
	}
	for k, v := range want {
		if string(s.Data[k]) != v {
			t.Fatalf("%s: data %q, want %q", what, s.Data, want)
		}
	}
}
