package cli

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"hash/maphash"
	"math"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
	"k8s.io/apimachinery/pkg/runtime"
)

// oldObjects are the current objects given with --old, indexed by
// identity. The index keeps where each object is (file, offset, List
// item), 16 bytes an object whatever its size, sorted by a 32-bit hash of
// its identity (identities that share a hash are told apart by reading
// them); an object is read again and decoded when an object to
// validate matches it (the last Lists read are kept decoded: their items
// are usually matched one after the other). Stdin is first copied to a
// temporary file, removed by close; so are the files of a --base
// revision.
type oldObjects struct {
	ctx       context.Context
	cat       *catalog.Catalog
	namespace string
	hash      func(key string) uint32
	records   []oldRecord
	files     []oldFile
	fileIndex map[string]int
	// diskPaths are the files to read for inputs named otherwise in
	// messages: stdin's copy, the files of the --base revision.
	diskPaths map[string]string
	temp      []string // removed by close
	lists     listCache
	// revision is --base: the objects not matched are deletions.
	revision string
	matchMu  sync.Mutex
	matched  []bool // by record, once sorted
}

// oldFile is a file of old objects: its name in messages, where to read
// it again, and whether it is read as JSON.
type oldFile struct {
	name, path string
	json       bool
}

// oldRecord is where an old object is.
type oldRecord struct {
	hash uint32 // of the identity
	item int32
	pos  uint64 // file index << offsetBits | offset of the document
}

const offsetBits = 40 // files up to 1 TiB, 16 million of them

// objectKey identifies an object as kube-apiserver does, whatever version
// it is written in: group, kind, namespace and name (a stored v1beta2
// object is the old object of a v1beta1 manifest).
func objectKey(apiVersion, kind, namespace, name string) string {
	return groupOf(apiVersion) + "\x00" + kind + "\x00" + namespace + "\x00" + name
}

// groupOf is the group of an apiVersion: "" for the core group's "v1".
func groupOf(apiVersion string) string {
	group, _, found := strings.Cut(apiVersion, "/")
	if !found {
		return ""
	}
	return group
}

// loadOldObjects indexes the --old paths. Every old object must be
// readable, served by a CRD and unique: otherwise updates could not be
// matched.
func loadOldObjects(ctx context.Context, s streams, cat *catalog.Catalog, paths []string, namespace string) (*oldObjects, error) {
	o := newOldObjects(ctx, cat, namespace)
	return o, o.load(s, paths)
}

func newOldObjects(ctx context.Context, cat *catalog.Catalog, namespace string) *oldObjects {
	seed := maphash.MakeSeed()
	return &oldObjects{ctx: ctx, cat: cat, namespace: namespace, fileIndex: map[string]int{}, diskPaths: map[string]string{},
		hash: func(key string) uint32 { return uint32(maphash.String(seed, key)) }}
}

// load indexes the paths.
func (o *oldObjects) load(s streams, paths []string) error {
	if slices.Contains(paths, manifest.Stdin) {
		if err := o.spoolStdin(&s); err != nil {
			o.close()
			return badInput("<stdin>: old objects: reading stopped: %v", err)
		}
	}
	failed := false
	report := func(err error) {
		fmt.Fprintf(s.err, "error: %v\n", err)
		failed = true
	}
	err := readInputs(s, paths, func(in inputDoc) {
		if err := o.add(in); err != nil {
			report(err)
		}
	})
	return o.finishLoad(err, &failed, report)
}

// finishLoad sorts the index unless loading failed, and cleans up if it did.
func (o *oldObjects) finishLoad(err error, failed *bool, report func(error)) error {
	if err == nil {
		o.sort(report)
	}
	if err == nil && *failed {
		err = &exitError{code: ExitBadInput}
	}
	if err != nil {
		o.close()
	}
	return err
}

// spoolStdin copies stdin to a temporary file, which s then opens for "-".
func (o *oldObjects) spoolStdin(s *streams) error {
	path, err := spoolStdin(s, nil)
	if path != "" {
		o.temp = append(o.temp, path)
		o.diskPaths[stdinName] = path
	}
	return err
}

