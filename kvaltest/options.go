package kvaltest

import (
	"context"
	"errors"
	"fmt"

	"k8s.io/client-go/rest"

	"github.com/kval-dev/kval/catalog"
)

// defaultFieldManager manages the fields of writes that name no field
// manager (kube-apiserver derives one from the client's user agent).
const defaultFieldManager = "kvaltest"

// Schemas are the CRDs a client validates custom resources with, loaded
// into a catalog with the client's options.
type Schemas struct {
	load func(opts catalog.Options) (*catalog.Catalog, error)
}

// CRDs reads the CustomResourceDefinitions of files and directories
// (.yaml, .yml, .json, recursively), Helm charts (their crds/ folders) and
// http(s):// URLs (fetched once into the user's cache directory, as kval's
// --crd fetches them). Other documents (a kustomization.yaml, policies,
// RBAC beside the CRDs) are skipped, as envtest skips them. With no paths
// the client starts without CRDs (a test may create them at run time).
func CRDs(paths ...string) Schemas {
	return Schemas{load: func(opts catalog.Options) (*catalog.Catalog, error) {
		if len(paths) == 0 {
			return catalog.New(opts), nil
		}
		crds, err := readCRDs(paths)
		if err != nil {
			return nil, err
		}
		cat := catalog.New(opts)
		if err := cat.Put(crds...); err != nil {
			return nil, err
		}
		return cat, checked(cat)
	}}
}

// Catalog uses the CRDs of a catalog the test built itself, with its own
// options: option OperatorVersions, whose rules are an extension of the
// catalog, needs CRDs instead.
func Catalog(cat *catalog.Catalog) Schemas {
	return Schemas{load: func(opts catalog.Options) (*catalog.Catalog, error) {
		if len(opts.Engine.Extensions) > 0 {
			return nil, errors.New("kvaltest: option OperatorVersions checks Instances with an extension of the client's catalog: give the CRDs with kvaltest.CRDs, not kvaltest.Catalog")
		}
		return cat, checked(cat)
	}}
}

// checked refuses CRDs kube-apiserver would reject: a test of them would
// test nothing a cluster could run.
func checked(cat *catalog.Catalog) error {
	if bad := cat.Check(context.Background()); len(bad) > 0 {
		if bad[0].CRD.Source.File != "" {
			return fmt.Errorf("%v: %w", bad[0].CRD.Source, bad[0])
		}
		return bad[0]
	}
	return nil
}

// Option configures a client.
type Option func(*Client)

// WarningHandler receives the warnings kube-apiserver would send with a
// response (unknown fields dropped, ratcheted errors, finalizer names).
// By default they are logged with t.Log.
func WarningHandler(h rest.WarningHandler) Option {
	return func(c *Client) { c.warnings = h }
}

// FieldManager names the manager of writes that give none (default
// "kvaltest").
func FieldManager(name string) Option {
	return func(c *Client) { c.manager = name }
}

// OperatorVersions applies KUDO's immutable-parameter rules (package
// params, as kval serve --kudo-instances does) to writes of kudo.dev/v1beta1
// Instances: a create gets the defaults of its immutable parameters pinned
// into spec.parameters, an update or upgrade that breaks a rule is Invalid
// with the webhook's messages, and an Instance whose OperatorVersion is
// not found is Invalid too (spec.operatorVersion.name: Not found). OperatorVersions are looked up in the
// Instance's namespace among those written through the client, then among
// paths: KUDO package directories or OperatorVersion files, verified as
// kval params verify does (a fault fails the client). With no paths, only
// OperatorVersions written through the client count. The Instance and
// OperatorVersion CRDs must be among the client's CRDs (KUDO's, or
// examples/params/kudo-crds.yaml).
func OperatorVersions(paths ...string) Option {
	return func(c *Client) {
		if c.kudo == nil {
			c.kudo = &kudoInstances{}
		}
		c.kudo.paths = append(c.kudo.paths, paths...)
	}
}

// ValidateBuiltins chooses the Kubernetes minor version ("1.36"; "" for
// the newest embedded in kval) whose published OpenAPI schemas find the
// unknown fields of built-in objects (warnings, or 400 under strict field
// validation) and validate their status writes, as kval validate
// --kubernetes-version does (package builtin). Built-in kinds are validated
// by default; this option only picks the version of their schemas. The
// validation, defaulting and preparation of their objects is always
// kube-apiserver's own Go code at the release of kval's k8s.io libraries
// (package strategy).
func ValidateBuiltins(kubernetesVersion string) Option {
	return func(c *Client) { c.builtinVersion = kubernetesVersion }
}

// SkipBuiltinValidation stores objects of built-in kinds (ConfigMap,
// Deployment, Secret...) as written: not validated, not defaulted, not
// prepared by their registry strategies (a Deployment keeps no replicas it
// was not given, a Secret's immutable data may change), as controller-runtime's
// fake client stores them. Only for a test that writes many built-in
// objects and measures that validating them costs too much (kube-apiserver's
// decoding, defaulting and validation: tens of microseconds a write); a
// test that relies on it passes where a cluster would refuse.
func SkipBuiltinValidation() Option {
	return func(c *Client) { c.skipBuiltins = true }
}
