package kvaltest

import "context"

// warnDeprecated sends the warning kube-apiserver adds to every request,
// whatever its verb and outcome, to a deprecated version of a CRD.
func (c *Client) warnDeprecated(ctx context.Context, k *kind, version string) {
	if k.crd == nil {
		return
	}
	if w, ok := k.crd.DeprecationWarning(version); ok {
		c.warn(ctx, []string{w})
	}
}
