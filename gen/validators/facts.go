package validators

import "github.com/kval-dev/kval/gen/code"

// facts is what tags of one run tell each other. Each family owns its part;
// keys are Context paths.
type facts struct {
	// lists holds list semantics by the path of the list field or type.
	lists map[string]*listMeta
	// listsDone marks lists whose uniqueness check was already emitted.
	listsDone map[string]bool
	// unions and zeroOrOneOf hold union members by the enclosing struct's
	// (or list's) path.
	unions      map[string]unionSet
	zeroOrOneOf map[string]unionSet
	// modes holds mode discriminators and per-mode rules by struct path.
	modes map[string]modeGroups
	// updates holds +k8s:update constraints by field path.
	updates map[string]*updateMeta
	// opaqueTypes and opaqueFields record +k8s:opaqueType by type path and
	// by field path.
	opaqueTypes  map[string]bool
	opaqueFields map[string]bool
	// inherited marks subfields whose short circuits were already copied.
	inherited map[string]bool
	// custom records the hand-written functions +k8s:customValidation wired.
	custom map[code.Ref]bool
}

func newFacts() *facts {
	return &facts{
		lists:        map[string]*listMeta{},
		listsDone:    map[string]bool{},
		unions:       map[string]unionSet{},
		zeroOrOneOf:  map[string]unionSet{},
		modes:        map[string]modeGroups{},
		updates:      map[string]*updateMeta{},
		opaqueTypes:  map[string]bool{},
		opaqueFields: map[string]bool{},
		inherited:    map[string]bool{},
		custom:       map[code.Ref]bool{},
	}
}
