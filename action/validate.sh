#!/usr/bin/env bash
# The GitHub Action's "kval validate" step (action.yml), a script so that
# it runs without GitHub too (cmd/kval/internal/cli's action tests run it).
#
# It runs kval validate on the paths (KVAL_PATHS, with --base when
# KVAL_BASE is set), then renders each Kustomize overlay (KVAL_KUSTOMIZE)
# and Helm chart (KVAL_HELM_CHARTS) into a file of its own and runs kval
# validate on each file. A file is named after what it was rendered from
# ($tmp/kustomize/OVERLAY.yaml, $tmp/helm/CHART.yaml), so every message
# names its overlay or chart. With KVAL_BASE, each overlay or chart is
# also rendered from the base revision (checked out with git worktree, the
# same command run in the same directory there), and that rendering is
# kval's --old: a change to an immutable field fails as it would on the
# cluster. An overlay or chart the base lacks is checked as creates; one
# whose base rendering fails, or gives old objects kval cannot use (a kind
# no CRD defines), too, with a warning. Each rendering has a kval run of
# its own: overlays of one repository often render objects of the same
# identity, which one --old could not match.
#
# Environment: KVAL_BIN (the directory of kval), KVAL_PATHS, KVAL_CRDS,
# KVAL_BASE, KVAL_OUTPUT, KVAL_OUTPUT_FILE, KVAL_FIELD_VALIDATION,
# KVAL_FAIL_ON, KVAL_ARGS as action.yml's inputs; KVAL_KUSTOMIZE (overlay
# directories), KVAL_KUSTOMIZE_ARGS; KVAL_HELM_CHARTS (chart directories,
# each optionally CHART=VALUES[,VALUES...]), KVAL_HELM_ARGS,
# KVAL_HELM_RELEASE, KVAL_HELM_NAMESPACE, KVAL_HELM_INCLUDE_CRDS;
# KVAL_KUSTOMIZE_BIN and KVAL_HELM_BIN, directories put first on PATH (the
# renderers the Action installed). Lists are separated by spaces, never
# globbed. The exit status is the highest of the runs' (kval's: 1 invalid,
# 2 unusable input); a renderer that fails counts as 2.
set -o pipefail
set -f

: "${KVAL_PATHS:=}" "${KVAL_CRDS:=}" "${KVAL_BASE:=}" "${KVAL_OUTPUT:=text}" "${KVAL_OUTPUT_FILE:=}"
: "${KVAL_FIELD_VALIDATION:=Strict}" "${KVAL_FAIL_ON:=error}" "${KVAL_ARGS:=}"
: "${KVAL_KUSTOMIZE:=}" "${KVAL_KUSTOMIZE_ARGS:=}" "${KVAL_KUSTOMIZE_BIN:=}"
: "${KVAL_HELM_CHARTS:=}" "${KVAL_HELM_ARGS:=}" "${KVAL_HELM_RELEASE:=}" "${KVAL_HELM_NAMESPACE:=}"
: "${KVAL_HELM_INCLUDE_CRDS:=true}" "${KVAL_HELM_BIN:=}"

kval="$KVAL_BIN/kval"
for dir in "$KVAL_HELM_BIN" "$KVAL_KUSTOMIZE_BIN"; do
	if [ -n "$dir" ]; then PATH="$dir:$PATH"; fi
done

# escape makes a string safe in a workflow command's message (%, CR, LF).
escape() {
	local s="${1//%/%25}"
	s="${s//$'\r'/%0D}"
	printf '%s' "${s//$'\n'/%0A}"
}

status=0
# note records a run's exit status: the highest wins.
note() {
	if [ "$1" -gt "$status" ]; then status=$1; fi
}

flags=(--output "$KVAL_OUTPUT" --field-validation "$KVAL_FIELD_VALIDATION" --fail-on "$KVAL_FAIL_ON")
for crd in $KVAL_CRDS; do flags+=(--crd "$crd"); done

# validate runs kval validate with flags plus its arguments, writing to
# the output file of the run named $1 (empty: the paths' run).
validate() {
	local name="$1" out="$KVAL_OUTPUT_FILE"
	shift
	if [ -z "$out" ]; then
		"$kval" validate "$@"
		return
	fi
	if [ -n "$name" ]; then
		# kval.sarif: kval.kustomize-overlays-prod.sarif beside it.
		local dir base
		dir="$(dirname "$out")" base="$(basename "$out")"
		name="${name//\//-}"
		case "$base" in
		?*.*) out="$dir/${base%.*}.$name.${base##*.}" ;;
		*) out="$out.$name" ;;
		esac
	fi
	"$kval" validate "$@" >"$out"
}

if [ -z "$KVAL_PATHS$KVAL_KUSTOMIZE$KVAL_HELM_CHARTS" ]; then
	echo "::error::kval: nothing to validate: give paths, kustomize or helm-charts"
	exit 2
fi

if [ -n "$KVAL_PATHS" ]; then
	base=()
	if [ -n "$KVAL_BASE" ]; then base=(--base "$KVAL_BASE"); fi
	# shellcheck disable=SC2086 # KVAL_ARGS and KVAL_PATHS are lists
	validate "" "${flags[@]}" "${base[@]}" $KVAL_ARGS $KVAL_PATHS
	note $?
fi

if [ -z "$KVAL_KUSTOMIZE$KVAL_HELM_CHARTS" ]; then exit "$status"; fi

