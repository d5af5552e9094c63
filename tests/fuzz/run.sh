#!/usr/bin/env bash
# run.sh - runs the libFuzzer targets of tests/fuzz/ (built by `make fuzz`
# into build-fuzz/), two at a time (one per CPU of a small CI box).
#
#   tests/fuzz/run.sh [-t SECONDS] [TARGET...]
#
# Each target first replays its seed corpus (tests/fuzz/corpus/NAME), then
# fuzzes for SECONDS (default 60; 0 = replay only), growing a working
# corpus in build-fuzz/corpus/NAME.  A crash, leak or sanitizer report is
# saved in build-fuzz/artifacts/NAME/ and makes the script exit 1; keep the
# input as a regression seed in tests/fuzz/corpus/NAME once fixed.
# TARGET is a name such as cli or history (default: all of them).
# NAME.dict beside a target, when present, is its libFuzzer dictionary.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fb=${FUZZ_BUILD:-$root/build-fuzz}
secs=60
if [ "${1:-}" = "-t" ]; then
	secs=${2:?-t needs a number of seconds}
	shift 2
fi
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
	for f in "$here"/fuzz_*.c; do
		n=$(basename "$f" .c)
		names+=("${n#fuzz_}")
	done
fi

run_one() {	# NAME: replay the seeds, then fuzz; log in build-fuzz/NAME.log
	local n=$1 bin=$fb/fuzz_$1 work=$fb/corpus/$1 art=$fb/artifacts/$1/
	local opts=(-close_fd_mask=3 -timeout=10 -rss_limit_mb=2048
		    -max_len=65536 -print_final_stats=1)
	mkdir -p "$work" "$art"
	[ -f "$here/$n.dict" ] && opts+=(-dict="$here/$n.dict")
	if [ ! -x "$bin" ]; then
		echo "ERROR: $bin is missing: run make fuzz" >"$fb/$n.log"
		return 1
	fi
	{
		"$bin" "${opts[@]}" -artifact_prefix="$art" -runs=0 \
			"$here/corpus/$n" &&
		if [ "$secs" -gt 0 ]; then
			"$bin" "${opts[@]}" -artifact_prefix="$art" \
				-max_total_time="$secs" "$work" "$here/corpus/$n"
		fi
	} >"$fb/$n.log" 2>&1
}

# The whole loop is one function, read before it runs: editing this file
# while it fuzzes does not derail it.
main() {
	mkdir -p "$fb"
	fails=0
	i=0
	while [ $i -lt ${#names[@]} ]; do
		pids=()
		for n in "${names[@]:$i:2}"; do
			run_one "$n" &
			pids+=("$!:$n")
		done
		for pn in "${pids[@]}"; do
			if wait "${pn%%:*}"; then
				n=${pn#*:}
				echo "fuzz ${n}: ok ($(grep -o 'stat::number_of_executed_units: [0-9]*' \
					"$fb/$n.log" | tail -n1 | awk '{print $2}') runs)"
			else
				n=${pn#*:}
				fails=$((fails + 1))
				echo "fuzz ${n}: FAILED, log $fb/$n.log" >&2
				grep -E -m5 'ERROR|SUMMARY|Test unit written' \
					"$fb/$n.log" | sed 's/^/    /' >&2
			fi
		done
		i=$((i + 2))
	done
	[ "$fails" -eq 0 ]
}
main
exit
