#!/usr/bin/env bash
# Issue 30's many-core measurements as one script, for a lent machine with
# many cores and no Go (the device tool; bench/NOTES.md): kval
# validate -j N against kubeconform -n N at 1 to 16 workers on 50,000
# files, a CPU profile and a scheduler trace of kval at -j 2 and -j 16, and
# the webhook against its constant-answer baseline, in one process and as
# pinned processes. Build the binaries here first (stripped, xz-compressed
# so that they travel), from the repository root:
#
#	bench/manycore.sh build DIR      # DIR/*.xz: kval, kubeconform, vspeers, webhookload, cli.test, the schemas
#	bench/manycore.sh run DIR OUT    # on the many-core machine; figures on stdout, profiles and traces in OUT
#	bench/manycore.sh webhook DIR    # the webhook's part of run alone (one device call of a few minutes)
#	bench/manycore.sh pinned DIR     # only its pinned processes, on rates up to 60,000/s
#
# SIZES, JOBS, ROUNDS, PROFILE_JOBS, RATES, SERVER_CPUS, CLIENT_CPUS,
# REVIEW and HTTP2 change what run measures (defaults: 1,50000; 1,2,4,8,16;
# 3, for vspeers and each rate of the webhook; "2 16"; 5000,...,30000 by
# 5000, by 2500 from 10000 to 25000 for webhook alone, 10000 to 60000 for
# pinned; 0-7; 8-15; as-written, webhookload's -review; unset:
# HTTP/1.1 as kube-apiserver calls a webhook referenced by a Service, set:
# HTTP/2, webhookload's -http2), e.g. to try it on a small machine first.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")

unpack() { # FILE.xz > FILE, with xz or, where it is missing, python3's lzma
	if command -v xz >/dev/null; then xz -dc "$1"; else python3 -c 'import lzma,sys; sys.stdout.buffer.write(lzma.open(sys.argv[1]).read())' "$1"; fi
}

pack() { # FILE -> FILE.xz
	if command -v xz >/dev/null; then xz -T0 -f "$1"; else python3 -c 'import lzma,sys,os; open(sys.argv[1]+".xz","wb").write(lzma.compress(open(sys.argv[1],"rb").read())); os.remove(sys.argv[1])' "$1"; fi
}

build() {
	local dir vs=${VSPEERS_WORK:-/tmp/manycore-build}
	mkdir -p "$1" "$vs" && dir=$(cd "$1" && pwd) || exit 1
	# vspeers builds kubeconform and writes its schemas once; -sizes 1 keeps it short.
	(cd "$root/bench" && go run ./cmd/vspeers -work "$vs" -sizes 1 -tools kval,kubeconform -rounds 1) >/dev/null || exit 1
	local ld=(-ldflags "-s -w")
	(cd "$root" && go build "${ld[@]}" -o "$dir/kval" ./cmd/kval &&
		go test "${ld[@]}" -c -o "$dir/cli.test" ./cmd/kval/internal/cli) || exit 1
	(cd "$root/bench" && go build "${ld[@]}" -o "$dir/vspeers" ./cmd/vspeers &&
		go build "${ld[@]}" -o "$dir/webhookload" ./cmd/webhookload) || exit 1
	(cd /tmp && GOBIN="$dir" GOWORK=off GOFLAGS="-ldflags=-s -w" go install github.com/yannh/kubeconform/cmd/kubeconform@v0.8.0) || exit 1
	tar -C "$vs" -cJf "$dir/schemas.tar.xz" kubeconform-schemas || exit 1
	for f in kval cli.test vspeers webhookload kubeconform; do pack "$dir/$f"; done
}

work=/tmp/manycore-work

unpackAll() { # DIR: the binaries and the schemas into $work
	local dir
	dir=$(cd "$1" && pwd) && mkdir -p "$work" && tar -C "$work" -xJf "$dir/schemas.tar.xz" || exit 1
	for f in kval cli.test vspeers webhookload kubeconform; do
		unpack "$dir/$f.xz" >"$work/$f" && chmod +x "$work/$f" || exit 1
	done
	echo "cores $(nproc); $(grep -m1 'model name' /proc/cpuinfo); kernel $(uname -r); $(date -u)"
	cd "$root/bench" || exit 1
}

