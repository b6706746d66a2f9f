package play

import (
	"context"
	"os"
	"slices"
	"testing"
)

// exampleInput reads an example's files from the module.
func exampleInput(t *testing.T, ex Example) Input {
	t.Helper()
	read := func(path string) string {
		if path == "" {
			return ""
		}
		data, err := os.ReadFile("../" + path)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	return Input{CRD: read(ex.CRD), Old: read(ex.Old), New: read(ex.New)}
}

func TestGalleryExamplesGiveTheirVerdicts(t *testing.T) {
	ids := map[string]bool{}
	for _, ex := range Gallery {
		t.Run(ex.ID, func(t *testing.T) {
			if ids[ex.ID] {
				t.Fatalf("two examples are %q", ex.ID)
			}
			ids[ex.ID] = true
			p, in := New(), exampleInput(t, ex)
			out := p.Evaluate(context.Background(), in)
			if report := p.Inspect(context.Background(), in.CRD); len(out.Problems) > 0 || !report.Lint.Valid {
				t.Fatalf("problems %+v, lint %+v", out.Problems, report.Lint.Errors)
			}
			var fields []string
			for _, e := range out.Errors {
				fields = append(fields, e.Field)
			}
			if out.Verdict != ex.Verdict || !slices.Equal(fields, ex.Fields) {
				t.Errorf("verdict %s, fields %q; want %s, %q\n%s", out.Verdict, fields, ex.Verdict, ex.Fields, out.Message)
			}
		})
	}
}
