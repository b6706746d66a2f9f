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

// ValidateBuiltins validates writes of built-in kinds (Deployment,
// ConfigMap, Service...) against the published OpenAPI schemas of a
// Kubernetes minor version embedded in kval ("1.36"; "" for the newest),
// as kval validate --kubernetes-version does (package builtin): types,
// required fields, enums, formats, metadata, unknown fields under strict
// field validation. An invalid object is Invalid as a custom resource is;
// a valid one is stored as written. Without it built-in kinds are stored
// without validation. This is not kube-apiserver's Go validation of
// built-in kinds: package builtin's documentation says what it misses.
func ValidateBuiltins(kubernetesVersion string) Option {
	return func(c *Client) { c.builtinVersion = &kubernetesVersion }
}