tmp="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/kval-rendered.XXXXXX")" || exit 2
worktree=""
cleanup() {
	if [ -n "$worktree" ]; then git worktree remove --force "$worktree" >/dev/null 2>&1; fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# basedir is the working directory's counterpart in the base revision's
# checkout, made before the renderings; empty without KVAL_BASE.
basedir=""
if [ -n "$KVAL_BASE" ]; then
	if ! commit="$(git rev-parse --verify --quiet "$KVAL_BASE^{commit}")"; then
		echo "::error::kval: base $(escape "$KVAL_BASE") is no revision of this repository (on a shallow checkout, fetch it first, or check out with fetch-depth: 2 for HEAD^1)"
		exit 2
	fi
	prefix="$(git rev-parse --show-prefix)" || exit 2
	worktree="$tmp/base"
	if ! git worktree add --quiet --detach "$worktree" "$commit" >&2; then
		worktree=""
		echo "::error::kval: base $(escape "$KVAL_BASE"): git worktree add failed"
		exit 2
	fi
	basedir="$worktree/$prefix"
fi

# rendered names the file of a rendering: the path it was rendered from,
# made relative (.. as __, the working directory itself by its name),
# under $tmp/KIND; a second rendering of one path gets -2, -3...
rendered() {
	local kind="$1" path="$2" part rel="" IFS=/
	for part in $path; do
		case "$part" in
		"" | .) continue ;;
		..) part=__ ;;
		esac
		rel="${rel:+$rel/}$part"
	done
	if [ -z "$rel" ]; then rel="$(basename "$PWD")"; fi
	local file="$kind/$rel" n=2
	while [ -e "$tmp/$file.yaml" ]; do
		file="$kind/$rel-$n"
		n=$((n + 1))
	done
	mkdir -p "$(dirname "$tmp/$file")"
	printf '%s' "$file"
}

# check validates the rendering $tmp/$1.yaml, described as $2, made by
# the command after $3: run here, and, with a base, in the base's
# checkout for the old objects ($tmp/old/$1.yaml), when the base holds $3
# (the overlay or the chart).
check() {
	local file="$1" what="$2" source="$3" rc
	shift 3
	echo "kval: $what: $tmp/$file.yaml" >&2
	"$@" >"$tmp/$file.yaml"
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "::error::kval: $(escape "$what") failed (exit $rc): not validated"
		note 2
		return
	fi
	local old=()
	if [ -n "$basedir" ]; then
		case "$source" in
		/*) echo "::notice::kval: $(escape "$what"): an absolute path has no base version: checked as creates" ;;
		*)
			if [ ! -e "$basedir/$source" ]; then
				echo "kval: $what: not in $KVAL_BASE: its objects are creates" >&2
			elif mkdir -p "$(dirname "$tmp/old/$file")" && (cd "$basedir" && "$@") >"$tmp/old/$file.yaml"; then
				old=(--old "$tmp/old/$file.yaml")
			else
				echo "::warning::kval: $(escape "$what") failed in $(escape "$KVAL_BASE"): its objects are checked as creates"
			fi
			;;
		esac
	fi
	local ns=()
	if [ "${file%%/*}" = helm ] && [ -n "$KVAL_HELM_NAMESPACE" ]; then ns=(--namespace "$KVAL_HELM_NAMESPACE"); fi
	# shellcheck disable=SC2086 # KVAL_ARGS is a list
	validate "$file" "${flags[@]}" "${ns[@]}" "${old[@]}" $KVAL_ARGS "$tmp/$file.yaml"
	rc=$?
	if [ $rc -eq 2 ] && [ ${#old[@]} -ne 0 ]; then
		# --old takes a cluster's objects: one of a kind no CRD defines
		# (even a skipped one), a document that does not parse or a name
		# given twice is unusable input there.
		echo "::warning::kval: $(escape "$what"): its rendering at $(escape "$KVAL_BASE") gives no usable old objects (the error above): checked as creates"
		# shellcheck disable=SC2086 # KVAL_ARGS is a list
		validate "$file" "${flags[@]}" "${ns[@]}" $KVAL_ARGS "$tmp/$file.yaml"
		rc=$?
	fi
	note $rc
}

for overlay in $KVAL_KUSTOMIZE; do
	# shellcheck disable=SC2086 # KVAL_KUSTOMIZE_ARGS is a list
	check "$(rendered kustomize "$overlay")" "kustomize build $overlay" "$overlay" kustomize build $KVAL_KUSTOMIZE_ARGS "$overlay"
done

for entry in $KVAL_HELM_CHARTS; do
	chart="${entry%%=*}" values=() what="helm template $chart"
	name="$chart"
	if [ "$entry" != "$chart" ]; then
		IFS=, read -r -a files <<<"${entry#*=}"
		for f in "${files[@]}"; do
			values+=(--values "$f")
			what="$what --values $f"
			f="$(basename "$f")"
			name="$name+${f%.y*ml}"
		done
	fi
	release="$KVAL_HELM_RELEASE"
	if [ -z "$release" ]; then release="$(cd "$chart" 2>/dev/null && basename "$PWD")" || release="$chart"; fi
	helm=(helm template "$release" "$chart" "${values[@]}")
	if [ -n "$KVAL_HELM_NAMESPACE" ]; then helm+=(--namespace "$KVAL_HELM_NAMESPACE"); fi
	if [ "$KVAL_HELM_INCLUDE_CRDS" = true ]; then helm+=(--include-crds); fi
	# shellcheck disable=SC2086 # KVAL_HELM_ARGS is a list
	check "$(rendered helm "$name")" "$what" "$chart" "${helm[@]}" $KVAL_HELM_ARGS
done

exit "$status"
