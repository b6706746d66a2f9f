package memo

import (
	"sync"
	"sync/atomic"
)

// Map memoizes a function of a key. The zero Map keeps nothing; make one
// with New. It is safe for concurrent use.
type Map[K comparable, V any] struct {
	entries sync.Map // K → *entry[V]
	count   atomic.Int64
	max     int64
	keep    func(K) bool
}

type entry[V any] struct {
	once  sync.Once
	value V
	done  bool // set once compute returned; false after a panic
}

// New returns a Map that keeps at most max entries, and only those whose
// key keep accepts (nil keeps every key).
func New[K comparable, V any](max int, keep func(K) bool) *Map[K, V] {
	return &Map[K, V]{max: int64(max), keep: keep}
}

// Get returns compute(key), computed once for the keys the Map keeps:
// callers of a key being computed wait for it. A compute that panics
// leaves the key to the next caller, which computes it again.
func (m *Map[K, V]) Get(key K, compute func(K) V) V {
	once := func() V { return compute(key) }
	if e, ok := m.entries.Load(key); ok {
		return e.(*entry[V]).get(once)
	}
	if m.count.Load() >= m.max || m.keep != nil && !m.keep(key) {
		return compute(key)
	}
	e, loaded := m.entries.LoadOrStore(key, &entry[V]{})
	if !loaded {
		m.count.Add(1)
	}
	return e.(*entry[V]).get(once)
}

func (e *entry[V]) get(compute func() V) V {
	e.once.Do(func() {
		e.value = compute()
		e.done = true
	})
	if !e.done { // the first compute panicked: its caller reported it
		return compute()
	}
	return e.value
}

// Len is the number of keys kept.
func (m *Map[K, V]) Len() int { return int(m.count.Load()) }

// Room is the number of keys the Map may still keep.
func (m *Map[K, V]) Room() int { return int(max(0, m.max-m.count.Load())) }

// Has reports whether the Map keeps key.
func (m *Map[K, V]) Has(key K) bool {
	_, ok := m.entries.Load(key)
	return ok
}
