package values

import "strings"

// stringFormats are the string formats kube-apiserver checks, by name with
// dashes removed (kube-openapi's normalization: "date-time" is "datetime").
// Every one of them is in kube-openapi's format registry, so a format kept
// by supportedFormat is also checked.
var stringFormats = map[string]func(string) bool{
	"bsonobjectid": isBSONObjectID,
	"uri":          isURI,
	"email":        isEmail,
	"hostname":     isHostname,
	"ipv4":         isIPv4,
	"ipv6":         isIPv6,
	"cidr":         isCIDR,
	"mac":          isMAC,
	"uuid":         isUUID,
	"uuid3":        isUUID3,
	"uuid4":        isUUID4,
	"uuid5":        isUUID5,
	"isbn":         isISBN,
	"isbn10":       isISBN10,
	"isbn13":       isISBN13,
	"creditcard":   isCreditCard,
	"ssn":          isSSN,
	"hexcolor":     isHexColor,
	"rgbcolor":     isRGBColor,
	"byte":         isBase64,
	"password":     func(string) bool { return true },
	"date":         isDate,
	"duration":     isDuration,
	"datetime":     isDateTime,
	"k8sshortname": isShortName,
	"k8slongname":  isLongName,
}

func normalizeFormat(format string) string { return strings.ReplaceAll(format, "-", "") }

// supportedFormat is the format kube-apiserver keeps in the schema it
// validates with (StripUnsupportedFormatsPostProcessor): a known string
// format on a string or untyped schema (int-or-string counts as untyped),
// int32 and int64 on integers, float and double on numbers; "" otherwise.
func supportedFormat(format string, types []string) string {
	if format == "" {
		return ""
	}
	single := ""
	if len(types) == 1 {
		single = types[0]
	}
	switch single {
	case "", "string":
		if _, ok := stringFormats[normalizeFormat(format)]; ok {
			return format
		}
	case "integer":
		if format == "int32" || format == "int64" {
			return format
		}
	case "number":
		if format == "float" || format == "double" {
			return format
		}
	}
	return ""
}

// formatChecker returns the check of a string format, nil when kube-openapi's
// format validator does not apply (numeric formats and no format).
func formatChecker(format string) func(string) bool {
	if format == "" {
		return nil
	}
	return stringFormats[normalizeFormat(format)]
}

// FormatSupported reports whether kube-apiserver validates custom resources
// with format on a schema of type typ ("" for untyped): a format it does not
// support there is ignored, and it warns about it when a CRD is created
// ("unrecognized format").
func FormatSupported(format, typ string) bool {
	if typ == "" {
		return supportedFormat(format, nil) != ""
	}
	return supportedFormat(format, []string{typ}) != ""
}
