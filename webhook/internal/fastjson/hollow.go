package fastjson

// A Shape marks where, in a value, objects are decoded hollow: read for
// their syntax alone and decoded as an empty map. The webhook marks the
// field sets of its objects' managed fields (metadata.managedFields[*].
// fieldsV1), which no verdict reads: where they name every field, they
// were a fifth of the webhook's time on a review from a cluster, all of it
// maps the collector then scanned (bench/NOTES.md).
//
// An object is hollowed only when what it holds could not change an
// answer: objects alone, at most Depth levels deep, with no duplicate
// field and valid syntax, so that the empty map is what the full value
// is to every check that looks at its kind (objectmeta.IsNormalized).
// Anything else there is decoded in full, and declines as it always did.
type Shape struct {
	// Fields are the shapes of an object's fields, by name.
	Fields map[string]*Shape
	// Items is the shape of an array's items.
	Items *Shape
	// Hollow decodes an object here hollow.
	Hollow bool
	// Depth is how deep a hollowed object's objects may nest: the object
	// itself is at depth 0, the objects it holds at 1.
	Depth int
}

func (s *Shape) field(key string) *Shape {
	if s == nil {
		return nil
	}
	return s.Fields[key]
}

func (s *Shape) items() *Shape {
	if s == nil {
		return nil
	}
	return s.Items
}

// maxHollowFields is the most fields an object hollowed may have at one
// level: duplicates are found by comparing each name with those before
// it, so a larger object is decoded in full instead.
const maxHollowFields = 64

// hollow reads the object at pos as s says, at depth arrays and objects
// deep: an empty map when it holds only objects, else decoded in full
// from its first byte.
func (d *decoder) hollow(depth int, s *Shape) (any, bool) {
	start := d.pos
	if d.onlyObjects(depth, s.Depth) {
		d.hollowed++
		return map[string]any{}, true
	}
	d.pos = start
	return d.object(depth, nil)
}

// onlyObjects reads the object at pos and reports whether it is valid
// JSON that holds nothing but objects, nested levels deeper at most, each
// with distinct field names (compared as decoded, escapes and all, as the
// full decoding's map compares them).
func (d *decoder) onlyObjects(depth, levels int) bool {
	if depth > MaxDepth || levels < 0 {
		return false
	}
	d.pos++ // {
	names := len(d.names)
	defer func() { d.names = d.names[:names] }()
	d.skipSpace()
	if d.consume('}') {
		return true
	}
	for d.objectField(depth, levels, names) {
		d.skipSpace()
		if d.consume('}') {
			return true
		}
		if !d.consume(',') {
			return false
		}
	}
	return false
}

// objectField reads a field of the object onlyObjects reads, whose names
// begin at names: a new name and an object of objects.
func (d *decoder) objectField(depth, levels, names int) bool {
	d.skipSpace()
	if d.pos >= len(d.data) || d.data[d.pos] != '"' {
		return false
	}
	key, ok := d.string()
	if !ok || !d.newName(names, key) {
		return false
	}
	d.skipSpace()
	if !d.consume(':') {
		return false
	}
	d.skipSpace()
	return d.pos < len(d.data) && d.data[d.pos] == '{' && d.onlyObjects(depth+1, levels-1)
}

// newName adds key to the names of the object whose names begin at from,
// unless it is one of them or the object has too many.
func (d *decoder) newName(from int, key string) bool {
	if len(d.names)-from >= maxHollowFields {
		return false
	}
	for _, name := range d.names[from:] {
		if name == key {
			return false
		}
	}
	d.names = append(d.names, key)
	return true
}
