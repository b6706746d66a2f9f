package options

type T struct {
	TypeMeta int
}
