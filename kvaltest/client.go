package kvaltest

import (
	"cmp"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/kval-dev/kval/builtin"
	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/strategy"
)

// Client is a controller-runtime client backed by an in-memory store; every
// write of a custom resource or a built-in kind is validated by kval's
// engine first (built-in kinds with kube-apiserver's own code).
type Client struct {
	scheme   *runtime.Scheme
	catalog  *catalog.Catalog
	known    atomic.Pointer[kinds] // replaced when a CRD is written (crds_served.go)
	store    *store
	warnings rest.WarningHandler
	manager  string // the field manager of writes that name none
	managers map[managerKey]*managedfields.FieldManager
	kudo     *kudoInstances // nil: Instances are custom resources like any other
	rbac     *escalation    // RBAC's checks of roles and bindings a Server's users write

	builtinVersion string           // option ValidateBuiltins
	skipBuiltins   bool             // option SkipBuiltinValidation
	builtins       *catalog.Catalog // built-in kinds' strategies and schemas; nil: stored as written
}

var _ client.WithWatch = (*Client)(nil)

// NewClient returns a client that validates the custom resources of crds
// and stores every object in memory for the life of t. Typed objects are
// converted with scheme (nil: client-go's scheme of the built-in kinds).
// A CRD that cannot be loaded, or that kube-apiserver would reject, fails t.
func NewClient(t testing.TB, crds Schemas, scheme *runtime.Scheme, opts ...Option) *Client {
	t.Helper()
	c, err := New(crds, scheme, append([]Option{WarningHandler(testLogWarnings{t})}, opts...)...)
	if err != nil {
		t.Fatalf("kvaltest: %v", err)
	}
	t.Cleanup(c.Close)
	return c
}

// New returns a client outside a test (a TestMain shared by a package's
// tests); warnings go to klog unless WarningHandler says otherwise. Close
// it when done.
func New(crds Schemas, scheme *runtime.Scheme, opts ...Option) (*Client, error) {
	if scheme == nil {
		scheme = clientgoscheme.Scheme
	}
	c := &Client{
		scheme:   scheme,
		store:    newStore(),
		warnings: rest.WarningLogger{},
		manager:  defaultFieldManager,
		managers: map[managerKey]*managedfields.FieldManager{},
	}
	for _, opt := range opts {
		opt(c)
	}
	if c.kudo != nil {
		if err := c.kudo.load(); err != nil {
			return nil, err
		}
	}
	cat, err := crds.load(c.catalogOptions())
	if err != nil {
		return nil, err
	}
	c.catalog = cat
	if c.rbac, err = newEscalation(c.store); err != nil {
		return nil, err
	}
	c.known.Store(newKinds(cat.CRDs(), scheme))
	if !c.skipBuiltins {
		if c.builtins, err = builtinCatalog(c.builtinVersion); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// builtinCatalogs are the catalogs of built-in kinds by Kubernetes
// version, shared by every client: they hold no objects, only compiled
// kinds, and compiling each kind once per test process rather than once
// per client keeps a client as cheap to start as before it validated them.
var builtinCatalogs = struct {
	sync.Mutex
	byVersion map[string]*catalog.Catalog
}{byVersion: map[string]*catalog.Catalog{}}

// builtinCatalog serves the built-in kinds of a Kubernetes version ("":
// the newest embedded) and nothing else, with kube-apiserver's strategies
// (strategy.ForKind): CRDs take precedence because the kinds of their
// groups are never built-in kinds of the client.
func builtinCatalog(version string) (*catalog.Catalog, error) {
	asked := version != ""
	version = cmp.Or(version, builtin.Newest())
	builtinCatalogs.Lock()
	defer builtinCatalogs.Unlock()
	if cat := builtinCatalogs.byVersion[version]; cat != nil {
		return cat, nil
	}
	set, err := builtin.Version(version)
	if err == nil && asked {
		// A version ValidateBuiltins names must be embedded: say so now.
		// The newest is, and loads with the first built-in write (40 ms
		// a process), not with every client.
		err = set.Load()
	}
	if err != nil {
		return nil, fmt.Errorf("ValidateBuiltins: %w", err)
	}
	cat := catalog.New(catalog.Options{Builtins: set, Native: strategy.ForKind})
	builtinCatalogs.byVersion[version] = cat
	return cat, nil
}

// Close ends the client's watches.
func (c *Client) Close() { c.store.close() }

// Scheme returns the scheme typed objects are converted with.
func (c *Client) Scheme() *runtime.Scheme { return c.scheme }

// RESTMapper maps the kinds of the CRDs and of the scheme to resources.
func (c *Client) RESTMapper() meta.RESTMapper { return restMapper{c} }

// kinds are the kinds the client serves now.
func (c *Client) kinds() *kinds { return c.known.Load() }

// GroupVersionKindFor returns the kind of a typed or unstructured object.
func (c *Client) GroupVersionKindFor(obj runtime.Object) (schema.GroupVersionKind, error) {
	return apiutil.GVKForObject(obj, c.scheme)
}

// IsObjectNamespaced reports whether obj's kind is namespaced.
func (c *Client) IsObjectNamespaced(obj runtime.Object) (bool, error) {
	gvk, err := c.GroupVersionKindFor(obj)
	if err != nil {
		return false, err
	}
	k, err := c.kinds().forKind(gvk)
	if err != nil {
		return false, err
	}
	return k.namespaced, nil
}

// managerOr is the field manager of a write: the one it names, or the client's.
func (c *Client) managerOr(name string) string {
	if name == "" {
		return c.manager
	}
	return name
}
