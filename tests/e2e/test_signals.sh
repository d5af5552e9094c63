#!/usr/bin/env bash
# test_signals.sh - SIGINT/SIGTERM/SIGQUIT/SIGUSR1 during the measured
# window stop I/O within a second, print the shortened window's results
# marked as interrupted and exit 128+signal; during warm-up they print
# "no results".
. "$(dirname "$0")/lib.sh"

f=$T/sig.dat
"$IOPROBE" -b4K -d1 -W0 -r -o4 -c16M "$f" >/dev/null 2>&1	# create once

# interrupt SIG WAIT_S ARGS...: start ioprobe, send SIG after WAIT_S,
# sets rc and stop_ms (signal to exit).
interrupt() {
	local sig=$1 wait_s=$2 pid t0 t1
	shift 2
	"$IOPROBE" "$@" >"$T/out" 2>"$T/err" &
	pid=$!
	sleep "$wait_s"
	t0=$(date +%s%N)
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
	t1=$(date +%s%N)
	stop_ms=$(((t1 - t0) / 1000000))
}

for s in INT:130 TERM:143 QUIT:131 USR1:138; do
	sig=${s%%:*} want=${s#*:}
	interrupt "$sig" 1.5 -b4K -d30 -W0 -r -o8 -L "$f"
	check_eq "SIG$sig in window: exit status" "$rc" "$want"
	check "SIG$sig in window: stopped within a second (${stop_ms} ms)" \
		[ "$stop_ms" -lt 1000 ]
	check "SIG$sig in window: results marked interrupted" \
		grep -q '^interrupted:[[:space:]]*yes' "$T/out"
	t=$(sed -n 's/^actual test time:[[:space:]]*\([0-9.]*\)s/\1/p' "$T/out")
	check "SIG$sig in window: measured time is the short window (${t:-none}s)" \
		awk -v t="${t:-0}" 'BEGIN { exit !(t > 0.8 && t < 5) }'
	n=$(awk -F'|' '/^total:/ { gsub(/ /, "", $2); print $2; exit }' "$T/out")
	check "SIG$sig in window: results have I/Os (${n:-none})" [ "${n:-0}" -gt 0 ]
	check "SIG$sig in window: note on stderr" \
		grep -q 'Interrupted by signal' "$T/err"

	interrupt "$sig" 1 -b4K -d5 -W30 -r -o8 "$f"
	check_eq "SIG$sig in warm-up: exit status" "$rc" "$want"
	check "SIG$sig in warm-up: stopped within a second (${stop_ms} ms)" \
		[ "$stop_ms" -lt 1000 ]
	check "SIG$sig in warm-up: no results" \
		grep -q 'interrupted before the measurements began. No results are displayed' "$T/out"
	check "SIG$sig in warm-up: no result table" \
		bash -c "! grep -q '^total:' '$T/out'"
done
finish
