package gen_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kval-dev/kval/gen"
	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// TestDocsFileIsCurrent keeps docs/tags.md, which the guides link, equal
// to what `kval gen --docs -o markdown` prints (go test ./gen -update
// rewrites it).
func TestDocsFileIsCurrent(t *testing.T) {
	md, err := gen.RenderDocs("markdown")
	if err != nil {
		t.Fatal(err)
	}
	compareGolden(t, "../docs/tags.md", md)
}

func TestDocsListEveryTagWithItsContract(t *testing.T) {
	docs := gen.TagDocs()
	names := validators.New(nil).Names()
	if len(docs) != len(names) {
		t.Fatalf("%d docs for %d tags", len(docs), len(names))
	}
	md, _ := gen.RenderDocs("markdown")
	for _, d := range docs {
		switch {
		case d.Description == "" || len(d.Scopes) == 0 || d.Stability == "":
			t.Errorf("+%s: incomplete doc %+v", d.Tag, d)
		case !strings.Contains(string(md), "## +"+d.Tag+"\n"):
			t.Errorf("+%s: missing from the markdown reference", d.Tag)
		case !strings.HasPrefix(d.Usage, "+"+d.Tag):
			t.Errorf("+%s: usage %q", d.Tag, d.Usage)
		}
	}
	out, err := gen.RenderDocs("json")
	if err != nil {
		t.Fatal(err)
	}
	var decoded []map[string]any
	if err := json.Unmarshal(out, &decoded); err != nil || len(decoded) != len(docs) {
		t.Errorf("json docs: %v, %d entries", err, len(decoded))
	}
	if _, err := gen.RenderDocs("html"); err == nil {
		t.Error("an unknown format must be an error")
	}
}

// TestDocExamplesParse keeps the examples in docs/tags.md well-formed:
// every tag line of an example parses, and each example uses its tag.
func TestDocExamplesParse(t *testing.T) {
	for _, d := range gen.TagDocs() {
		if d.Example == "" {
			continue
		}
		if !strings.Contains(d.Example, "+"+d.Tag) {
			t.Errorf("+%s: example does not use the tag: %s", d.Tag, d.Example)
		}
		for _, line := range strings.Split(d.Example, "\n") {
			text, ok := strings.CutPrefix(line, "// +")
			if !ok {
				continue
			}
			if _, err := tags.Parse(text, tags.Pos{}); err != nil {
				t.Errorf("+%s: example line %q: %v", d.Tag, line, err)
			}
		}
	}
}
