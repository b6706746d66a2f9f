package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// latencies are the durations of one mode's creates and updates.
type latencies map[string]*modeLatencies

type modeLatencies struct{ create, update []time.Duration }

// measureEnforcement sends count creates, then count updates, to each mode,
// one request every interval, the modes' order rotating from one round to
// the next so that none always follows another. Each update changes
// mutable fields and appends a migration, so that every rule runs and
// allows it. Any failed request fails the test.
func measureEnforcement(t *testing.T, modes []*enforcement, count int, interval time.Duration) latencies {
	t.Helper()
	lat := latencies{}
	for _, m := range modes {
		lat[m.name] = &modeLatencies{}
	}
	stored := make(map[string][]*unstructured.Unstructured)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	eachRound(modes, count, tick.C, func(i int, m *enforcement) {
		start := time.Now()
		obj, err := m.databases.Create(t.Context(), m.database(fmt.Sprintf("db-%d", i)), metav1.CreateOptions{})
		lat[m.name].create = append(lat[m.name].create, time.Since(start))
		if err != nil {
			t.Fatalf("%s: create: %v", m.name, err)
		}
		stored[m.name] = append(stored[m.name], obj)
	})
	eachRound(modes, count, tick.C, func(i int, m *enforcement) {
		obj := allowedUpdate(stored[m.name][i])
		start := time.Now()
		_, err := m.databases.Update(t.Context(), obj, metav1.UpdateOptions{})
		lat[m.name].update = append(lat[m.name].update, time.Since(start))
		if err != nil {
			t.Fatalf("%s: update: %v", m.name, err)
		}
	})
	return lat
}

// eachRound calls send count times for each mode, once per tick, in rounds.
func eachRound(modes []*enforcement, count int, tick <-chan time.Time, send func(i int, m *enforcement)) {
	for i := range count {
		for j := range modes {
			<-tick
			send(i, modes[(i+j)%len(modes)])
		}
	}
}

// allowedUpdate changes a stored Database's version and labels and appends
// a migration.
func allowedUpdate(stored *unstructured.Unstructured) *unstructured.Unstructured {
	obj := stored.DeepCopy()
	spec := obj.Object["spec"].(map[string]any)
	spec["version"] = "16.3"
	spec["labels"] = map[string]any{"team": "db"}
	spec["migrations"] = append(spec["migrations"].([]any), "m2")
	return obj
}

// table is the modes' p50 and p99 per operation, and what each adds to the
// mode without enforcement (the first).
func (lat latencies) table(modes []*enforcement) string {
	var b strings.Builder
	b.WriteString("| enforcement | create p50 | create p99 | update p50 | update p99 | added create p50 / p99 | added update p50 / p99 |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	base := lat[modes[0].name]
	for _, m := range modes {
		l := lat[m.name]
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s / %s | %s / %s |\n", m.name,
			ms(pct(l.create, 50)), ms(pct(l.create, 99)), ms(pct(l.update, 50)), ms(pct(l.update, 99)),
			ms(pct(l.create, 50)-pct(base.create, 50)), ms(pct(l.create, 99)-pct(base.create, 99)),
			ms(pct(l.update, 50)-pct(base.update, 50)), ms(pct(l.update, 99)-pct(base.update, 99)))
	}
	return b.String()
}

// pct is the p-th percentile of ds (nearest rank).
func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(ds))
	rank := (p*len(s) + 99) / 100 // ceil(p/100 * n)
	return s[max(rank, 1)-1]
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
}
