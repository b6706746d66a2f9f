package engine

import (
	"fmt"

	"github.com/kval-dev/kval/mutability"
	"github.com/kval-dev/kval/schema"
)

// Options configure a Validator.
type Options struct {
	// Extensions add checks of other packages to every request (see Check).
	Extensions []Extension
	// Scope is the widest Scope of the requests the validator serves. With
	// BeyondKubeAPIServer it compiles only what that scope runs, not the
	// value validation and x-kubernetes-validations kube-apiserver runs
	// itself (the rules' CEL programs were most of an admission webhook's
	// memory for a CRD with many rules), and Validate refuses requests of
	// Scope AllChecks. The zero value serves every request.
	Scope Scope
	// Native, when it returns a Native for the version, validates its
	// objects in place of the schema's pipeline (built-in kinds).
	Native NativeFunc
}

// Validator runs the pipeline for objects of one CRD version. It is safe for
// concurrent use.
type Validator struct {
	crd     *schema.CRD
	version string
	codec
	// storage reads objects back from the storage version; &codec when
	// the version is the storage version.
	storage *codec
	// webhookReadBack: the CRD converts with a webhook, and objects of
	// this version are read back as a lossless one returns them.
	webhookReadBack   bool
	statusSubresource bool
	scale             *schema.Scale
	// scope is Options.Scope; values and rules are nil when it leaves
	// them out.
	scope  Scope
	values *valueStage
	rules  *ruleStage
	// mutability is nil when the schema uses no mutability extension.
	mutability *mutability.Checker
	// checks are the extensions' checks, run after the built-in steps.
	checks []Check
	// native is Options.Native's validation of the version, if any.
	native Native
}

// Compile prepares a Validator for one version of a CRD. The CRD is expected
// to be valid (see package lint); Compile fails when the version does not
// exist or its rules do not compile (Options.Scope BeyondKubeAPIServer
// compiles none).
func Compile(crd *schema.CRD, version string, opts Options) (*Validator, error) {
	found := false
	for _, v := range crd.Spec.Versions {
		found = found || v.Name == version
	}
	if !found {
		return nil, fmt.Errorf("%s %q has no version %q", schema.CRDKind, crd.Name(), version)
	}
	v := &Validator{crd: crd, version: version, codec: *newCodec(crd, version)}
	v.storage = &v.codec
	if storage := storageVersion(crd, version); storage != version {
		v.storage = newCodec(crd, storage)
		v.webhookReadBack = convertsByWebhook(crd)
	}
	s := v.schema
	if sub := crd.VersionSubresources(version); sub != nil {
		v.statusSubresource = sub.Status
		v.scale = sub.Scale
	}
	v.scope = opts.Scope
	if err := v.compileStrategyChecks(); err != nil {
		return nil, fmt.Errorf("%s %q version %s: %w", schema.CRDKind, crd.Name(), version, err)
	}
	v.mutability = mutability.Compile(s)
	checks, err := compileChecks(v, opts.Extensions)
	if err != nil {
		return nil, fmt.Errorf("%s %q version %s: %w", schema.CRDKind, crd.Name(), version, err)
	}
	v.checks = checks
	if opts.Native != nil {
		v.native = opts.Native(crd, version)
	}
	return v, nil
}

// compileStrategyChecks compiles the value validation and the rules of
// kube-apiserver's strategy, unless the validator's scope leaves them out.
func (v *Validator) compileStrategyChecks() error {
	if v.scope == BeyondKubeAPIServer {
		return nil
	}
	values, err := compileValues(v.schema)
	if err != nil {
		return err
	}
	v.values = values
	v.rules, err = compileRules(v)
	return err
}

// CRD returns the CRD the validator was compiled from.
func (v *Validator) CRD() *schema.CRD { return v.crd }

// Native returns the kind's own validation the validator runs
// (Options.Native), nil for a custom resource.
func (v *Validator) Native() Native { return v.native }

// Version returns the CRD version the validator serves.
func (v *Validator) Version() string { return v.version }

// APIVersion returns the apiVersion of the objects the validator serves.
func (v *Validator) APIVersion() string { return apiVersionOf(v.crd.Spec.Group, v.version) }

// Kind returns the kind of the objects the validator serves.
func (v *Validator) Kind() string { return v.crd.Spec.Names.Kind }
