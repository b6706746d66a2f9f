package kvaltest

import "strconv"

// resourceVersionSetOnCreate is kube-apiserver's answer to a create whose
// object carries a resourceVersion. It is storage that refuses it (etcd3's
// Create), after validation, so an invalid object gets its 422 first, and
// a dry run, which never reaches storage, is not refused at all. The error
// is not an API status, so the server answers it as an unknown 500. Like
// storage, only a version that parses as a number other than 0 counts: any
// other is replaced by the stored object's.
func resourceVersionSetOnCreate(meta map[string]any) error {
	rv, _ := meta["resourceVersion"].(string)
	if n, err := strconv.ParseUint(rv, 10, 64); err != nil || n == 0 {
		return nil
	}
	return unknownServerError("resourceVersion should not be set on objects to be created")
}
