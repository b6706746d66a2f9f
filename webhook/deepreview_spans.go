package webhook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// objectSpans finds request.object and request.oldObject in a review's
// body, matching keys as encoding/json does (any case; the last of
// duplicates).
func objectSpans(body []byte) (reviewSpans, error) {
	var spans reviewSpans
	dec := json.NewDecoder(bytes.NewReader(body))
	err := eachField(dec, func(key string) error {
		if !strings.EqualFold(key, "request") {
			return skipValue(dec)
		}
		return eachField(dec, func(key string) error {
			return spans.skipRecording(dec, key)
		})
	})
	return spans, err
}

// skipRecording skips the value of key, recording its span when it is
// one of the objects.
func (spans *reviewSpans) skipRecording(dec *json.Decoder, key string) error {
	from := dec.InputOffset()
	if err := skipValue(dec); err != nil {
		return err
	}
	s := span{from: from, to: dec.InputOffset()}
	switch {
	case strings.EqualFold(key, "object"):
		spans.object = s
	case strings.EqualFold(key, "oldObject"):
		spans.oldObject = s
	}
	return nil
}

// eachField calls fn with each key of the object at dec, which reads its
// value; a value that is no object is skipped.
func eachField(dec *json.Decoder, fn func(key string) error) error {
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return skipRest(tok, dec, err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if err := fn(key); err != nil {
			return err
		}
	}
	_, err = dec.Token() // '}'
	return err
}

// skipRest skips the rest of a value whose first token was tok.
func skipRest(tok json.Token, dec *json.Decoder, err error) error {
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); ok && (d == '[' || d == '{') {
		return skipNested(dec, 1)
	}
	return nil
}

// skipValue skips one value, however deep, without recursion.
func skipValue(dec *json.Decoder) error {
	tok, err := dec.Token()
	return skipRest(tok, dec, err)
}

// skipNested reads tokens until depth open arrays and objects have closed.
func skipNested(dec *json.Decoder, depth int) error {
	for depth > 0 {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("reading a nested value: %w", err)
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}
