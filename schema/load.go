package schema

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
)

// Loaded is what LoadFiles read: CRDs, bare schemas, and the problems of the
// documents that could not be used.
type Loaded struct {
	CRDs    []*CRD
	Schemas []*BareSchema
	// Deferred are the CRDs LoadFilesDeferred read but did not decode.
	Deferred []*DeferredCRD
	Problems []Problem
}

// BareSchema is an OpenAPI v3 schema document that is not wrapped in a CRD.
type BareSchema struct {
	Source manifest.Source
	Schema *Schema
}

// Problem is an error or a warning about one document (or file).
type Problem struct {
	Source manifest.Source
	// Object names the document, e.g. `CustomResourceDefinition "foos.example.com"`; empty if unknown.
	Object string
	// Err is a problem reading the document; Errors are problems with its fields.
	Err    error
	Errors field.ErrorList
	// Warning marks a document that was skipped on purpose, not an error.
	Warning bool
}

func (p Problem) Error() string {
	prefix := p.Source.String()
	if p.Object != "" {
		prefix += ": " + p.Object
	}
	if p.Err != nil {
		if p.Object == "" {
			return p.Err.Error() // a manifest error already names its source
		}
		return prefix + ": " + p.Err.Error()
	}
	msgs := make([]string, len(p.Errors))
	for i, e := range p.Errors {
		msgs[i] = e.Error()
	}
	return prefix + ": " + strings.Join(msgs, "; ")
}

// LoadFiles reads CRDs and bare schemas from files and directories (see
// manifest.ExpandPaths); a directory with a kustomization (a kubebuilder
// project's config/crd) stands for the resources it lists (see
// KustomizedPaths). A document of another kind is skipped with a
// warning; a file given by name that holds neither a CRD nor a schema is an error,
// and so is a subdirectory that cannot be read (the others are still read).
func LoadFiles(paths []string) *Loaded {
	return loadFiles(paths, false)
}

// LoadFilesDeferred is LoadFiles that leaves undecoded the CRDs whose
// identity ScanCRDIdentity reads (Loaded.Deferred), for a caller that
// needs only some: their problems show only when they are decoded.
func LoadFilesDeferred(paths []string) *Loaded {
	return loadFiles(paths, true)
}

func loadFiles(paths []string, deferCRDs bool) *Loaded {
	l := &Loaded{}
	paths, l.Problems = KustomizedPaths(paths)
	files, skipped, err := manifest.ExpandPathsSkipping(paths)
	for _, f := range skipped {
		l.Problems = append(l.Problems, Problem{Source: manifest.Source{File: f.Path, Item: -1}, Warning: true, Err: errors.New(f.String())})
	}
	var unreadable *manifest.UnreadableError
	switch {
	case errors.As(err, &unreadable):
		for _, e := range unreadable.Dirs {
			l.Problems = append(l.Problems, Problem{Err: e, Source: manifest.Source{Item: -1}})
		}
	case err != nil:
		l.Problems = append(l.Problems, Problem{Err: err, Source: manifest.Source{Item: -1}})
		return l
	}
	named := map[string]bool{}
	for _, p := range paths {
		named[p] = true
	}
	for i, read := range readFiles(files, deferCRDs) {
		file := files[i]
		before := l.count()
		l.addAll(file, read.docs, read.errs)
		l.Deferred = append(l.Deferred, read.deferred...)
		if named[file] && len(read.errs) == 0 && l.count() == before {
			l.Problems = append(l.Problems, Problem{Source: manifest.Source{File: file, Item: -1},
				Err: fmt.Errorf("%s: no CustomResourceDefinition or schema in file", file)})
		}
	}
	return l
}

// count is the number of CRDs and schemas read, deferred or not.
func (l *Loaded) count() int { return len(l.CRDs) + len(l.Schemas) + len(l.Deferred) }

// readFile is what was read from one file.
type readFile struct {
	docs     []manifest.Document
	deferred []*DeferredCRD
	errs     []error
}