// close removes the copy of stdin and the files of the --base revision.
func (o *oldObjects) close() {
	for _, path := range o.temp {
		temps.remove(path)
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
	rec, err := o.record(in)
	if err != nil {
		return fmt.Errorf("%s: old object: %v", r.source(), err)
	}
	rec.hash = o.hash(key)
	o.records = append(o.records, rec)
	return nil
}

// identity is the key of an old object: group, kind, namespace (as
// kubectl defaults it) and name.
func (o *oldObjects) identity(doc manifest.Document) (string, error) {
	r := newObjectResult(doc)
	v, err := o.cat.ForObject(o.ctx, r.APIVersion, r.Kind)
	if err != nil {
		return "", err
	}
	return objectKey(r.APIVersion, r.Kind, defaultNamespace(v, doc.Object, o.namespace), r.Name), nil
}

func (o *oldObjects) record(in inputDoc) (oldRecord, error) {
	src := in.doc.Source
	i, known := o.fileIndex[src.File]
	if !known {
		path := src.File
		if disk, ok := o.diskPaths[src.File]; ok {
			path = disk
		}
		i = len(o.files)
		o.files = append(o.files, oldFile{name: src.File, path: path, json: in.json})
		o.fileIndex[src.File] = i
	}
	if src.Offset >= 1<<offsetBits || i >= 1<<(64-offsetBits) || src.Item > math.MaxInt32 {
		return oldRecord{}, fmt.Errorf("too far into the input to be indexed (1 TiB)")
	}
	return oldRecord{pos: uint64(i)<<offsetBits | uint64(src.Offset), item: int32(src.Item)}, nil
}

// sort orders the index by hash and reports the identities given twice.
func (o *oldObjects) sort(report func(error)) {
	slices.SortStableFunc(o.records, func(a, b oldRecord) int { return cmp.Compare(a.hash, b.hash) })
	o.matched = make([]bool, len(o.records))
	var dups []duplicate
	for i := 0; i < len(o.records); {
		j := i + 1
		for j < len(o.records) && o.records[j].hash == o.records[i].hash {
			j++
		}
		if j > i+1 {
			dups = append(dups, o.duplicates(o.records[i:j], report)...)
		}
		i = j
	}
	if len(dups) > 0 {
		o.reportDuplicates(dups, report)
	}
}

// duplicate is an old object whose identity an earlier one has.
type duplicate struct {
	rec, first oldRecord
	subject    string
}

// duplicates finds, among records of one hash, those of an identity an
// earlier one has (records of different identities may share a hash).
func (o *oldObjects) duplicates(records []oldRecord, report func(error)) []duplicate {
	var dups []duplicate
	first := map[string]oldRecord{}
	for _, rec := range records {
		doc, err := o.read(rec)
		var key string
		if err == nil {
			key, err = o.identity(doc)
		}
		if err != nil {
			report(err)
			continue
		}
		if earlier, dup := first[key]; dup {
			r := newObjectResult(doc)
			dups = append(dups, duplicate{rec: rec, first: earlier, subject: r.subject()})
			continue
		}
		first[key] = rec
	}
	return dups
}

// reportDuplicates names each duplicate and the first object of its
// identity by file and line (the index keeps no lines: they are counted).
func (o *oldObjects) reportDuplicates(dups []duplicate, report func(error)) {
	var positions []uint64
	for _, d := range dups {
		positions = append(positions, d.rec.pos, d.first.pos)
	}
	lines, err := o.lines(positions)
	if err != nil {
		report(err)
		return
	}
	source := func(rec oldRecord) manifest.Source {
		src := o.source(rec)
		src.Line = lines[rec.pos]
		return src
	}
	for _, d := range dups {
		report(fmt.Errorf("%s: old object %s is given twice, first at %s", source(d.rec), d.subject, source(d.first)))
	}
}

// lines finds the line of each position, reading each file once.
func (o *oldObjects) lines(positions []uint64) (map[uint64]int, error) {
	slices.Sort(positions)
	lines := map[uint64]int{}
	for i := 0; i < len(positions); {
		file := positions[i] >> offsetBits
		j := i
		for j < len(positions) && positions[j]>>offsetBits == file {
			j++
		}
		if err := o.countLines(o.files[file].path, positions[i:j], lines); err != nil {
			return nil, err
		}
		i = j
	}
	return lines, nil
}

// countLines records the line of each of the sorted positions of a file.
func (o *oldObjects) countLines(path string, positions []uint64, lines map[uint64]int) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	in := bufio.NewReader(f)
	line, offset := 1, uint64(0)
	for _, pos := range positions {
		for target := pos & (1<<offsetBits - 1); offset < target; offset++ {
			c, err := in.ReadByte()
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if c == '\n' {
				line++
			}
		}
		lines[pos] = line
	}
	return nil
}

