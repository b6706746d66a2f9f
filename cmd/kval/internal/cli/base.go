package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/manifest"
)

// loadBaseObjects indexes, as old objects, the manifests of the same paths
// at the git revision ref (--base). Unlike --old, the base is a tree of
// manifests, not a cluster's objects: documents of kinds no CRD defines
// are left out, and documents that do not parse there are warnings (the
// change may fix them). Identities given twice are errors, as with --old:
// an update could not be matched.
func loadBaseObjects(ctx context.Context, s streams, cat *catalog.Catalog, ref string, paths []string, namespace string) (*oldObjects, error) {
	commit, err := resolveRevision(ctx, ref)
	if err != nil {
		return nil, badInput("%v", err)
	}
	files, err := listRevision(ctx, commit, paths)
	if err != nil {
		return nil, badInput("--base %s: %v", ref, err)
	}
	dir, err := os.MkdirTemp("", "kval-base-*")
	if err != nil {
		return nil, badInput("--base %s: %v", ref, err)
	}
	temps.add(dir)
	o := newOldObjects(ctx, cat, namespace)
	o.revision, o.temp = ref, []string{dir}
	if err := extractBlobs(ctx, files, dir); err != nil {
		o.close()
		return nil, badInput("--base %s: %v", ref, err)
	}
	failed := false
	report := func(err error) {
		fmt.Fprintf(s.err, "error: %v\n", err)
		failed = true
	}
	for i, f := range files {
		o.readBaseFile(s, o.baseName(f.path), filepath.Join(dir, strconv.Itoa(i)))
	}
	return o, o.finishLoad(nil, &failed, report)
}

// baseName names a file of the base revision in messages: "REF:path".
func (o *oldObjects) baseName(path string) string { return o.revision + ":" + path }

// readBaseFile indexes the objects of one file of the base revision.
func (o *oldObjects) readBaseFile(s streams, name, disk string) {
	o.diskPaths[name] = disk
	f, err := os.Open(disk)
	if err != nil {
		fmt.Fprintf(s.err, "Warning: %s: base objects not read: %v\n", name, err)
		return
	}
	defer f.Close()
	r := manifest.NewReader(name, f)
	for {
		doc, err := r.Next()
		if err == io.EOF {
			return
		}
		o.addBase(s, inputDoc{doc: doc, err: err, json: r.JSON()})
	}
}

// addBase indexes one base object, or says why it is left out.
func (o *oldObjects) addBase(s streams, in inputDoc) {
	if in.err != nil {
		fmt.Fprintf(s.err, "Warning: %v (in the base revision: not compared)\n", in.err)
		return
	}
	if _, err := o.identity(in.doc); err != nil {
		if notCovered := (*catalog.NotCoveredError)(nil); !errors.As(err, &notCovered) {
			fmt.Fprintf(s.err, "Warning: %s: %v (in the base revision: not compared)\n", in.doc.Source, err)
		}
		return
	}
	if err := o.add(in); err != nil {
		fmt.Fprintf(s.err, "Warning: %v\n", err)
	}
}

// deletions hands over the base objects no object to validate matched:
// the change deletes them. They are read again for their names and lines.
func (o *oldObjects) deletions(emit func(objectResult)) error {
	var unmatched []oldRecord
	var positions []uint64
	for i, rec := range o.records {
		if !o.matched[i] {
			unmatched = append(unmatched, rec)
			positions = append(positions, rec.pos)
		}
	}
	lines, err := o.lines(positions)
	if err != nil {
		return fmt.Errorf("--base %s: %v", o.revision, err)
	}
	slices.SortFunc(unmatched, func(a, b oldRecord) int { return cmp.Compare(a.pos, b.pos) })
	for _, rec := range unmatched {
		doc, err := o.read(rec)
		if err != nil {
			return fmt.Errorf("--base %s: %v", o.revision, err)
		}
		doc.Source.Line = lines[rec.pos]
		emit(o.deletion(doc))
	}
	return nil
}

// deletion is the result of a deleted object.
func (o *oldObjects) deletion(doc manifest.Document) objectResult {
	r := newObjectResult(doc)
	r.File = strings.TrimPrefix(r.File, o.baseName(""))
	r.Revision = o.revision
	r.Operation = deleteOperation
	if v, err := o.cat.ForObject(o.ctx, r.APIVersion, r.Kind); err == nil {
		r.Namespace = defaultNamespace(v, doc.Object, o.namespace)
	}
	return r
}
