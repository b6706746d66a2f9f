package engine

import (
	"errors"
	"fmt"
)

// Operation is what a request does to an object, in admission's words.
type Operation string

const (
	// Create stores a new object.
	Create Operation = "CREATE"
	// Update replaces a stored object (PATCH and server-side apply reach
	// validation as updates, with the whole old and new objects).
	Update Operation = "UPDATE"
)

// StatusSubresource is the subresource whose updates change only the status.
const StatusSubresource = "status"

// FieldValidation is kube-apiserver's fieldValidation query parameter: what
// a request does with fields the schema does not know.
type FieldValidation string

const (
	// FieldValidationWarn prunes unknown fields and reports them (Result.Pruned);
	// kube-apiserver's default. The zero value means Warn.
	FieldValidationWarn FieldValidation = "Warn"
	// FieldValidationIgnore prunes unknown fields silently: Result.Pruned still
	// lists them (nothing a user gave is dropped unreported to the caller),
	// and the frontend decides not to show them.
	FieldValidationIgnore FieldValidation = "Ignore"
	// FieldValidationStrict refuses a request with unknown fields before
	// validation, as kube-apiserver's strict decoder does (400 Bad Request).
	FieldValidationStrict FieldValidation = "Strict"
)

// Scope selects which checks a request runs.
type Scope int

const (
	// AllChecks runs kube-apiserver's pipeline and kval's own checks.
	AllChecks Scope = iota
	// BeyondKubeAPIServer runs only what kube-apiserver does not check itself
	// (the mutability extensions and registered extensions), for an admission
	// webhook behind a kube-apiserver that has already validated the object.
	// Decoding (pruning, defaults) still runs, so checks see the stored object.
	BeyondKubeAPIServer
)

// Request is one write of a custom resource.
type Request struct {
	Operation Operation
	// Subresource is "" for the object itself or StatusSubresource.
	Subresource string
	// Object is the new object. It is decoded and prepared in place;
	// Result.Object is the object as it would be stored.
	Object map[string]any
	// OldObject is the stored object an update replaces. It is not changed,
	// unless OldObjectDisposable says the caller will not use it again.
	OldObject map[string]any
	// OldObjectDisposable lets the engine decode OldObject in place instead
	// of a copy (an admission webhook owns the object it decoded).
	OldObjectDisposable bool
	// Applied says Object is server-side apply's merge of a configuration
	// into the stored object, not a request body: kube-apiserver's decoder
	// never sees it, so the nulls it sets on fields that are not nullable
	// stay, for validation to refuse.
	Applied bool
	// OldIsManifest says OldObject is a manifest as a file holds it (kval
	// validate --old, --base), not the object storage holds. A Native
	// validator (built-in kinds) then stores it as a create would, with the
	// fields the server generates, and applies Object over it as kubectl
	// apply does: the update is the one `kubectl apply` of the new file
	// makes over the old one.
	OldIsManifest bool
	// KeepStored asks for Result.Stored.
	KeepStored bool
	// ObjectNotRead says the caller reads no Result.Object (kval validate
	// without --show-object). A Native validator (built-in kinds) then
	// leaves the answer's objects unencoded where kval's own checks do not
	// need them, and Result.Object may be nil: encoding is a fifth of a
	// built-in object's cost.
	ObjectNotRead bool
	// UID is the uid storage gives the object a create stores, for a
	// frontend with storage (kvaltest): a Native validator prepares the
	// object with it, as kube-apiserver sets it before the strategy runs
	// (a Job's generated selector carries it). Empty: a fixed one.
	UID string
	// NameGenerated says the frontend drew the object's name from its
	// generateName (kvaltest's random suffix): a Native validator then
	// treats the create as kube-apiserver's store treats a generated name.
	NameGenerated bool

	// DisableRatcheting reports errors on values an update did not change as
	// errors, not as Result.Ratcheted (kube-apiserver ratchets, KEP-4008).
	DisableRatcheting bool
	FieldValidation   FieldValidation
	Scope             Scope
	// KvalChecksAfterErrors runs kval's own checks (the mutability
	// extensions, Options.Extensions) even when kube-apiserver's checks
	// found errors, so that one run reports both (kval validate in CI).
	// Result.KvalErrors tells them apart. A webhook leaves it false:
	// kube-apiserver calls one only for requests it accepted.
	KvalChecksAfterErrors bool
}

// ops says which kind of request r is (a single bit of Ops), or why the
// engine cannot run it.
func (r *Request) ops() (Ops, error) {
	switch {
	case r.Object == nil:
		return 0, fmt.Errorf("the request has no object")
	case r.Operation == Create && r.Subresource == "":
		return OnCreate, nil
	case r.Operation != Update:
		return 0, fmt.Errorf("unsupported operation %q: only %s and %s are validated", r.Operation, Create, Update)
	case r.OldObject == nil:
		return 0, fmt.Errorf("an update needs the old object")
	case r.Subresource == "":
		return OnUpdate, nil
	case r.Subresource == StatusSubresource:
		return OnStatusUpdate, nil
	}
	return 0, fmt.Errorf("%w %q of %s: only %q is validated", errOtherSubresource, r.Subresource, r.Operation, StatusSubresource)
}

// errOtherSubresource: an update of a subresource other than the status,
// which only a SubresourceNative that admits it validates.
var errOtherSubresource = errors.New("unsupported subresource")

// Ops is a set of request kinds.
type Ops uint8

const (
	// OnCreate is a create of the object.
	OnCreate Ops = 1 << iota
	// OnUpdate is an update of the object (not of a subresource).
	OnUpdate
	// OnStatusUpdate is an update of the status subresource.
	OnStatusUpdate

	// OnUpdates is every update.
	OnUpdates = OnUpdate | OnStatusUpdate
	// OnAll is every request.
	OnAll = OnCreate | OnUpdates
)
