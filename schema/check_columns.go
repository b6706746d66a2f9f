package schema

import (
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Accepted values of additionalPrinterColumns, sorted as upstream lists them.
var (
	printerColumnTypes   = []string{"boolean", "date", "integer", "number", "string"}
	printerColumnFormats = []string{"byte", "date", "date-time", "double", "float", "int32", "int64", "password"}
)

// checkPrinterColumn checks one additionalPrinterColumns entry.
func checkPrinterColumn(col *PrinterColumn, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if col.Name == "" {
		errs = append(errs, field.Required(path.Child("name"), ""))
	}
	typesMsg := "must be one of " + strings.Join(printerColumnTypes, ",")
	if col.Type == "" {
		errs = append(errs, field.Required(path.Child("type"), typesMsg))
	} else if !contains(printerColumnTypes, col.Type) {
		errs = append(errs, field.Invalid(path.Child("type"), col.Type, typesMsg))
	}
	if col.Format != "" && !contains(printerColumnFormats, col.Format) {
		errs = append(errs, field.Invalid(path.Child("format"), col.Format, "must be one of "+strings.Join(printerColumnFormats, ",")))
	}
	// Upstream names the field JSONPath, as in the internal API, in v1 too.
	if col.JSONPath == "" {
		errs = append(errs, field.Required(path.Child("JSONPath"), ""))
	} else {
		errs = append(errs, checkSimpleJSONPath(col.JSONPath, path.Child("JSONPath"))...)
	}
	return errs
}

// checkSimpleJSONPath requires a path in dot notation starting with ".".
func checkSimpleJSONPath(s string, path *field.Path) field.ErrorList {
	switch {
	case s == "":
		return field.ErrorList{field.Invalid(path, s, "must not be empty")}
	case s[0] != '.':
		return field.ErrorList{field.Invalid(path, s, "must be a simple json path starting with .")}
	}
	return nil
}
