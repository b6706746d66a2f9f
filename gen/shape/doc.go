// Package shape answers the questions the generator asks about Go types:
// what a type is once named types are seen through (its native shape),
// whether it can be nil, whether == compares it meaningfully, whether it is a
// string or an integer. It works on go/types and holds no validation rules.
//
// Terms used across the generator:
//   - A typedef is a named type whose underlying type is a basic type, a
//     slice or a map (`type Phase string`, `type Items []Item`). Its
//     validation function validates values of the typedef.
//   - A named struct is `type T struct{...}`.
//   - The native type strips every name but keeps pointers: the native type
//     of `*Phase` is `*string`.
package shape
