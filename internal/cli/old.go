package cli

import (
	"context"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"slices"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
)

// oldObjects are the current objects given with --old, indexed by
// identity. The index keeps where each object is (file, offset, List
// item), not the object: it is read again and decoded when an object to
// validate matches it. An entry takes a few dozen bytes whatever the
// object's size, so a large --old file does not fill memory. Stdin is
// first copied to a temporary file, removed by close.
type oldObjects struct {
	ctx       context.Context
	cat       *catalog.Catalog
	namespace string
	seed      maphash.Seed
	byHash    map[uint64]oldEntry
	byKey     map[string]oldEntry // identities whose hash another identity has
	files     []oldFile
	fileIndex map[string]int
	spool     string
}

// oldFile is a file of old objects: its name in messages, where to read
// it again, and whether it is read as JSON.
type oldFile struct {
	name, path string
	json       bool
}

// oldEntry is where an old object is.
type oldEntry struct {
	offset int64
	line   int
	file   int32
	item   int32
}

func objectKey(apiVersion, kind, namespace, name string) string {
	return apiVersion + "\x00" + kind + "\x00" + namespace + "\x00" + name
}

// loadOldObjects indexes the --old paths. Every old object must be
// readable, served by a CRD and unique: otherwise updates could not be
// matched.
func loadOldObjects(ctx context.Context, s streams, cat *catalog.Catalog, paths []string, namespace string) (*oldObjects, error) {
	o := &oldObjects{ctx: ctx, cat: cat, namespace: namespace, seed: maphash.MakeSeed(),
		byHash: map[uint64]oldEntry{}, byKey: map[string]oldEntry{}, fileIndex: map[string]int{}}
	if slices.Contains(paths, manifest.Stdin) {
		if err := o.spoolStdin(&s); err != nil {
			o.close()
			return nil, badInput("<stdin>: old objects: reading stopped: %v", err)
		}
	}
	failed := false
	err := readInputs(s, paths, func(in inputDoc) {
		if err := o.add(in); err != nil {
			fmt.Fprintf(s.err, "error: %v\n", err)
			failed = true
		}
	})
	if err == nil && failed {
		err = &exitError{code: ExitBadInput}
	}
	if err != nil {
		o.close()
		return nil, err
	}
	return o, nil
}

// spoolStdin copies stdin to a temporary file, which s then opens for "-".
func (o *oldObjects) spoolStdin(s *streams) error {
	f, err := os.CreateTemp("", "kval-old-stdin-*")
	if err != nil {
		return err
	}
	o.spool = f.Name()
	// Plain reads and writes: a read error is then named as a read of stdin.
	_, err = io.Copy(struct{ io.Writer }{f}, struct{ io.Reader }{s.in})
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	s.stdinFile = o.spool
	return err
}

// close removes the copy of stdin.
func (o *oldObjects) close() {
	if o.spool != "" {
		os.Remove(o.spool)
	}
}

// add indexes one old object; the error is its message.
func (o *oldObjects) add(in inputDoc) error {
	r := newObjectResult(in.doc)
	if in.err != nil {
		return fmt.Errorf("%s: old object: %v", r.source(), withoutSource(in.err))
	}
	key, err := o.identity(in.doc)
	if err != nil {
		return fmt.Errorf("%s: old object: %v", r.source(), err)
	}
	first, _, found, err := o.lookup(key)
	switch {
	case err != nil:
		return fmt.Errorf("%s: old object: %v", r.source(), err)
	case found:
		return fmt.Errorf("%s: old object %s is given twice, first at %s", r.source(), r.subject(), o.source(first))
	}
	o.put(key, o.entry(in))
	return nil
}

// identity is the key of an old object: apiVersion, kind, namespace (as
// kubectl defaults it) and name.
func (o *oldObjects) identity(doc manifest.Document) (string, error) {
	r := newObjectResult(doc)
	v, err := o.cat.ForObject(o.ctx, r.APIVersion, r.Kind)
	if err != nil {
		return "", err
	}
	return objectKey(r.APIVersion, r.Kind, defaultNamespace(v, doc.Object, o.namespace), r.Name), nil
}

func (o *oldObjects) entry(in inputDoc) oldEntry {
	src := in.doc.Source
	i, known := o.fileIndex[src.File]
	if !known {
		path := src.File
		if src.File == stdinName {
			path = o.spool
		}
		i = len(o.files)
		o.files = append(o.files, oldFile{name: src.File, path: path, json: in.json})
		o.fileIndex[src.File] = i
	}
	return oldEntry{offset: src.Offset, line: src.Line, file: int32(i), item: int32(src.Item)}
}

func (o *oldObjects) put(key string, e oldEntry) {
	h := maphash.String(o.seed, key)
	if _, taken := o.byHash[h]; taken {
		o.byKey[key] = e
		return
	}
	o.byHash[h] = e
}

// lookup finds the old object of an identity and reads it again.
func (o *oldObjects) lookup(key string) (oldEntry, map[string]any, bool, error) {
	e, ok := o.byKey[key]
	if !ok {
		if e, ok = o.byHash[maphash.String(o.seed, key)]; !ok {
			return oldEntry{}, nil, false, nil
		}
	}
	doc, err := o.read(e)
	if err != nil {
		return e, nil, false, err
	}
	if k, err := o.identity(doc); err != nil || k != key {
		return e, nil, false, err // another identity with the same hash
	}
	return e, doc.Object, true, nil
}

// find returns the old object with this identity, nil when there is none.
func (o *oldObjects) find(apiVersion, kind, namespace, name string) (map[string]any, error) {
	_, obj, _, err := o.lookup(objectKey(apiVersion, kind, namespace, name))
	return obj, err
}

func (o *oldObjects) source(e oldEntry) manifest.Source {
	return manifest.Source{File: o.files[e.file].name, Line: e.line, Item: int(e.item), Offset: e.offset}
}

// read reads an old object again from its file.
func (o *oldObjects) read(e oldEntry) (manifest.Document, error) {
	f := o.files[e.file]
	file, err := os.Open(f.path)
	if err != nil {
		return manifest.Document{}, err
	}
	defer file.Close()
	return manifest.ReadAt(file, o.source(e), f.json)
}

// defaultNamespace sets the namespace of a namespaced object that has none,
// as kubectl sends it, and returns the object's namespace.
// Cluster-scoped objects have no namespace (kube-apiserver drops it).
func defaultNamespace(v *engine.Validator, obj map[string]any, namespace string) string {
	if !v.CRD().Namespaced() {
		return ""
	}
	raw, found := obj["metadata"]
	meta, isMap := raw.(map[string]any)
	if found && !isMap {
		return "" // malformed metadata is reported when the object is decoded
	}
	current, _ := meta["namespace"].(string)
	if current == "" && namespace != "" {
		if meta == nil {
			meta = map[string]any{}
			obj["metadata"] = meta
		}
		meta["namespace"] = namespace
		current = namespace
	}
	return current
}
