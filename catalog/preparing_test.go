package catalog

import (
	"context"
	"strings"
	"sync"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/schema"
)

// blockingDefaults holds the lint of a CRD in its default check until
// released, and says when it got there.
type blockingDefaults struct {
	entered, release chan struct{}
	once             *sync.Once
}

func (b blockingDefaults) ValidateDefault(*field.Path, *schema.Schema, any) field.ErrorList {
	b.once.Do(func() { close(b.entered) })
	<-b.release
	return nil
}

// TestPreparingWhileAnotherLints: while one lookup lints a CRD, Preparing
// says that a lookup of its kind would wait, and of nothing else; before
// and after, it says it would not.
func TestPreparingWhileAnotherLints(t *testing.T) {
	b := blockingDefaults{entered: make(chan struct{}), release: make(chan struct{}), once: &sync.Once{}}
	c := New(Options{Lint: lint.Options{Values: b}})
	crd := strings.Replace(crdYAML("widgets.example.com", 3), "{a: {type: string,", "{a: {type: string, default: x,", 1)
	if problems, err := c.LoadBytes("test.yaml", []byte(crd)); err != nil {
		t.Fatalf("load: %v %v", err, problems)
	}
	if c.Preparing("example.com/v1", "Widget") {
		t.Error("preparing before any lookup")
	}
	done := make(chan error)
	go func() {
		_, err := c.ForObject(context.Background(), "example.com/v1", "Widget")
		done <- err
	}()
	<-b.entered
	if !c.Preparing("example.com/v1", "Widget") || !c.Preparing("example.com/v2", "Widget") {
		t.Error("not preparing while the CRD is linted")
	}
	if c.Preparing("example.com/v1", "Gadget") || c.Preparing("v1", "ConfigMap") {
		t.Error("preparing kinds no lookup waits for")
	}
	close(b.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if c.Preparing("example.com/v1", "Widget") {
		t.Error("still preparing after the lookup returned")
	}
}

// TestPreparingBuiltinKinds: while the first lookups of built-in kinds
// decode and compile their schemas (milliseconds each), Preparing says
// that a lookup of the kind would wait; once one returned, it never does.
func TestPreparingBuiltinKinds(t *testing.T) {
	c := builtinCatalog(t)
	// Six kinds, so that a loaded machine that runs a lookup before this
	// goroutine looks still leaves one to see preparing.
	kinds := [][2]string{{"apps/v1", "Deployment"}, {"v1", "Pod"}, {"batch/v1", "CronJob"}, {"apps/v1", "StatefulSet"}, {"apps/v1", "DaemonSet"}, {"batch/v1", "Job"}}
	seen := false
	for _, k := range kinds {
		if c.Preparing(k[0], k[1]) {
			t.Errorf("%s %s preparing before any lookup", k[0], k[1])
		}
		done := make(chan error)
		go func() {
			_, err := c.ForObject(context.Background(), k[0], k[1])
			done <- err
		}()
		for waiting := true; waiting; {
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
				waiting = false
			default:
				seen = seen || c.Preparing(k[0], k[1])
			}
		}
		if c.Preparing(k[0], k[1]) {
			t.Errorf("%s %s preparing after the lookup returned", k[0], k[1])
		}
	}
	if !seen {
		t.Errorf("never preparing while the first lookups of %d built-in kinds ran", len(kinds))
	}
}