// find returns the old object with this identity, nil when there is none.
func (o *oldObjects) find(apiVersion, kind, namespace, name string) (map[string]any, error) {
	key := objectKey(apiVersion, kind, namespace, name)
	h := o.hash(key)
	i, _ := slices.BinarySearchFunc(o.records, h, func(r oldRecord, h uint32) int { return cmp.Compare(r.hash, h) })
	for ; i < len(o.records) && o.records[i].hash == h; i++ {
		doc, err := o.read(o.records[i])
		if err != nil {
			return nil, err
		}
		if k, err := o.identity(doc); err != nil || k == key {
			o.match(i)
			return doc.Object, err
		}
	}
	return nil, nil
}

// match records that an object to validate matched the record i.
func (o *oldObjects) match(i int) {
	o.matchMu.Lock()
	o.matched[i] = true
	o.matchMu.Unlock()
}

func (o *oldObjects) source(rec oldRecord) manifest.Source {
	f := o.files[rec.pos>>offsetBits]
	return manifest.Source{File: f.name, Item: int(rec.item), Offset: int64(rec.pos & (1<<offsetBits - 1))}
}

// read reads an old object again from its file: a copy of its own.
func (o *oldObjects) read(rec oldRecord) (manifest.Document, error) {
	docs, err := o.lists.get(rec.pos, rec.item >= 0, func() ([]manifest.Document, error) {
		f := o.files[rec.pos>>offsetBits]
		file, err := os.Open(f.path)
		if err != nil {
			return nil, err
		}
		defer file.Close()
		return manifest.ReadAt(file, o.source(rec), f.json)
	})
	if err != nil {
		return manifest.Document{}, err
	}
	for _, doc := range docs {
		if doc.Source.Item == int(rec.item) {
			doc.Object = runtime.DeepCopyJSON(doc.Object)
			return doc, nil
		}
	}
	return manifest.Document{}, fmt.Errorf("%s: no document there any more (did the file change?)", o.source(rec))
}

// listCache keeps the last Lists read again, decoded.
type listCache struct {
	mu    sync.Mutex
	lists []cachedList // the most recent first
}

type cachedList struct {
	pos  uint64
	docs []manifest.Document
}

const cachedLists = 2

// get returns the documents at pos: those of a List from the cache, or
// read; others read.
func (c *listCache) get(pos uint64, isList bool, read func() ([]manifest.Document, error)) ([]manifest.Document, error) {
	if !isList {
		return read()
	}
	c.mu.Lock()
	for i, l := range c.lists {
		if l.pos == pos {
			copy(c.lists[1:i+1], c.lists[:i])
			c.lists[0] = l
			c.mu.Unlock()
			return l.docs, nil
		}
	}
	c.mu.Unlock()
	docs, err := read()
	if err == nil {
		c.mu.Lock()
		c.lists = append([]cachedList{{pos: pos, docs: docs}}, c.lists[:min(len(c.lists), cachedLists-1)]...)
		c.mu.Unlock()
	}
	return docs, err
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
