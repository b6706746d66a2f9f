package manifest

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// jsonFrame is an object or array being walked by numberOutOfRange.
type jsonFrame struct {
	object bool
	key    string // the last key read, in an object
	index  int    // the index of the last value, in an array
	path   string
}

// numberOutOfRange finds the first number of a JSON document that no
// float64 holds (1e400): its field path and the offset where it ends.
func numberOutOfRange(raw []byte) (path string, offset int64, found bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var stack []*jsonFrame
	wantKey := false
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", 0, false
		}
		top := topFrame(stack)
		if s, isString := tok.(string); isString && wantKey {
			top.key, wantKey = s, false
			continue
		}
		if d, isDelim := tok.(json.Delim); isDelim && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			wantKey = isObject(topFrame(stack))
			continue
		}
		here := valuePath(top)
		switch t := tok.(type) {
		case json.Delim:
			stack = append(stack, &jsonFrame{object: t == '{', index: -1, path: here})
			wantKey = t == '{'
			continue
		case json.Number:
			if _, err := strconv.ParseFloat(string(t), 64); err != nil {
				return here, dec.InputOffset(), true
			}
		}
		wantKey = isObject(top)
	}
}

func isObject(f *jsonFrame) bool { return f != nil && f.object }

func topFrame(stack []*jsonFrame) *jsonFrame {
	if len(stack) == 0 {
		return nil
	}
	return stack[len(stack)-1]
}

// valuePath is the path of the value that comes next in frame f.
func valuePath(f *jsonFrame) string {
	switch {
	case f == nil:
		return ""
	case f.object:
		return joinPath(f.path, f.key)
	}
	f.index++
	return f.path + "[" + strconv.Itoa(f.index) + "]"
}
