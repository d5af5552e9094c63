#!/usr/bin/env bash
# test_runner.sh - the test runner itself (tests/run.sh), on made-up tests
# in a folder of their own: the counts of passed, failed and skipped
# checks (an exit 77 without lines is one skip, a crash without a failed
# line one failure), the final line's exact form, the exit status, a
# timeout that ends a hung script and what it started, scripts running
# side by side, a "# serial:" script running alone, "# serial-plain:"
# alone in a plain pass only, two passes in one schedule, and a private
# XDG_DATA_HOME per test.
# timeout: 120
# serial: its check that scripts ran side by side times their sleeps
. "$(dirname "$0")/lib.sh"

unset ONLY TEST_TIMEOUT JOBS IOPROBE_SANITIZED
RUN=$(cd "$(dirname "$0")/.." && pwd)/run.sh
E=$T/e2e U=$T/unit
mkdir -p "$E" "$U"
L=$T/spans	# one line per test: name start end (seconds since the epoch)
span='echo "$(basename "$0") $s $EPOCHREALTIME" >>'"'$L'"
mk() {	# $1 = name, $2 = header lines, $3 = body
	printf '#!/usr/bin/env bash\n%s\ns=$EPOCHREALTIME\n%s\n%s\n' \
		"$2" "$3" "$span" >"$E/$1.sh"
}
mk test_a '# two passes, one skip' \
	'echo "ok - a1"; echo "ok - a2"; echo "not ok - a3 # SKIP why"; sleep 2'
mk test_b '# parallel' 'echo "ok - b1"; sleep 2'
mk test_c '# serial: measures time' 'echo "ok - c1"; sleep 1'
mk test_d '# serial-plain: measures time in the plain pass only' \
	'echo "ok - d1"; sleep 1'
mk test_skip77 '' 'echo "skipped: nothing to do here" >&2; exit 77'
mk test_crash '' 'echo "ok - before the crash"; exit 3'
mk test_fail '' 'echo "ok - f1"; echo "not ok - f2"; exit 1'
mk test_xdg '' 'echo "ok - xdg"; touch "$XDG_DATA_HOME/mine" &&
	echo "$XDG_DATA_HOME" >'"'$T/xdg.path'"
printf '#!/usr/bin/env bash\n# timeout: 2\nsleep 60 &\necho $! >%s\nwait\n' \
	"'$T/hung.pid'" >"$E/test_hung.sh"
printf '#!/bin/sh\necho "ok 1 - unit"\n' >"$U/test_u"
chmod +x "$U/test_u"

# ---- one pass --------------------------------------------------------------
t0=$EPOCHREALTIME
ONLY= TEST_TIMEOUT=60 E2E_DIR=$E JOBS=4 IOPROBE=/bin/true UNIT_DIR=$U bash "$RUN" >"$T/out" 2>&1
rc=$?
el=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", b - a }')
sed 's/^/# /' "$T/out"
check_eq "final line: N passed, N failed, N skipped" "$(tail -n 1 "$T/out")" \
	"9 passed, 3 failed, 2 skipped"
check "the final line is plain text in that form" \
	grep -Eqx '[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' <(tail -n 1 "$T/out")
check_eq "a failure makes the exit status 1" "$rc" 1
check "a crash is counted with its status" \
	grep -q "not ok - e2e/test_crash exited with status 3" "$T/out"
check "an exit 77 is a visible skip" \
	grep -q "\[e2e/test_skip77\] skipped: nothing to do here" "$T/out"
check "the hung script timed out" \
	grep -q "not ok - e2e/test_hung timed out after 2 s" "$T/out"
pid=$(cat "$T/hung.pid" 2>/dev/null)
gone() {	# $1 = pid: ended (no such process, or a zombie not yet reaped)
	[ -n "$1" ] && { [ ! -e "/proc/$1" ] ||
		[ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" = Z ]; }
}
check "what the hung script started was ended too" gone "$pid"
check "the failures are named" grep -q "^failed: .*e2e/test_fail" "$T/out"
check "each line ends with its seconds" \
	grep -Eq '^e2e/test_a +2 passed, 0 failed, 1 skipped +[0-9]+s$' "$T/out"
check "serial time is summed" grep -Eq '^time: .* in 2 serial$' "$T/out"
# 2 s + 2 s + 1 s + 1 s + 2 s of sleeping in one after another would be 8 s
check "parallel: well under the sum of the sleeps ($el s)" test "$el" -lt 8
overlap() {	# $1, $2 = tests: their spans overlap
	awk -v a="$1.sh" -v b="$2.sh" '$1 == a { s1 = $2; e1 = $3 }
		$1 == b { s2 = $2; e2 = $3 }
		END { exit !(s1 < e2 && s2 < e1) }' "$L"
}
check "test_a and test_b ran side by side" overlap test_a test_b
alone=1
for o in test_a test_b test_d test_skip77 test_crash test_fail test_xdg; do
	overlap test_c "$o" && alone=0
done
check_eq "the serial test ran alone" "$alone" 1
alone=1
for o in test_a test_b test_c test_skip77 test_crash test_fail test_xdg; do
	overlap test_d "$o" && alone=0
done
check_eq "serial-plain: alone in a plain pass" "$alone" 1
x=$(cat "$T/xdg.path" 2>/dev/null)
check "each test has its own XDG_DATA_HOME, removed after" \
	bash -c "[ -n '$x' ] && [ '$x' != '${XDG_DATA_HOME:-}' ] && [ ! -e '$x' ]"

# ---- ONLY, two passes, sanitized ------------------------------------------
: >"$L"
ONLY='test_(a|d|u)$' E2E_DIR=$E JOBS=4 bash "$RUN" --pass one /bin/true "$U" \
	--pass two /bin/false "$U" --sanitized >"$T/out2" 2>&1
rc=$?
sed 's/^/# /' "$T/out2"
check_eq "two passes: exit 0" "$rc" 0
check_eq "two passes: the totals of both" "$(tail -n 1 "$T/out2")" \
	"8 passed, 0 failed, 2 skipped"
check "two passes: a line per pass" grep -q "^pass two: 4 passed, 0 failed, 1 skipped$" \
	"$T/out2"
check "two passes: names carry the pass" grep -q "^two:e2e/test_d " "$T/out2"
check_eq "ONLY keeps the named tests" "$(grep -c 'passed, .* skipped .*s' "$T/out2")" 6
check "serial-plain: not serial in a sanitized pass" \
	bash -c "! grep -q '^two:e2e/test_d .*(serial)' '$T/out2' &&
		grep -q '^one:e2e/test_d .*(serial)' '$T/out2'"
finish
