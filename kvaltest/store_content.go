package kvaltest

import "github.com/kval-dev/kval/internal/jsonvalue"

// kvaltest keeps objects as kube-apiserver returns them when it reads them
// back, with their schema's defaults applied again. etcd keeps them without
// those defaults: a status the create strategy dropped is absent there, and
// the first update, which keeps the old (defaulted) status, writes it, a
// change of what etcd holds, so a new resourceVersion. To tell such a write
// from one that changes nothing, the store keeps beside each object written
// through the engine its content as etcd holds it, and the resourceVersion
// it has it at.

// storedContent is an object's content (all but metadata) as etcd holds it.
type storedContent struct {
	resourceVersion any
	content         map[string]any
}

// keepContent records the content of stored, the object as etcd holds it,
// for the object at k with resourceVersion rv. Called with the store locked.
func (s *store) keepContent(k key, rv any, stored map[string]any) {
	if s.contents == nil {
		s.contents = map[key]storedContent{}
	}
	if stored == nil {
		delete(s.contents, k)
		return
	}
	s.contents[k] = storedContent{resourceVersion: rv, content: withoutMetadata(stored)}
}

// sameContent reports whether stored, a write's object as etcd would hold
// it, has the content etcd holds for the object at k, whose current
// resourceVersion is rv. Without a record it has no answer (ok false).
func (s *store) sameContent(k key, rv any, stored map[string]any) (same, ok bool) {
	c, found := s.contents[k]
	if !found || stored == nil || c.resourceVersion != rv {
		return false, false
	}
	return jsonvalue.Equal(withoutMetadata(stored), c.content), true
}

func withoutMetadata(obj map[string]any) map[string]any {
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		if k != "metadata" && k != "apiVersion" {
			out[k] = v
		}
	}
	return out
}
