package objgen

import "strings"

// formatSamples are valid values of the string formats kube-apiserver
// checks, by format name without dashes.
var formatSamples = map[string][]string{
	"bsonobjectid": {"507f1f77bcf86cd799439011", "5F1E9C3A2B4D6E8F0A1B2C3D"},
	"uri":          {"https://example.com/path?q=1", "/relative/path", "urn:example:x"},
	"email":        {"user@example.com", "Jane Doe <jane@example.org>"},
	"hostname":     {"example.com", "foo", "a-b.example.co"},
	"ipv4":         {"192.168.0.1", "10.0.0.01", "255.255.255.255"},
	"ipv6":         {"2001:db8::1", "::1", "::ffff:10.0.0.1"},
	"cidr":         {"10.0.0.0/8", "2001:db8::/32", "192.168.001.0/24"},
	"mac":          {"01:23:45:67:89:ab", "01-23-45-67-89-AB", "0123.4567.89ab"},
	"uuid":         {"123e4567-e89b-12d3-a456-426614174000", "123E4567E89B12D3A456426614174000"},
	"uuid3":        {"a3bb189e-8bf9-3888-9912-ace4e6543002"},
	"uuid4":        {"f47ac10b-58cc-4372-a567-0e02b2c3d479", "F47AC10B58CC4372A5670E02B2C3D479"},
	"uuid5":        {"886313e1-3b8a-5372-9b90-0c9aee199e5d"},
	"isbn":         {"0321751043", "978-0321751041", "0-8044-2957-X"},
	"isbn10":       {"0321751043", "0 8044 2957 X"},
	"isbn13":       {"978-0321751041", "9780321751041"},
	"creditcard":   {"4111 1111 1111 1111", "5500-0000-0000-0004", "378282246310005"},
	"ssn":          {"123-45-6789", "123 45 6789"},
	"hexcolor":     {"#ffeedd", "fff", "#ABC"},
	"rgbcolor":     {"rgb(255, 0, 10)", "rgb(0,0,0)", "rgb( 1 , 22 , 199 )"},
	"byte":         {"aGVsbG8=", "YWJj", "YQ=="},
	"password":     {"secret", ""},
	"date":         {"2024-02-29", "1999-12-31"},
	"duration":     {"1h30m", "3 days", "15s", "2 weeks", "100ms"},
	"datetime":     {"2024-01-02T03:04:05Z", "2024-01-02t03:04:05.123+02:00", "2024-01-02T23:59:59.5-07:00"},
	"k8sshortname": {"my-name", "a", "x0"},
	"k8slongname":  {"my.long-name.example", "a", "a.b"},
}

// formatBreakers are strings that fail most formats, to break a value.
var formatBreakers = []string{
	"", "x", "not a value!", "999.1.1.1", "1.2.3", "::g", "2024-13-01", "25:00:00", "http://[bad",
	"-leading-dash", "UPPER.Case", "rgb(256,0,0)", "#abcd", "12345", "zz:zz:zz:zz:zz:zz",
	"2024-01-02T24:00:00Z", "a@", "123-456-789", "0321751044", "====", "five minutes",
}

func normalizeFormat(f string) string { return strings.ReplaceAll(f, "-", "") }
