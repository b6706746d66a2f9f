package kvaltest_test

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/kval-dev/kval/kvaltest"
)

func newClientset(t *testing.T) (*kvaltest.Server, kubernetes.Interface) {
	t.Helper()
	srv := kvaltest.NewServer(t, kvaltest.CRDs("testdata/pools.yaml"), nil)
	return srv, kubernetes.NewForConfigOrDie(srv.Config())
}

// Core v1 Events are routed by their group: POST and GET of
// /api/v1/namespaces/NS/events and GET /api/v1/events, beside
// events.k8s.io/v1's, as kube-apiserver installs both.
func TestServerRoutesCoreEventsByGroup(t *testing.T) {
	_, cs := newClientset(t)
	ctx := context.Background()
	ev := &corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: "e1", Namespace: "ns"}, Reason: "Started",
		InvolvedObject: corev1.ObjectReference{Kind: "Pod", Namespace: "ns", Name: "p"}}
	if _, err := cs.CoreV1().Events("ns").Create(ctx, ev, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating a core v1 Event: %v", err)
	}
	all, err := cs.CoreV1().Events("").List(ctx, metav1.ListOptions{})
	if err != nil || len(all.Items) != 1 || all.Items[0].Reason != "Started" {
		t.Fatalf("listing /api/v1/events: %v %+v", err, all)
	}
	nev := &eventsv1.Event{ObjectMeta: metav1.ObjectMeta{Name: "e2", Namespace: "ns"}, Reason: "Pulled", Action: "Pull", ReportingController: "c", ReportingInstance: "i", EventTime: metav1.NowMicro(),
		Type: corev1.EventTypeNormal, Regarding: corev1.ObjectReference{Kind: "Pod", Namespace: "ns", Name: "p"}}
	if _, err := cs.EventsV1().Events("ns").Create(ctx, nev, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating an events.k8s.io/v1 Event: %v", err)
	}
	inNS, err := cs.EventsV1().Events("ns").List(ctx, metav1.ListOptions{})
	if err != nil || len(inNS.Items) == 0 {
		t.Fatalf("listing events.k8s.io/v1 events: %v %+v", err, inNS)
	}
}

// A path kube-apiserver does not serve is its plain 404, and a Namespace's
// own subresources are not read as resources in it.
func TestServerRoutesNamespaceSubresources(t *testing.T) {
	_, cs := newClientset(t)
	ctx := context.Background()
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "n1"}}
	if _, err := cs.CoreV1().Namespaces().Create(ctx, ns, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	got, err := cs.CoreV1().Namespaces().UpdateStatus(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "n1"}, Status: corev1.NamespaceStatus{Phase: corev1.NamespaceActive}}, metav1.UpdateOptions{})
	if err != nil || got.Status.Phase != corev1.NamespaceActive {
		t.Fatalf("namespaces/n1/status: %v %+v", err, got)
	}
}
