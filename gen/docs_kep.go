package gen

// kepReference records how kval reads KEP-5073 (declarative validation)
// where it goes beyond upstream's validation-gen, the decisions taken
// where the KEP is ambiguous (each has a test), and what is not
// implemented. It ends the generated docs/tags.md.
const kepReference = `## KEP-5073: lifecycle, rollout and decisions

### Rule lifecycle

A rule written bare is standard; ` + "`+k8s:alpha(since: \"1.N\", owner: \"@handle\")=<tag>`" + ` and
` + "`+k8s:beta(...)=<tag>`" + ` make it alpha or beta. The generated code marks the rule's errors
(` + "`field.Error.IsAlpha`, `IsBeta`" + `) and never reads feature gates itself: package ` + "`rollout`" + ` turns
marks, the gates ` + "`DeclarativeValidation`" + ` and ` + "`DeclarativeValidationBeta`" + ` (both on by default;
` + "`DeclarativeValidationTakeover`" + ` accepted and ignored) and the strategy's
` + "`rollout.WithDeclarativeEnforcement()`" + ` into whose errors the user sees:

| strategy | DeclarativeValidation | ...Beta | standard | beta | alpha |
|---|---|---|---|---|---|
| legacy | off | any | hand-written | hand-written | hand-written |
| legacy | on | on | shadow | declarative | shadow |
| legacy | on | off | shadow | shadow | shadow |
| enforcement | off | any | declarative | hand-written | hand-written |
| enforcement | on | on | declarative | declarative | shadow |
| enforcement | on | off | declarative | shadow | shadow |

Shadow: both run, the hand-written errors are returned, and the results are compared by type, field
and origin (never by detail); each mismatch is logged with both lists and counted in
` + "`apiserver_validation_declarative_validation_mismatch_total`" + ` (and
` + "`..._parity_discrepancies_total{validation_identifier}`" + `). A panic in generated code is recovered,
counted in ` + "`apiserver_validation_declarative_validation_panic_total`" + ` (and
` + "`..._panics_total{validation_identifier}`" + `), and the hand-written result returned.
` + "`rollout.Equivalent`" + ` is the migration test helper for validation_test.go.

` + "`kval gen --lint --current-version 1.N`" + ` warns about alpha and beta rules without ` + "`since`" + `, with
` + "`since`" + ` after the current version, ready to graduate (one release in their stage) or stale (three);
` + "`+k8s:validation-lifecycle-exempt`" + ` on a field or type silences it.

### Decisions where the KEP is ambiguous

- **` + "`since`" + ` is optional to the generator**, as in upstream (tags written for upstream keep
  generating); the KEP's "required" is enforced by the lifecycle lint, which needs the current version
  anyway. ` + "`\"1.36\"`" + ` and ` + "`\"v1.36\"`" + ` are both accepted: the KEP writes both.
- **Legacy strategy, beta rule**: enforced when both gates are on (the KEP's pre-lifecycle meaning of
  the beta gate: "controls which result is returned for Beta-stage rules").
- **Enforcement with DeclarativeValidation off**: standard rules stay enforced (new APIs have no
  hand-written fallback); beta and alpha rules fall back to hand-written validation, since the beta
  gate "has no effect if DeclarativeValidation is disabled"; nothing is compared.
- **Enforced standard rules are not compared**: their hand-written counterpart is deleted at GA, and
  a new API has none. Covered hand-written errors still match them.
- **Panic under enforcement**: the hand-written result is returned plus one internal error, because
  standard rules have no fallback and a panic must not admit an object they would refuse.
- **Fuzzed updates** in ` + "`rollout.Equivalent`" + ` start from old objects hand-written validation
  accepts ("stored data is considered valid"), so a rule that ratchets is not blamed on data no server
  stored.
- **` + "`+k8s:immutable`" + `**: the KEP's tables mark "Optional Immutable x2" (` + "`+k8s:optional +k8s:immutable`" + `)
  as allowing UPDATE(set), while its definition (` + "`NoSet,NoModify,NoClear`" + `) and its HostNetwork
  example forbid it. kval follows the definition and the example, which is also upstream's behaviour:
  a value unset at creation stays unset. Use ` + "`+k8s:update=NoModify,NoClear`" + ` for set-once. On lists and
  maps the whole value is compared, so reordering a list is a change (the KEP's expansion into
  NoAddItem, NoRemoveItem and eachVal would allow reordering a listType=map or set); kval keeps
  upstream's semantics, which upstream's tests pin.
- **` + "`+k8s:update`" + ` lists**: ` + "`NoModify,NoClear`" + ` is read as one value (the tag grammar reads a
  comma-separated list of names after "="); ` + "`NoClear`" + ` is the KEP's name for upstream's ` + "`NoUnset`" + `, and both
  are accepted. Repeating the tag combines constraints as a list does.
- **` + "`+k8s:ifSubresource`" + `**: the KEP writes ` + "`('/status')`" + ` with single quotes, which no tag grammar reads;
  kval takes ` + "`status`" + `, ` + "`\"status\"`" + ` or ` + "`\"/status\"`" + `, and ` + "`\"/\"`" + ` for the resource itself.
- **Stability of the new tags**: ` + "`exclusiveMinimum`" + `, ` + "`exclusiveMaximum`" + `, ` + "`ifSubresource`" + ` and
  ` + "`ifNotSubresource`" + ` start at Beta (KEP-5073's track for simple tags), so a stable rule using them is
  written ` + "`+k8s:beta(since: ...)=...`" + `; ` + "`ifOptionEnabled`" + ` and ` + "`ifOptionDisabled`" + ` are the KEP's names for
  upstream's stable ` + "`ifEnabled`" + ` and ` + "`ifDisabled`" + `, which remain as aliases.
- **Cross-field bounds** (` + "`+k8s:minimum(constraint: minValue)`" + `, also ` + "`maximum`" + ` and the exclusive
  bounds): the constraint is a field path of JSON names relative to the struct that declares the field
  (` + "`minValue`" + `, ` + "`limits.maxValue`" + `), with no ` + "`self`" + ` or ` + "`parent`" + `, as the KEP writes it. The check is
  hoisted to that struct, the nearest common ancestor of both fields, and runs when both are set: a nil
  pointer (or a nil pointer on the path) is unset, a non-pointer zero is a value, since a bound compares
  values. On update it runs again only when the field or its constraint changed (value or set-ness),
  whatever else in the struct changed. Both fields must have the same integer type underneath (a named
  type converts), so no comparison overflows. Errors carry the plain bound's origin (` + "`minimum`" + `), so
  hand-written errors match either form; their detail names the constraint's path and value. The form
  has the bound tag's stability; the KEP puts cross-field rules on the alpha track, which authors
  express with ` + "`+k8s:alpha(...)=`" + `.
- **Typedef chains** (the KEP's "simple one-deep typedefs work, but not two-deep"): kval keeps Go's
  and upstream's semantics, so in ` + "`type Bar Foo`" + ` a value of type ` + "`Bar`" + ` is checked by ` + "`Bar`" + `'s tags only,
  never by ` + "`Foo`" + `'s (a struct's field tags do carry over: they belong to the fields), and it lints what
  that hides. Rules, each reported with file:line and a fix: (1) every tag of ` + "`Foo`" + ` that ` + "`Bar`" + ` does not
  restate is reported on ` + "`Bar`" + `'s declaration as hidden; restating it on ` + "`Bar`" + `, identically or stricter,
  is the fix, so a tag repeated on both is *not* a duplicate (reporting it would leave no correct way to
  write the chain). Only the direct link is checked: ` + "`type Baz Bar`" + ` is compared with ` + "`Bar`" + `, whose own
  gaps are reported on ` + "`Bar`" + `. (2) A bound ` + "`Bar`" + ` restates looser than ` + "`Foo`" + `'s (a lower minimum, a higher
  maximum, for lengths, items, properties, values and the exclusive bounds) is reported: ` + "`Bar`" + ` would
  accept values ` + "`Foo`" + ` refuses; another value of a non-bound one-value tag (another format) is taken as a
  deliberate override. (3) Tags on an alias declaration (` + "`type Baz = Foo`" + `) are reported: ` + "`Baz`" + ` *is*
  ` + "`Foo`" + `, the generator reads ` + "`Foo`" + `'s comment only, and upstream's parser drops the alias's comment too.
  (4) A field tag identical to a tag of the field's own named type (` + "`+k8s:minLength=4`" + ` on a field of
  type ` + "`Foo`" + ` that has it) is reported as a repeat: the type's validation already runs for the field, so
  the rule would run, and fail, twice; list metadata (` + "`listType`" + `, ` + "`listMapKey`" + `, ` + "`unique`" + `) may be
  repeated, and another value is a separate rule. All four are lint rules: ` + "`+k8s:validation-gen-nolint`" + `
  turns them off.
- **Virtual fields** (the KEP marks them illustrative): ` + "`+k8s:listMapItem(key: \"value\", ...)`" + ` is the
  KEP's name for ` + "`+k8s:item`" + ` (its own catalog calls ` + "`+k8s:item(key: value)`" + ` the list-map item virtual
  field), and both mean the same; the KEP's ` + "`pairs: [[key, value], ...]`" + ` form is refused (name each
  key). ` + "`+k8s:memberOf(group: g)`" + ` and ` + "`+k8s:union(union: g)`" + ` are refused rather than guessed: the KEP's
  example (a Succeeded and a Failed condition in one "union") reads as *at most one* member, while
  "union" in the tags upstream ships means *exactly one*, and groups scoped to a whole GVK do not fit
  checks that run on the struct holding the members. The member tags say which is meant:
  ` + "`+k8s:listMapItem(type: \"Succeeded\")=+k8s:zeroOrOneOfMember(union: terminalStatus)`" + ` (at most one) or
  ` + "`...=+k8s:unionMember(union: terminalStatus)`" + ` (exactly one); the KEP's example, written so, is the
  golden package ` + "`virtualfields`" + `.

- **Item-level update rules** (the KEP's CSR example and its item table): ` + "`" + `+k8s:item(key: value)=+k8s:update=...` + "`" + `
  is checked on the list, since a removed item cannot be visited. NoSet (or NoAddItem) forbids adding the
  item on update (at creation it may be there), NoClear (NoUnset, NoRemoveItem) removing it, and clearing
  the list removes it ("clearing a list is unsetting all items"); NoModify forbids changing it, while
  moving it within the list is no change. ` + "`" + `+k8s:item(key: value)=+k8s:forbidden` + "`" + ` means the item must not
  be in the list (the KEP's table also says "can add this item ... but can only be at zero value", which
  contradicts "Forbidden"; kval follows the name); a stored item kept unchanged is accepted on update
  (ratcheting). ` + "`" + `+k8s:forbidden` + "`" + ` is a beta tag, so the rule is written ` + "`" + `+k8s:beta=+k8s:item(...)=+k8s:forbidden` + "`" + `.
  ` + "`" + `+k8s:item(key: value)=+k8s:immutable` + "`" + ` keeps upstream's meaning, which upstream's tests pin: the item may
  not be added on update or changed, but its removal is not seen (the KEP's "Immutable List/Map Item x2" row
  also forbids it); write ` + "`" + `+k8s:item(key: value)=+k8s:update=NoSet,NoModify,NoRemoveItem` + "`" + ` for that.
- **` + "`" + `+k8s:eachVal=+k8s:update=NoSet,NoClear` + "`" + `** (the KEP's ` + "`" + `Items` + "`" + ` example): a list or map value exists
  only under its key (map key, list-map keys, a set item's content), and old values are correlated by that
  key, so a value set on update is an item added and a value cleared an item removed: the tags are the
  collection's NoAddItem and NoRemoveItem, reported at the added item (index or key) and at the list (or the removed key).
  A map value changing from "" to "x" under a kept key is a modification (NoModify), not a set. NoModify
  stays per value. Golden package ` + "`" + `itemupdates` + "`" + `.

- **` + "`" + `+k8s:default` + "`" + `** is KEP-5073's spelling of ` + "`" + `+default=<json>` + "`" + `; kval reads both the same way (only
  one per field). Defaulting generators (defaulter-gen) read only ` + "`" + `+default` + "`" + `, so write ` + "`" + `+default` + "`" + ` where
  defaults are generated from the tag.
- **Optional, required, default (the KEP's zero-value section)**: the KEP weighs a tri-state where
  ` + "`" + `+k8s:optional` + "`" + `, ` + "`" + `+k8s:required` + "`" + ` and ` + "`" + `+k8s:default` + "`" + ` exclude each other, but its later tables (and
  upstream) write a defaulted field ` + "`" + `+k8s:optional +default=X` + "`" + ` ("Optional with Default", "effectively
  required" once defaulted). kval follows the tables: a default goes with ` + "`" + `+k8s:optional` + "`" + ` (the lint asks
  for it on a defaulted field with validations, since ` + "`" + `+k8s:optional` + "`" + ` is what emits the check), and is
  refused with ` + "`" + `+k8s:required` + "`" + ` and with ` + "`" + `+k8s:forbidden` + "`" + `. As the KEP asks, the lint checks every default
  against the field's type (` + "`" + `+default="abc"` + "`" + ` on an integer, ` + "`" + `1.5` + "`" + ` on an integer, an object on a string;
  types with their own JSON form, such as ` + "`" + `resource.Quantity` + "`" + `, are not checked) and against the bounds
  written on the field itself, also behind ` + "`" + `+k8s:alpha=` + "`" + `/` + "`" + `+k8s:beta=` + "`" + ` (minimum, maximum, the exclusive
  bounds, ` + "`" + `neq` + "`" + `, lengths, items, properties): ` + "`" + `+default=0` + "`" + ` with ` + "`" + `+k8s:minimum=1` + "`" + ` is reported, since every
  object omitting the field would be refused. Conditional rules and rules of the field's type are not
  compared.

### Not implemented

- **Cross-field references beyond struct fields**: a field reference inside ` + "`+k8s:eachVal`" + ` (the KEP's
  ` + "`+k8s:eachVal=+k8s:maximum(constraint: maxThreshold)`" + `) and the explicit placement on the common
  ancestor type (` + "`target:`" + `, which the KEP itself marks illustrative) are refused with a message;
  references reach siblings and fields of nested structs, not through lists or maps.
- **Virtual-field groups** ` + "`+k8s:memberOf(group: ...)`" + ` and ` + "`+k8s:union(union: ...)`" + ` are refused, with
  their reason and the tags to write (see the decision above), even under ` + "`+k8s:validation-gen-nolint`" + `.
- **Bounds on non-integer numbers and ` + "`resource.Quantity`" + `**: the KEP shows no example; the numeric
  tags take integer fields.
- **Typedef chains followed by the generator** (the KEP's possible "full support of n-deep nested
  typedefs"): kval lints them instead (see the decision above), which keeps upstream's output.
- **Cross-version tag consistency** (v1beta1 against v1) is not checked yet.
- **` + "`+k8s:update=NoAddItem,NoRemoveItem`" + ` on atomic lists** is refused, as the KEP says ("NOT ALLOWED").
`
