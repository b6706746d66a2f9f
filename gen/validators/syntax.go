package validators

import (
	"fmt"

	"github.com/kval-dev/kval/tags"
)

// checkSyntax checks a tag's arguments and value against its Doc, so that
// validators can rely on what their Doc promises.
func checkSyntax(t tags.Tag, doc Doc) error {
	if err := checkDocumentedArgs(t, doc); err != nil {
		return err
	}
	if err := checkUndocumentedArgs(t, doc); err != nil {
		return err
	}
	return checkPayload(t, doc)
}

func checkDocumentedArgs(t tags.Tag, doc Doc) error {
	for _, want := range doc.Args {
		got, found := argNamed(t, want.Name)
		switch {
		case found && got.Kind != want.Kind:
			return fixf("usage: "+doc.UsageLine(), "argument %s has the wrong type: got %s, want %s", describeArg(got), got.Kind, want.Kind)
		case !found && want.Required && want.Name == "":
			return fixf("usage: "+doc.UsageLine(), "missing required argument %s (%s)", want.Description, want.Kind)
		case !found && want.Required:
			return fixf("usage: "+doc.UsageLine(), "missing required argument %q (%s)", want.Name, want.Kind)
		}
	}
	return nil
}

func checkUndocumentedArgs(t tags.Tag, doc Doc) error {
	if doc.AcceptsUnknownArgs {
		return nil
	}
	for _, a := range t.Args {
		if _, ok := doc.Arg(a.Name); !ok {
			if len(doc.Args) == 0 {
				return fixf("usage: "+doc.UsageLine(), "takes no arguments")
			}
			return fixf("usage: "+doc.UsageLine(), "unknown argument %s", describeArg(a))
		}
	}
	return nil
}

func checkPayload(t tags.Tag, doc Doc) error {
	_, replaced := t.NamedArg(doc.ValueOrArg)
	switch {
	case replaced && t.Kind != tags.None:
		return fixf("usage: "+doc.UsageLine(), "give either a value or %s, not both", doc.ValueOrArg)
	case replaced:
		return nil
	case t.Kind == tags.None && doc.PayloadRequired:
		return fixf("usage: "+doc.UsageLine(), "missing value (%s)", payloadName(doc.PayloadKind))
	case t.Kind == tags.None:
		return nil
	case doc.PayloadKind == tags.None:
		return fixf("usage: "+doc.UsageLine(), "takes no value")
	case doc.PayloadKind != tags.Raw && t.Kind != doc.PayloadKind:
		return fixf("usage: "+doc.UsageLine(), "value has the wrong type: got %s, want %s",
			payloadName(t.Kind), payloadName(doc.PayloadKind))
	}
	return nil
}

// argNamed finds the argument with the given name; "" is the positional one.
func argNamed(t tags.Tag, name string) (tags.Arg, bool) {
	if name == "" {
		return t.PositionalArg()
	}
	return t.NamedArg(name)
}

func describeArg(a tags.Arg) string {
	if a.Name == "" {
		return fmt.Sprintf("%q", a.Value)
	}
	return fmt.Sprintf("%q", a.Name)
}

func payloadName(k tags.ValueKind) string {
	if k == tags.TagValue {
		return "a validation tag such as +k8s:minimum=1"
	}
	return string(k)
}