// readFiles reads files in parallel, one per CPU at a time: CRDs are large
// YAML documents, and parsing them is most of a short run's time. With
// deferCRDs, the CRDs whose identity can be scanned are not decoded.
func readFiles(files []string, deferCRDs bool) []readFile {
	out := make([]readFile, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Go(func() {
			for i := range next {
				if deferCRDs {
					out[i] = readDeferring(files[i])
				} else {
					out[i].docs, out[i].errs = manifest.ReadFile(files[i])
				}
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// LoadBytes is LoadFiles for YAML or JSON documents in memory; name stands
// for the file in sources and messages.
func LoadBytes(name string, data []byte) *Loaded {
	l := &Loaded{}
	docs, errs := manifest.ReadAll(name, bytes.NewReader(data))
	l.addAll(name, docs, errs)
	return l
}

// addAll adds the documents read from a file and the errors of those that
// could not be read.
func (l *Loaded) addAll(file string, docs []manifest.Document, errs []error) {
	for _, e := range errs {
		l.Problems = append(l.Problems, Problem{Source: sourceOf(e, file), Err: e})
	}
	for _, doc := range docs {
		l.Add(doc)
	}
}

func sourceOf(err error, file string) manifest.Source {
	if me, ok := err.(*manifest.Error); ok {
		return me.Source
	}
	return manifest.Source{File: file, Item: -1}
}

// Add classifies one document: a CRD, a bare schema, or something else.
func (l *Loaded) Add(doc manifest.Document) {
	kind, hasKind := doc.Object["kind"]
	_, hasAPIVersion := doc.Object["apiVersion"]
	switch {
	case IsCRD(doc.Object):
		crd, errs := DecodeCRD(doc)
		name := fmt.Sprintf("%s %q", CRDKind, crd.Name())
		if len(errs) > 0 {
			l.Problems = append(l.Problems, Problem{Source: doc.Source, Object: name, Errors: errs})
			return
		}
		l.CRDs = append(l.CRDs, crd)
	case !hasKind && !hasAPIVersion:
		s, errs := Parse(nil, doc.Object)
		if len(errs) > 0 {
			l.Problems = append(l.Problems, Problem{Source: doc.Source, Object: "schema", Errors: errs})
			return
		}
		l.Schemas = append(l.Schemas, &BareSchema{Source: doc.Source, Schema: s})
	default:
		l.Problems = append(l.Problems, Problem{Source: doc.Source, Object: describe(doc.Object, kind),
			Err: fmt.Errorf("not a %s of %s or %s, skipped", CRDKind, CRDAPIVersionV1, CRDAPIVersionBeta), Warning: true})
	}
}

func describe(obj map[string]any, kind any) string {
	name := ""
	if meta, ok := obj["metadata"].(map[string]any); ok {
		name, _ = meta["name"].(string)
	}
	apiVersion, _ := obj["apiVersion"].(string)
	return fmt.Sprintf("%v %q (%s)", kind, name, apiVersion)
}

// Duplicates reports every CRD that defines the same group and kind as an
// earlier one: objects of that kind could not be matched to one schema.
func (l *Loaded) Duplicates() []Problem {
	var out []Problem
	first := map[string]*CRD{}
	for _, c := range l.CRDs {
		key := c.Spec.Names.Kind + "." + c.Spec.Group
		if prev, ok := first[key]; ok {
			out = append(out, Problem{Source: c.Source, Object: fmt.Sprintf("%s %q", CRDKind, c.Name()),
				Err: fmt.Errorf("defines kind %s of group %s again, first defined at %s", c.Spec.Names.Kind, c.Spec.Group, prev.Source)})
			continue
		}
		first[key] = c
	}
	return out
}

// Errors returns the problems that are not warnings.
func (l *Loaded) Errors() []Problem {
	var out []Problem
	for _, p := range l.Problems {
		if !p.Warning {
			out = append(out, p)
		}
	}
	return out
}
