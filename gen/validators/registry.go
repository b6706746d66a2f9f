package validators

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/kval-dev/kval/tags"
)

// Validator turns one tag into validations.
type Validator interface {
	// Doc describes the tag; the registry checks scope, arguments and
	// payload against it before calling Validations.
	Doc() Doc
	// Validations returns what the tag, written at ctx, asks for.
	Validations(ctx Context, tag tags.Tag) (Result, error)
}

// Registry knows every tag validator of one generator run and the state
// their tags share.
type Registry struct {
	byName   map[string]Validator
	universe Universe
	facts    *facts
	notes    []Note
}

// New returns a registry with the full tag catalog. The universe answers
// questions about the loaded code; it may be nil when only docs are needed.
func New(u Universe) *Registry {
	r := &Registry{byName: map[string]Validator{}, universe: u, facts: newFacts()}
	for _, v := range r.catalog() {
		r.add(v)
	}
	return r
}

func (r *Registry) add(v Validator) {
	name := v.Doc().Tag
	if _, dup := r.byName[name]; dup {
		panic(fmt.Sprintf("tag %q registered twice", name)) // a programming error in the catalog
	}
	r.byName[name] = v
}

// Names returns every registered tag name, sorted.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.byName))
	for n := range r.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Docs returns the documentation of every tag, sorted by name.
func (r *Registry) Docs() []Doc {
	var docs []Doc
	for _, n := range r.Names() {
		docs = append(docs, r.byName[n].Doc())
	}
	return docs
}

// Doc returns the documentation of one tag.
func (r *Registry) Doc(name string) (Doc, bool) {
	v, ok := r.byName[name]
	if !ok {
		return Doc{}, false
	}
	return v.Doc(), true
}

// Known reports whether name is a registered validation tag, or the
// previous release's name of one.
func (r *Registry) Known(name string) bool {
	_, ok := r.byName[name]
	_, previous := previousNames[name]
	return ok || previous
}

// ParseTags finds and parses the registered tags in comment lines, in
// source order. Lines with other tag names are left for the caller (for
// example to report unknown +k8s: tags). Syntax errors are returned
// together, after every good tag.
func (r *Registry) ParseTags(lines []tags.Line) ([]tags.Tag, error) {
	var parsed []tags.Tag
	var errs []error
	for _, f := range tags.Extract(lines, "k8s:") {
		if no, refused := refusedTags[f.Name]; refused && !r.Known(f.Name) {
			errs = append(errs, &TagError{Pos: f.Pos, Tag: f.Text, Msg: no.msg, Hint: no.hint})
			continue
		}
		if !r.Known(f.Name) {
			continue
		}
		t, err := tags.ParseFound(f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		parsed = append(parsed, r.currentSpelling(t))
	}
	return parsed, errors.Join(errs...)
}

// Validations evaluates tags written at ctx. Tags run in name order (and in
// source order within a name) so the output does not depend on how the
// comment is arranged; validators that need sibling tags use Laters. Every
// misused tag is reported, not only the first.
func (r *Registry) Validations(ctx Context, list ...tags.Tag) (Result, error) {
	sorted := slices.Clone(list)
	slices.SortStableFunc(sorted, func(a, b tags.Tag) int { return strings.Compare(a.Name, b.Name) })
	var out Result
	var errs []error
	for _, t := range sorted {
		res, err := r.validate(ctx, t)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out.Add(res)
	}
	return out, errors.Join(errs...)
}

func (r *Registry) validate(ctx Context, t tags.Tag) (Result, error) {
	v, ok := r.byName[t.Name]
	if no, refused := refusedTags[t.Name]; !ok && refused {
		return Result{}, tagError(t, fixf(no.hint, "%s", no.msg))
	}
	if !ok {
		return Result{}, tagError(t, fixf(r.suggest(t.Name), "unknown tag"))
	}
	doc := v.Doc()
	if !doc.Allows(ctx.Scope) && !(doc.ItemScope && ctx.Scope == ScopeListVal && len(ctx.ListSelector) > 0) {
		places := joinScopes(doc.Scopes)
		if doc.ItemScope {
			places += ", or on one list-map item with +k8s:item(key: value)="
		}
		return Result{}, tagError(t, fixf("it may be used on "+places,
			"may not be used on %s", ctx.Scope))
	}
	if err := checkSyntax(t, doc); err != nil {
		return Result{}, tagError(t, err)
	}
	res, err := v.Validations(ctx, t)
	if err != nil {
		return Result{}, tagError(t, err)
	}
	// What a tag decides later is still the tag's doing: its errors name it.
	for i, l := range res.Later {
		build := l.Build
		res.Later[i].Build = func() (Result, error) {
			built, err := build()
			if err != nil {
				return Result{}, tagError(t, err)
			}
			return built, nil
		}
	}
	return res, nil
}

// tagError attaches the tag and its position to a validator's error. An
// error of a payload tag is shown on the whole tag as written, naming the
// payload tag in the message.
func tagError(t tags.Tag, err error) error {
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		var errs []error
		for _, e := range joined.Unwrap() {
			errs = append(errs, tagError(t, e))
		}
		return errors.Join(errs...)
	}
	var te *TagError
	if errors.As(err, &te) {
		if t.Source == "" || te.Tag == t.Source {
			return err
		}
		return &TagError{Pos: t.Pos, Tag: t.Source, Msg: "+" + te.Tag + ": " + te.Msg, Hint: te.Hint}
	}
	out := &TagError{Pos: t.Pos, Tag: displayTag(t), Msg: err.Error()}
	var p *problem
	if errors.As(err, &p) {
		out.Msg, out.Hint = p.msg, p.hint
	}
	return out
}

// displayTag is the tag as written, or its canonical form for payloads.
func displayTag(t tags.Tag) string {
	if t.Source != "" {
		return t.Source
	}
	return t.String()
}

func joinScopes(scopes []Scope) string {
	names := make([]string, len(scopes))
	for i, s := range scopes {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
}

// suggest proposes the registered tag closest to an unknown name.
func (r *Registry) suggest(name string) string {
	best, bestDist := "", 4
	for _, known := range r.Names() {
		if d := editDistance(strings.ToLower(name), strings.ToLower(known)); d < bestDist {
			best, bestDist = known, d
		}
	}
	if best == "" {
		return "see `kval gen --docs` for the registered tags"
	}
	return "did you mean +" + best + "?"
}

// Suggest is suggest for callers outside the package (lint of unknown tags).
func (r *Registry) Suggest(name string) string { return r.suggest(name) }

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
