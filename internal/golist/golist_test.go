package golist

import (
	"slices"
	"strings"
	"testing"
)

// TestListDescribesThePackages lists this package and reads its imports
// and files.
func TestListDescribesThePackages(t *testing.T) {
	pkgs, err := List(".", ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || pkgs[0].ImportPath != "github.com/kval-dev/kval/internal/golist" ||
		!slices.Contains(pkgs[0].Imports, "os/exec") || !slices.Contains(pkgs[0].TestImports, "testing") ||
		!slices.Contains(pkgs[0].GoFiles, "golist.go") || !slices.Contains(pkgs[0].Deps, "encoding/json") {
		t.Fatalf("listed %+v", pkgs)
	}
}

// TestListReportsGoListsError names the directory and go list's message.
func TestListReportsGoListsError(t *testing.T) {
	_, err := List(".", "./no/such/package")
	if err == nil || !strings.Contains(err.Error(), "go list in .") || !strings.Contains(err.Error(), "no/such/package") {
		t.Fatalf("error %v", err)
	}
}
