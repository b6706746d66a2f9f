package kubeapis

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// caseError is one error as the driver prints it.
type caseError struct {
	typ, path, detail, origin, value, level string
}

func compareErrors(a, b caseError) int {
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}

func parseErrors(s string) []caseError {
	if s == "" {
		return nil
	}
	var out []caseError
	for _, e := range strings.Split(s, "\x1e") {
		f := strings.Split(e, "\x1f")
		for len(f) < 6 {
			f = append(f, "")
		}
		out = append(out, caseError{f[0], f[1], f[2], f[3], f[4], f[5]})
	}
	return out
}

// tally counts a comparison.
type tally struct {
	cases, errors, mapOrder int
	differences             []string
	byFunction              map[string]bool
}

// runDriver builds and runs a tree's driver, writing its output to a file.
// -trimpath lets both trees share the build cache for the packages they
// hold alike (k8s.io/api, k8s.io/apimachinery).
func runDriver(t *testing.T, tree, out string, args ...string) {
	t.Helper()
	bin := out + ".bin"
	build := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/driver")
	build.Dir = tree
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the driver in %s: %v\n%s", tree, err, msg)
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	run := exec.Command(bin, args...)
	run.Stdout, run.Stderr = f, os.Stderr
	if err := run.Run(); err != nil {
		t.Fatalf("running the driver of %s: %v", tree, err)
	}
}

// compareOutputs reads both outputs line by line.
func compareOutputs(t *testing.T, upFile, kvFile string) *tally {
	t.Helper()
	up, kv := openLines(t, upFile), openLines(t, kvFile)
	tl := &tally{byFunction: map[string]bool{}}
	for up.Scan() {
		if !kv.Scan() {
			t.Fatalf("kval's driver printed fewer cases")
		}
		tl.add(up.Text(), kv.Text())
	}
	if kv.Scan() {
		t.Fatalf("kval's driver printed more cases")
	}
	return tl
}

func openLines(t *testing.T, file string) *bufio.Scanner {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	s := bufio.NewScanner(f)
	s.Buffer(make([]byte, 1<<20), 1<<26)
	return s
}

// add compares one case.
func (tl *tally) add(upLine, kvLine string) {
	upKey, upErrs, _ := strings.Cut(upLine, "\t")
	_, kvErrs, _ := strings.Cut(kvLine, "\t")
	tl.cases++
	tl.byFunction[strings.Split(upKey, "#")[0]] = true
	u, k := parseErrors(after(upErrs)), parseErrors(after(kvErrs))
	tl.errors += len(u)
	switch {
	case upLine == kvLine:
	case sameButMapOrder(u, k):
		tl.mapOrder++
	default:
		tl.differences = append(tl.differences, upLine+"\n    kval: "+kvErrs)
	}
}

// after drops the call mode (direct or scheme) before the errors.
func after(s string) string {
	_, errs, _ := strings.Cut(s, "\t")
	return errs
}
