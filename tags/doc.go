// Package tags owns the grammar of comment tags such as `+k8s:minimum=0`:
// finding them in Go comments, parsing them, and reporting syntax errors with
// the file and line they came from. It knows nothing about what a tag means;
// the generator (package gen) gives tags their meaning.
//
// A tag is a comment line that starts with "+" (after optional spaces). The
// text after the "+" follows this grammar, which is the grammar of
// k8s.io/gengo/v2/codetags, so tags written for upstream's validation-gen
// parse the same way:
//
//	tag        ::= name [ "(" ws [ args ] ws ")" ] [ "=" value ] [ comment ]
//	name       ::= identStart { identChar | ":" }
//	args       ::= ( arg | named { ws "," ws named } ) [ ws "," ]
//	named      ::= ident ws ":" ws arg
//	arg        ::= string | int | bool | ident
//	value      ::= "+" tag | string | int | bool | ident { ws "," ws ident }
//	comment    ::= ws "#" { any character }
//	string     ::= '"' { char | escape } '"' | "`" { char | escape } "`"
//	escape     ::= "\\" ( "\\" | the quote character )
//	int        ::= [ "+" | "-" ] ( digits | "0x" hexDigits | "0o" octDigits | "0b" binDigits )
//	bool       ::= "true" | "false"
//	ident      ::= identStart { identChar }
//	identStart ::= unicode letter | "_"
//	identChar  ::= unicode letter | unicode digit | "_" | "." | "-"
//	ws         ::= { unicode white space }
//
// Positional and named arguments cannot be mixed, and at most one positional
// argument is allowed. A value of the form "=+tag" chains a payload tag, which
// may itself carry a payload: `+k8s:eachVal=+k8s:item(key: "a")=+k8s:immutable`.
// Identifiers in argument and value position are strings; "true" and "false"
// are booleans. A value may be a comma-separated list of identifiers
// (`+k8s:update=NoModify,NoClear`, as KEP-5073 writes it), read as one
// string with the spaces around commas dropped; codetags does not read
// lists, so tags written for upstream never contain one.
//
// Generator options such as `+k8s:validation-gen=TypesWithField=TypeMeta` take
// the rest of the line as their value; ParseRaw parses them:
//
//	rawTag     ::= name [ "(" ws [ args ] ws ")" ] [ "=" { any character } ]
//
// Tags are repeatable: every line is one tag, and the same name may appear on
// several lines.
package tags
