package validators

import "go/types"

// Universe is what validators may ask the generator about the loaded code.
type Universe interface {
	// Members returns the fields of a struct type (seen through names and
	// pointers) with their comments, or nil if t is not a struct.
	Members(t types.Type) []*Member
	// OutputPackage returns the package that holds the generated validation
	// of the types of inputPkg, if it is being generated.
	OutputPackage(inputPkg string) (string, bool)
	// Func returns a package-level function of a loaded package, or nil.
	Func(pkgPath, name string) *types.Func
	// Funcs returns the names of the package-level functions of a loaded
	// package.
	Funcs(pkgPath string) []string
}

// memberByJSON returns the field of struct type t with the given JSON name.
func memberByJSON(u Universe, t types.Type, json string) *Member {
	for _, m := range u.Members(t) {
		if m.JSON == json {
			return m
		}
	}
	return nil
}