run() {
	local out
	mkdir -p "$2" && out=$(cd "$2" && pwd) || exit 1
	unpackAll "$1"
	echo "== kval validate -j N / kubeconform -n N, one-object files"
	local sizes=${SIZES:-1,50000}
	"$work/vspeers" -prebuilt -work "$work" -sizes "$sizes" -tools kval,kubeconform -jobs "${JOBS:-1,2,4,8,16}" -rounds "${ROUNDS:-3}"
	# The profiles and traces take 10,000 of the largest tree's files: a
	# trace of all 50,000 would not come back (16 MB a file).
	local crds=$root/testdata/corpus/gateway-api/crds-experimental largest=${sizes##*,} part=$work/profile-tree
	rm -rf "$part" && mkdir -p "$part" || exit 1
	(cd "$work/tree-$largest" && ls | head -100 | xargs cp -r -t "$part") || exit 1
	for j in ${PROFILE_JOBS:-2 16}; do
		echo "== profile and trace of kval validate -j $j, $(find "$part" -type f | wc -l) files"
		KVAL_PROFILE_TREE=$part KVAL_PROFILE_CRDS=$crds KVAL_PROFILE_JOBS=$j \
			"$work/cli.test" -test.count 1 -test.run TestProfileValidate \
			-test.cpuprofile "$out/cpu-j$j.out" -test.trace "$out/trace-j$j.out" && pack "$out/trace-j$j.out"
	done
	webhook
}

webhook() { # the webhook against its baseline, in one process and pinned
	webhookSettings
	echo "== webhook ($review review, $label): client and servers in one process, every core"
	"$work/webhookload" -compare -rates "$rates" -duration 2s -rounds "${ROUNDS:-3}" -review "$review" "${proto[@]}"
	pinned
}

webhookSettings() { # rates, review and proto from the environment
	rates=${RATES:-5000,10000,15000,20000,25000,30000}
	review=${REVIEW:-as-written} proto=() label=HTTP/1.1
	if [ -n "${HTTP2:-}" ]; then proto=(-http2) label=HTTP/2; fi
}

pinned() { # the webhook against its baseline as separate processes on separate cores
	webhookSettings
	local server=${SERVER_CPUS:-0-7} client=${CLIENT_CPUS:-8-15}
	echo "== webhook ($review review, $label): servers on cores $server, client on $client"
	taskset -c "$server" "$work/webhookload" -serve 127.0.0.1:8443 &
	local kv=$!
	taskset -c "$server" "$work/webhookload" -serve 127.0.0.1:8444 -baseline &
	local base=$!
	sleep 2
	taskset -c "$client" "$work/webhookload" -server 127.0.0.1:8443 -baseline-server 127.0.0.1:8444 \
		-rates "$rates" -duration 2s -rounds "${ROUNDS:-3}" -review "$review" "${proto[@]}"
	echo "kval's server:" && kill -INT "$kv" && wait "$kv"
	echo "the baseline's server:" && kill -INT "$base" && wait "$base"
}

case ${1:-} in
build) build "$2" ;;
run) run "$2" "$3" ;;
webhook) # alone, a finer grid of rates by default: 0.8 of the baseline's rate must be readable
	unpackAll "$2" && RATES=${RATES:-5000,10000,12500,15000,17500,20000,22500,25000,30000} webhook ;;
pinned) # the pinned processes alone (issue 30's measurement), on a grid for HTTP/1.1's higher rates
	unpackAll "$2" && RATES=${RATES:-10000,15000,20000,25000,30000,35000,40000,50000,60000} pinned ;;
*)
	echo "usage: $0 build DIR | run DIR OUT | webhook DIR | pinned DIR" >&2
	exit 2
	;;
esac
