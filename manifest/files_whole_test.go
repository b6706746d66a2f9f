package manifest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFileWholeAsStream: a file larger than the stream's buffer, read
// in one buffer (newFileReader), is cut into the documents, sources and
// errors a stream of it gives: separators, comments, a document over
// MaxDocumentBytes and a last line without a newline.
func TestReadFileWholeAsStream(t *testing.T) {
	big := "kind: A\ndata:\n" + strings.Repeat("  k: "+strings.Repeat("x", 70)+"\n", 3000)
	huge := "kind: B\nv: " + strings.Repeat("y", MaxDocumentBytes+10) + "\n"
	text := "# head\n" + big + "---\nkind: C\n--- # note\n" + huge + "---\n" + big + "---\nkind: D\nlast: no newline"
	path := filepath.Join(t.TempDir(), "crds.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got, gotErrs := ReadFileRaw(path)
	want, wantErrs := ReadAllRaw(path, bytes.NewReader([]byte(text)))
	if len(got) != len(want) || len(got) != 4 || len(gotErrs) != len(wantErrs) || len(gotErrs) != 1 {
		t.Fatalf("%d documents and %d errors, a stream %d and %d", len(got), len(gotErrs), len(want), len(wantErrs))
	}
	for i := range got {
		if got[i].Source != want[i].Source || !bytes.Equal(got[i].Text(), want[i].Text()) {
			t.Errorf("document %d: %v %d bytes, a stream's %v %d bytes", i, got[i].Source, len(got[i].Text()), want[i].Source, len(want[i].Text()))
		}
	}
	if gotErrs[0].Error() != wantErrs[0].Error() {
		t.Errorf("error %q, a stream's %q", gotErrs[0], wantErrs[0])
	}
}
