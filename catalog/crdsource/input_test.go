package crdsource

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// TestDetectorAcrossWrites: the kind is found wherever the writes cut it,
// and not found when it is not there.
func TestDetectorAcrossWrites(t *testing.T) {
	text := "kind: Namespace\n---\nkind: CustomResourceDefinition\n"
	for cut := 1; cut <= len(text); cut++ {
		d := &Detector{}
		for rest := text; rest != ""; {
			n := min(cut, len(rest))
			d.Write([]byte(rest[:n]))
			rest = rest[n:]
		}
		if !d.Found {
			t.Fatalf("writes of %d bytes: not found", cut)
		}
	}
	d := &Detector{}
	d.Write([]byte("kind: CustomResource"))
	d.Write([]byte("Definitio"))
	if d.Found {
		t.Fatal("found a word that is not there")
	}
	found, err := MayHoldCRD(iotest.OneByteReader(strings.NewReader(text)))
	if err != nil || !found {
		t.Fatalf("%v %v", found, err)
	}
}

// read reads documents as a run's input.
func read(t *testing.T, name, text string) *schema.Loaded {
	t.Helper()
	in := &Input{}
	raws, errs := manifest.ReadAllRaw(name, strings.NewReader(text))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, raw := range raws {
		in.Add(raw)
	}
	return in.Loaded()
}

func crdText(t *testing.T) string {
	b, err := os.ReadFile("testdata/caches.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// flowCRD is a CRD in flow style, which is decoded rather than deferred.
const flowCRD = `{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": {"name": "things.example.com"},` +
	`"spec": {"group": "example.com", "scope": "Namespaced", "names": {"kind": "Thing", "plural": "things", "singular": "thing", "listKind": "ThingList"},` +
	`"versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object"}}}]}}`

// TestInputKeepsOnlyCRDs: other documents are ignored; a CRD in flow
// style (not scanned) is decoded, one in block style is deferred.
func TestInputKeepsOnlyCRDs(t *testing.T) {
	loaded := read(t, "in.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: CustomResourceDefinition\n---\n"+crdText(t)+"---\n"+flowCRD+"\n")
	if len(loaded.Deferred) != 1 || loaded.Deferred[0].Kind != "Cache" || len(loaded.CRDs) != 1 || loaded.CRDs[0].Spec.Names.Kind != "Thing" {
		t.Fatalf("%+v", loaded)
	}
}

// TestInputAppend: inputs scanned apart join in the order they are
// appended, deferred and decoded CRDs alike; nil adds nothing.
func TestInputAppend(t *testing.T) {
	in := &Input{}
	for _, name := range []string{"a.yaml", "b.yaml"} {
		part := &Input{}
		for _, text := range []string{crdText(t), flowCRD} {
			raws, _ := manifest.ReadAllRaw(name, strings.NewReader(text))
			part.Add(raws[0])
		}
		in.Append(part)
		in.Append(nil)
	}
	loaded := in.Loaded()
	if len(loaded.Deferred) != 2 || len(loaded.CRDs) != 2 {
		t.Fatalf("%+v", loaded)
	}
	for i, name := range []string{"a.yaml", "b.yaml"} {
		if d, crd := loaded.Deferred[i], loaded.CRDs[i]; d.Source.File != name || crd.Source.File != name {
			t.Errorf("CRDs %d from %s and %s, want %s", i, d.Source.File, crd.Source.File, name)
		}
	}
}

// TestCombine: the same definition from both places serves once; a
// different one is a conflict naming both places, unless the given one
// is preferred.
func TestCombine(t *testing.T) {
	given := schema.LoadBytesDeferred("given.yaml", []byte(crdText(t)))
	same := read(t, "same.yaml", "# from helm\n"+crdText(t))
	other := read(t, "other.yaml", strings.Replace(crdText(t), "minimum: 1", "minimum: 2", 1))

	if got := Combine(given, same, false); len(got.Problems) != 0 || len(got.Deferred) != 1 || got.Deferred[0].Source.File != "given.yaml" {
		t.Fatalf("same: %+v", got)
	}
	got := Combine(given, other, false)
	var conflict *ConflictError
	if len(got.Problems) != 1 || !errors.As(got.Problems[0].Err, &conflict) || !conflict.Given ||
		!strings.Contains(got.Problems[0].Error(), "other.yaml:1") || !strings.Contains(got.Problems[0].Error(), "given.yaml:1") {
		t.Fatalf("other: %+v", got.Problems)
	}
	if got := Combine(given, other, true); len(got.Problems) != 0 || len(got.Deferred) != 1 || got.Deferred[0].Source.File != "given.yaml" {
		t.Fatalf("prefer given: %+v", got)
	}
	twice := read(t, "twice.yaml", crdText(t)+"---\n"+strings.Replace(crdText(t), "minimum: 1", "minimum: 2", 1))
	got = Combine(&schema.Loaded{}, twice, true)
	if len(got.Problems) != 1 || !errors.As(got.Problems[0].Err, &conflict) || conflict.Given {
		t.Fatalf("twice among the objects: %+v", got.Problems)
	}
	if got := Combine(&schema.Loaded{}, same, false); len(got.Deferred) != 1 || got.Deferred[0].Source.File != "same.yaml" {
		t.Fatalf("input alone: %+v", got)
	}
}

// BenchmarkMayHoldCRDSmallFile: the check `kval validate` makes of every
// input file before its run, on a typical one-object file.
func BenchmarkMayHoldCRDSmallFile(b *testing.B) {
	text := []byte(strings.Repeat("apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\n", 20))
	b.ReportAllocs()
	for b.Loop() {
		if found, err := MayHoldCRD(bytes.NewReader(text)); found || err != nil {
			b.Fatal(found, err)
		}
	}
}
