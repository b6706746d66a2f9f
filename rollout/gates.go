package rollout

import (
	"fmt"
	"strconv"
	"strings"
)

// The feature gates of KEP-5073.
const (
	DeclarativeValidation         = "DeclarativeValidation"
	DeclarativeValidationBeta     = "DeclarativeValidationBeta"
	DeclarativeValidationTakeover = "DeclarativeValidationTakeover"
)

// Gates are the states of the declarative validation feature gates.
type Gates struct {
	// DeclarativeValidation runs declarative validation beside hand-written
	// validation and compares them. Beta in the KEP, on by default.
	DeclarativeValidation bool
	// DeclarativeValidationBeta enforces +k8s:beta rules; off, they are
	// shadowed. It has no effect while DeclarativeValidation is off. On by
	// default.
	DeclarativeValidationBeta bool
}

// DefaultGates returns the gates' defaults in Kubernetes 1.36: both on.
func DefaultGates() Gates {
	return Gates{DeclarativeValidation: true, DeclarativeValidationBeta: true}
}

// ParseGates applies a --feature-gates style list ("A=true,B=false") to the
// defaults. DeclarativeValidationTakeover is accepted and ignored (the KEP
// deprecates it without changing behaviour); other names are errors, so a
// typo does not silently leave a gate at its default.
func ParseGates(spec string) (Gates, error) {
	g := DefaultGates()
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if err := g.set(item); err != nil {
			return Gates{}, err
		}
	}
	return g, nil
}

func (g *Gates) set(item string) error {
	name, value, ok := strings.Cut(item, "=")
	if !ok {
		return fmt.Errorf("feature gate %q: want Name=true or Name=false", item)
	}
	on, err := strconv.ParseBool(strings.TrimSpace(value))
	if err != nil {
		return fmt.Errorf("feature gate %s: %q is not a boolean", name, value)
	}
	switch strings.TrimSpace(name) {
	case DeclarativeValidation:
		g.DeclarativeValidation = on
	case DeclarativeValidationBeta:
		g.DeclarativeValidationBeta = on
	case DeclarativeValidationTakeover:
		// Deprecated in 1.36 and not honoured; accepted so upgrades do not fail.
	default:
		return fmt.Errorf("unknown feature gate %q (known: %s, %s, %s)", name,
			DeclarativeValidation, DeclarativeValidationBeta, DeclarativeValidationTakeover)
	}
	return nil
}

// String renders the gates as ParseGates reads them.
func (g Gates) String() string {
	return fmt.Sprintf("%s=%t,%s=%t", DeclarativeValidation, g.DeclarativeValidation,
		DeclarativeValidationBeta, g.DeclarativeValidationBeta)
}
