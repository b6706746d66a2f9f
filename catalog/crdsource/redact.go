package crdsource

import (
	"errors"
	"net/url"
	"strings"
)

// A URL's credentials never leave the process: a URL source is named by
// Redact(url) in every source name, error and warning a load reports, so
// that neither the CLI's results, serve's log nor its /readyz show the
// password of https://user:password@host/x or the token of ?token=T.

// redacted replaces each secret of a URL.
const redacted = "xxxxx"

// Redact is raw with its user info and its query's values replaced by
// xxxxx (all of them: any may be a token); a URL that does not parse
// loses what follows its "?" and precedes its "@".
func Redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return redactUnparsed(raw)
	}
	if u.User != nil {
		u.User = url.User(redacted)
	}
	if u.RawQuery != "" {
		u.RawQuery = redactQuery(u.RawQuery)
	}
	return u.String()
}

// redactQuery keeps a query's keys and replaces its values.
func redactQuery(query string) string {
	values, err := url.ParseQuery(query)
	if err != nil {
		return redacted
	}
	for key, vs := range values {
		for i := range vs {
			vs[i] = redacted
		}
		values[key] = vs
	}
	return values.Encode()
}

// redactUnparsed redacts what looks like user info or a query.
func redactUnparsed(raw string) string {
	if i := strings.Index(raw, "?"); i >= 0 {
		raw = raw[:i] + "?" + redacted
	}
	if scheme, rest, ok := strings.Cut(raw, "://"); ok {
		if _, host, ok := strings.Cut(rest, "@"); ok {
			raw = scheme + "://" + redacted + "@" + host
		}
	}
	return raw
}

// redactErr names the URL of err's *url.Error (net/http's, which strips
// a password but keeps the query) redacted.
func redactErr(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		ue.URL = Redact(ue.URL)
	}
	return err
}
