package kvaltest

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// kube-apiserver cuts a list with a limit into pages: each page holds up
// to limit matching objects in storage key order, and, when objects
// follow, a continue token naming the key after the page's last object
// and the resourceVersion of the first page; later pages are read at that
// resourceVersion (a consistent snapshot). kvaltest keeps the snapshot of
// each paginated list, the last maxSnapshots of them; a token whose
// snapshot is gone is answered 410 Expired, as a compacted revision is.

// maxSnapshots bounds the list snapshots kept for continue tokens.
const maxSnapshots = 64

// continueToken is the content of a continue token (base64url of its JSON).
type continueToken struct {
	APIVersion      string `json:"v"`
	ResourceVersion int64  `json:"rv"`
	StartKey        string `json:"start"`
}

const continueTokenVersion = "meta.k8s.io/v1"

// pageRequest is a list request's pagination: the limit, and where and at
// which resourceVersion a continued list starts.
type pageRequest struct {
	limit    int64
	startKey string
	rv       int64 // 0: the first page
}

// listPage is one page of a list.
type listPage struct {
	items     []*storedObject
	continued string // the continue token, "" on the last page
	remaining *int64
}

// snapshotKey names the snapshot of a paginated list.
type snapshotKey struct {
	resource, namespace string
	rv                  int64
}

// snapshots are the lists paginated lists continue from, oldest first.
type snapshots struct {
	order []snapshotKey
	lists map[snapshotKey][]*storedObject
}

// parsePageRequest reads o's limit and continue token.
func parsePageRequest(o *client.ListOptions) (pageRequest, error) {
	req := pageRequest{limit: o.Limit}
	if o.Continue == "" {
		return req, nil
	}
	if o.Raw != nil && o.Raw.ResourceVersion != "" && o.Raw.ResourceVersion != "0" {
		return req, apierrors.NewBadRequest("specifying resource version is not allowed when using continue")
	}
	start, rv, err := decodeContinue(o.Continue)
	if err != nil {
		return req, apierrors.NewBadRequest(fmt.Sprintf("invalid continue token: %v", err))
	}
	req.startKey, req.rv = start, rv
	return req, nil
}

// decodeContinue reads a continue token as kube-apiserver's storage does.
func decodeContinue(token string) (string, int64, error) {
	const invalid = "continue key is not valid"
	data, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return "", 0, fmt.Errorf("%s: %v", invalid, err)
	}
	var c continueToken
	if err := json.Unmarshal(data, &c); err != nil {
		return "", 0, fmt.Errorf("%s: %v", invalid, err)
	}
	switch {
	case c.APIVersion != continueTokenVersion:
		return "", 0, fmt.Errorf("%s: server does not recognize this encoded version %v", invalid, c.APIVersion)
	case c.ResourceVersion == 0:
		return "", 0, errors.New(invalid + ": incorrect encoded start resourceVersion (version meta.k8s.io/v1)")
	case c.StartKey == "":
		return "", 0, errors.New(invalid + ": encoded start key empty (version meta.k8s.io/v1)")
	}
	key := "/" + strings.TrimPrefix(c.StartKey, "/")
	if path.Clean(key) != key {
		return "", 0, fmt.Errorf("%s: %v", invalid, c.StartKey)
	}
	return key[1:], c.ResourceVersion, nil
}

func encodeContinue(startKey string, rv int64) string {
	data, _ := json.Marshal(continueToken{APIVersion: continueTokenVersion, ResourceVersion: rv, StartKey: startKey})
	return base64.RawURLEncoding.EncodeToString(data)
}

// storageKey is an object's key below its resource's prefix, as etcd
// orders keys: namespace/name, or name.
func storageKey(k key) string {
	if k.namespace == "" {
		return k.name
	}
	return k.namespace + "/" + k.name
}

// listForPage returns the snapshot a continued list reads and its
// resourceVersion, or, for a first page, no objects and the current
// resourceVersion. Called with the store locked.
func (s *store) listForPage(k snapshotKey, req pageRequest) ([]*storedObject, int64, error) {
	if req.rv == 0 {
		rv, _ := strconv.ParseInt(s.currentResourceVersion(), 10, 64)
		return nil, rv, nil
	}
	if list, ok := s.pages.lists[snapshotKey{k.resource, k.namespace, req.rv}]; ok {
		return list, req.rv, nil
	}
	return nil, 0, apierrors.NewResourceExpired("The provided continue parameter is too old to display a consistent list result. " +
		"You can start a new list without the continue parameter.")
}

// keepSnapshot keeps list for the continue tokens of its pages. Called with
// the store locked.
func (s *store) keepSnapshot(k snapshotKey, list []*storedObject) {
	if s.pages.lists == nil {
		s.pages.lists = map[snapshotKey][]*storedObject{}
	}
	if _, ok := s.pages.lists[k]; ok {
		return
	}
	s.pages.lists[k] = list
	s.pages.order = append(s.pages.order, k)
	if len(s.pages.order) > maxSnapshots {
		delete(s.pages.lists, s.pages.order[0])
		s.pages.order = s.pages.order[1:]
	}
}

// page cuts one page out of all (in key order): the objects from the
// start key on that match, up to the limit. As kube-apiserver's watch
// cache, a page is continued when any object, matching or not, follows
// its last one, and the remaining count is given only without selectors.
func page(all []*storedObject, match func(map[string]any) bool, req pageRequest, rv int64, selectors bool) listPage {
	from := 0
	for from < len(all) && storageKey(all[from].key) < req.startKey {
		from++
	}
	rest := all[from:]
	var p listPage
	for i, s := range rest {
		if !match(s.object) {
			continue
		}
		p.items = append(p.items, s)
		if req.limit > 0 && int64(len(p.items)) >= req.limit {
			if i < len(rest)-1 {
				p.continued = encodeContinue(storageKey(s.key)+"\x00", rv)
				if !selectors {
					n := int64(len(rest)) - req.limit
					p.remaining = &n
				}
			}
			break
		}
	}
	return p
}
