// Package shared is a package of the project's module that the generated
// package imports: not a pattern, but not foreign either.
package shared

type Part struct {
	// +frobnicate
	Name string `json:"name"`
}
