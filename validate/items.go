package validate

// items is a read-only view of a list as pointers to its items, so that
// lists of values and lists of pointers share one implementation without
// copying. A nil item (only possible in a list of pointers) is skipped by
// find.
type items[T any] struct {
	len int
	at  func(i int) *T
}

func valueItems[T any](list []T) items[T] {
	return items[T]{len: len(list), at: func(i int) *T { return &list[i] }}
}

func pointerItems[T any](list []*T) items[T] {
	return items[T]{len: len(list), at: func(i int) *T { return list[i] }}
}

// find returns the first non-nil item that matches target, or nil.
func (l items[T]) find(target *T, match MatchFunc[*T]) *T {
	for i := range l.len {
		if item := l.at(i); item != nil && match(item, target) {
			return item
		}
	}
	return nil
}
