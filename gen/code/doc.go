// Package code is the intermediate form between tag validators and the
// emitter: the checks a tag asks for (calls of the runtime library with
// their arguments, flags and stability), the package-level variables they
// need, and the small expressions used as arguments (literals, identifiers,
// function literals, wrappers around other checks).
//
// Validators build these values; the emitter (package gen) renders them as
// Go source, resolving imports. Nothing here knows about tags or comments.
package code
