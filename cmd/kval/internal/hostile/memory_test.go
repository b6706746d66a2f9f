package hostile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Item 3: memory is bounded by the documented limits whatever the input.
// The budget is 200 MB of peak resident memory (the acceptance criteria);
// each case asserts a bound well below it.

// newlineFree is n bytes of 'x' with no newline.
type newlineFree struct{ n int64 }

func (r *newlineFree) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.n)]
	for i := range p {
		p[i] = 'x'
	}
	r.n -= int64(len(p))
	return len(p), nil
}

// TestANewlineFreeGigabyteOnStdin is dropped piece by piece once the
// document cannot hold it (it was read whole: 1.98 GB of RSS).
func TestANewlineFreeGigabyteOnStdin(t *testing.T) {
	for name, head := range map[string]string{"yaml": "a: ", "json": `{"a": "`} {
		t.Run(name, func(t *testing.T) {
			check(t, run{args: []string{"validate", "--crd", crd(), "-"}, stdin: io.MultiReader(strings.NewReader(head), &newlineFree{n: 1 << 30})}, expect{
				code: 1, onceOut: "document is larger than", within: 30 * time.Second, maxRSSMB: 100,
			})
		})
	}
}

// deepObject is a Database whose spec.parameters (which keeps unknown
// fields) nests depth levels, a little under kube-apiserver's 10,000.
func deepObject(depth int) string {
	return `{"apiVersion": "example.kval.dev/v1", "kind": "Database", "metadata": {"name": "deep", "namespace": "ns"},` +
		`"spec": {"engine": "postgres", "version": "16", "primaryZone": "z1", "parameters": {"x": ` +
		strings.Repeat(`{"a":`, depth) + "1" + strings.Repeat("}", depth) + "}}}"
}

// TestATenThousandDeepObjectIsPrintedLinearly: the output of an object
// 10,000 levels deep (60 KB) is about its size (it was 200 MB, with 778 MB
// of RSS, indentation growing with the square of the depth).
func TestATenThousandDeepObjectIsPrintedLinearly(t *testing.T) {
	deep := file(t, "deep.json", deepObject(9990))
	for _, args := range [][]string{
		{"validate", "--crd", crd(), "-o", "json", "--show-object", deep},
		{"validate", "--crd", crd(), "-o", "yaml", "--show-object", deep},
		{"prune", "--crd", crd(), deep},
		{"prune", "--crd", crd(), "-o", "json", deep},
	} {
		check(t, run{args: args}, expect{
			code: 0, stdout: []string{`{"a":{"a":{"a":`}, within: 20 * time.Second, maxRSSMB: 120, maxOut: 200 << 10,
		})
	}
	check(t, run{args: []string{"validate", "--crd", crd(), "-o", "json", file(t, "deeper.json", deepObject(10000))}}, expect{
		code: 1, stdout: []string{`"rejected": "nesting is deeper than 10000 levels"`}, within: 20 * time.Second, maxRSSMB: 120,
	})
}

// smallObjects writes a stream of small objects of about size bytes.
func smallObjects(t *testing.T, name string, size int64) string {
	t.Helper()
	path := filepath.Join(dirOf(t), name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var written int64
	for i := 0; written < size; i++ {
		n, _ := io.WriteString(w, "---\n"+object(fmt.Sprintf("db-%d", i)))
		written += int64(n)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// streamSize is the size of the streams of small objects: 200 MB with
// KVAL_HOSTILE_FULL (minutes), 20 MB otherwise.
func streamSize() (int64, time.Duration) {
	if full() {
		return 200 << 20, 10 * time.Minute
	}
	return 20 << 20, 60 * time.Second
}

// TestAStreamOfSmallObjects is validated in bounded memory: documents are
// read, validated and printed a few at a time.
func TestAStreamOfSmallObjects(t *testing.T) {
	size, within := streamSize()
	stream := smallObjects(t, "stream.yaml", size)
	check(t, run{args: []string{"validate", "--crd", crd(), "-o", "json", stream}}, expect{
		code: 0, stdout: []string{`"name": "db-0"`}, within: within, maxRSSMB: 130, // 26 MB of it kube-apiserver's API groups, registered at start (docs/builtins.md)
	})
}

// TestALargeOldFile is indexed compactly (it kept 5.8 KB an object and did
// not finish in 2 minutes on 200 MB).
func TestALargeOldFile(t *testing.T) {
	size, within := streamSize()
	old := smallObjects(t, "old.yaml", size)
	update := file(t, "update.yaml", strings.Replace(object("db-7"), "postgres", "mysql", 1))
	check(t, run{args: []string{"validate", "--crd", crd(), "--old", old, update}}, expect{
		code: 1, stdout: []string{`The Database "db-7" is invalid: spec.engine: Forbidden: field is immutable`}, within: within, maxRSSMB: 150,
	})
}

// TestJobsAreCapped: -j is bounded (-j 2305843009213693952 panicked in
// makechan, -j 100000000 ran out of memory).
func TestJobsAreCapped(t *testing.T) {
	for _, jobs := range []string{"2305843009213693952", "100000000", "-1"} {
		check(t, run{args: []string{"validate", "--crd", crd(), "-j", jobs, "-"}, stdin: object("a")}, expect{
			code: 2, stderr: []string{"error: --jobs "}, within: 10 * time.Second, maxRSSMB: 100,
		})
	}
}
