#!/usr/bin/env bash
# test_fuzz_smoke.sh - builds the libFuzzer targets (make fuzz, clang) and
# runs each over its seed corpus in tests/fuzz/corpus, then fuzzes it for a
# few seconds (FUZZ_SECONDS, default 8), two at a time.  Any crash, leak,
# sanitizer report or timeout fails the test.  Skipped, with the reason,
# when clang or its libFuzzer runtime is missing (scripts/deps.sh installs
# clang).  About 30 s on two CPUs.
# timeout: 600
. "$(dirname "$0")/lib.sh"

root=$(cd "$(dirname "$0")/../.." && pwd)
cc=${FUZZ_CC:-clang}
secs=${FUZZ_SECONDS:-8}

plain_pass_only "fuzz smoke" "the fuzz targets are a sanitizer build of their own (build-fuzz/)" ||
	finish
if ! command -v "$cc" >/dev/null; then
	skip "fuzz smoke" "$cc is not installed (scripts/deps.sh installs clang)"
	finish
fi
printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
	'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)' \
	'{ (void)d; (void)n; return 0; }' >"$T/probe.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined -o "$T/probe" "$T/probe.c" \
	>"$T/probe.err" 2>&1; then
	skip "fuzz smoke" "$cc has no libFuzzer runtime: $(head -c 200 "$T/probe.err")"
	finish
fi

if make -s -C "$root" -j2 fuzz FUZZ_CC="$cc" >"$T/build.log" 2>&1; then
	ok "make fuzz builds the targets"
else
	nok "make fuzz failed: $(grep -m3 error "$T/build.log")"
	finish
fi

names=()
for f in "$root"/tests/fuzz/fuzz_*.c; do
	n=$(basename "$f" .c)
	names+=("${n#fuzz_}")
done
check "at least five fuzz targets" test ${#names[@]} -ge 5

# fuzz NAME: replay the seeds, then fuzz into a scratch corpus; log in $T.
fuzz() {
	local n=$1 bin=$root/build-fuzz/fuzz_$1 seeds=$root/tests/fuzz/corpus/$1
	local opts=(-close_fd_mask=3 -timeout=10 -rss_limit_mb=2048
		    -max_len=65536 -print_final_stats=1
		    -artifact_prefix="$T/crash-$n-")
	[ -f "$root/tests/fuzz/$n.dict" ] &&
		opts+=(-dict="$root/tests/fuzz/$n.dict")
	mkdir -p "$T/work-$n"
	{
		"$bin" "${opts[@]}" -runs=0 "$seeds" &&
		"$bin" "${opts[@]}" -max_total_time="$secs" "$T/work-$n" "$seeds"
	} >"$T/$n.log" 2>&1
}

# judge NAME STATUS: no failure, no sanitizer report, and it really ran.
judge() {
	local n=$1 st=$2 nseeds runs
	nseeds=$(find "$root/tests/fuzz/corpus/$n" -type f | wc -l)
	check "fuzz $n: seed corpus present ($nseeds inputs)" test "$nseeds" -gt 0
	if [ "$st" -eq 0 ] && ! grep -qE \
		'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:' \
		"$T/$n.log"; then
		ok "fuzz $n: seeds and ${secs} s of fuzzing, no crash"
	else
		nok "fuzz $n: exit $st: $(grep -m3 -E 'ERROR|SUMMARY|runtime error' \
			"$T/$n.log")"
		ls "$T"/crash-"$n"-* 2>/dev/null | sed 's/^/    input: /'
	fi
	runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$T/$n.log" |
		tail -n1 | awk '{print $2}')
	check "fuzz $n: executed more inputs than seeds (${runs:-0})" \
		test "${runs:-0}" -gt "$nseeds"
}

i=0
while [ $i -lt ${#names[@]} ]; do
	pids=()
	for n in "${names[@]:$i:2}"; do
		fuzz "$n" &
		pids+=("$!:$n")
	done
	for pn in "${pids[@]}"; do
		wait "${pn%%:*}"
		judge "${pn#*:}" $?
	done
	i=$((i + 2))
done
finish
