package tags

import (
	"reflect"
	"testing"
)

func TestExtractFindsTagLinesWithPositions(t *testing.T) {
	lines := []Line{
		{Text: "Replicas is the number of pods.", Pos: Pos{File: "a.go", Line: 3, Column: 4}},
		{Text: "+k8s:optional", Pos: Pos{File: "a.go", Line: 4, Column: 4}},
		{Text: "  +k8s:minimum=0 # non-negative", Pos: Pos{File: "a.go", Line: 5, Column: 4}},
		{Text: "+optional", Pos: Pos{File: "a.go", Line: 6, Column: 4}},
		{Text: "+ not a tag", Pos: Pos{File: "a.go", Line: 7, Column: 4}},
		{Text: "+k8s:minimum=1", Pos: Pos{File: "a.go", Line: 8, Column: 4}},
	}
	got := Extract(lines, "k8s:")
	want := []Found{
		{Name: "k8s:optional", Text: "k8s:optional", Pos: Pos{File: "a.go", Line: 4, Column: 4}},
		{Name: "k8s:minimum", Text: "k8s:minimum=0 # non-negative", Pos: Pos{File: "a.go", Line: 5, Column: 6}},
		{Name: "k8s:minimum", Text: "k8s:minimum=1", Pos: Pos{File: "a.go", Line: 8, Column: 4}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Extract(k8s:)\n got %+v\nwant %+v", got, want)
	}
	if all := Extract(lines, ""); len(all) != 4 || all[2].Name != "optional" {
		t.Errorf("Extract(\"\") = %+v", all)
	}
}

func TestExtractedTagsParseWithTheirPosition(t *testing.T) {
	found := Extract([]Line{{Text: "+k8s:maxItems=10", Pos: Pos{File: "b.go", Line: 9, Column: 5}}}, "k8s:")
	tag, err := ParseFound(found[0])
	if err != nil {
		t.Fatal(err)
	}
	if tag.Pos.String() != "b.go:9:5" || tag.Value != "10" {
		t.Errorf("got %+v", tag)
	}
}
