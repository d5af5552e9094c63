#!/usr/bin/env bash
# test_live.sh - the live status line, driven through tmux: on a terminal
# a plain run shows one line on stderr that changes in place (never a
# second line) and is gone before the report; piped, nothing; --quiet,
# nothing on a terminal or a pipe.  In a suite only the suite's line is
# drawn: the fill of the test file no longer draws a line of its own over
# it, and --quiet silences the suite's progress too.  A plain run's
# findings are results, not progress: --quiet keeps them on stderr and
# --no-findings silences them, so the runs here that expect an empty
# stderr pass --no-findings.
. "$(dirname "$0")/lib.sh"

if ! command -v tmux >/dev/null; then
	skip "live status" "tmux missing"
	finish
fi
sock=ioprobe-v9series-$$
at_exit "tmux -L '$sock' kill-server 2>/dev/null"
f=$T/live.dat
"$IOPROBE" -b4K -d1 -W0 -c16M "$f" >/dev/null 2>&1
status_re='^[0-9]+/[0-9]+ s  (warm-up|measuring|cool-down)  [0-9.,]+ IOPS  [0-9.,]+ MiB/s'

# term NAME CMD: run CMD (a shell line) in a fresh 150x20 tmux pane whose
# raw output is logged to $T/NAME.raw; $T/NAME.done holds its status.
term() {
	tmux -L "$sock" new-session -d -s "$1" -x 150 -y 20 \
		"sleep 0.5; $2; echo \$? >'$T/$1.done'; sleep 60"
	tmux -L "$sock" pipe-pane -t "$1" -o "cat >>'$T/$1.raw'"
}
pane() { tmux -L "$sock" capture-pane -p -t "$1" | grep -v '^$'; }
wait_done() {
	local i
	for i in $(seq 240); do
		[ -s "$T/$1.done" ] && return 0
		sleep 0.25
	done
	return 1
}

# ---- a plain run on a terminal -----------------------------------------
run=("$IOPROBE" -b4K -r -t1 -o1 -g2000i -W1 -d5 --no-findings "$f")
term plain "${run[*]} >'$T/plain.out'"
sleep 3
pane plain >"$T/p1"
sleep 1.5
pane plain >"$T/p2"
check_eq "terminal: one status line at 3 s" "$(grep -Ec "$status_re" "$T/p1")" 1
check_eq "terminal: nothing but it on the screen at 3 s" "$(wc -l <"$T/p1")" 1
check_eq "terminal: one status line at 4.5 s" "$(grep -Ec "$status_re" "$T/p2")" 1
check_eq "terminal: nothing but it on the screen at 4.5 s" "$(wc -l <"$T/p2")" 1
check "terminal: the line changed in place ($(cat "$T/p1") / $(cat "$T/p2"))" \
	bash -c "! cmp -s '$T/p1' '$T/p2'"
check "terminal: the measured window shows the last interval's P99" \
	grep -Eq "$status_re  P99 [0-9.]+ " "$T/p2"
check "terminal: elapsed of the whole 6 s run" grep -Eq '^[0-9]/6 s  ' "$T/p2"
check "terminal: run finished" wait_done plain
check_eq "terminal: exit 0" "$(cat "$T/plain.done" 2>/dev/null)" 0
check_eq "terminal: the line is gone when the run ends" "$(pane plain | wc -l)" 0
check "terminal: redrawn with a carriage return and clear-to-end" \
	grep -q $'\r[0-9]*/6 s  measuring.*\033\\[K' "$T/plain.raw"
check_eq "terminal: no newline among the redraws" \
	"$(tr -cd '\n' <"$T/plain.raw" | wc -c)" 0
check "terminal: the report on stdout has no status line" \
	bash -c "! grep -Eq ' IOPS  .* MiB/s' '$T/plain.out' && grep -q '^total:' '$T/plain.out'"

# ---- piped, and --quiet ----------------------------------------------
"${run[@]}" >/dev/null 2>"$T/piped.err"
check_eq "piped: nothing on stderr" "$(wc -c <"$T/piped.err")" 0
"$IOPROBE" --quiet --no-findings -b4K -r -t1 -o1 -g2000i -W0 -d1 "$f" >/dev/null 2>"$T/q.err"
check_eq "--quiet piped: nothing on stderr" "$(wc -c <"$T/q.err")" 0
# a switch's note (-vs) is a note too: --quiet keeps warnings only
"$IOPROBE" --quiet --no-findings -vs -P100 -b4K -r -t1 -o1 -g2000i -W0 -d1 "$f" >/dev/null 2>"$T/qn.err"
check_eq "--quiet: no switch notes, no -P dots" "$(head -c 200 "$T/qn.err")" ""
"$IOPROBE" -vs -b4K -r -t1 -o1 -g2000i -W0 -d1 "$f" >/dev/null 2>"$T/qn.err"
check "without --quiet: the -vs note" grep -q '^ioprobe: note: -vs' "$T/qn.err"
term quiet "'$IOPROBE' --quiet --no-findings -b4K -r -t1 -o1 -g2000i -W1 -d2 '$f' >'$T/quiet.out'"
sleep 2
pane quiet >"$T/q1"
check "--quiet on a terminal: run finished" wait_done quiet
check_eq "--quiet on a terminal: exit 0" "$(cat "$T/quiet.done" 2>/dev/null)" 0
check_eq "--quiet on a terminal: nothing on the screen while it runs" \
	"$(wc -l <"$T/q1")" 0
check_eq "--quiet on a terminal: nothing written to it" \
	"$(wc -c <"$T/quiet.raw" 2>/dev/null || echo 0)" 0
check "--quiet: the report is complete" grep -q '^total:' "$T/quiet.out"

# ---- a suite on a terminal: one progress line --------------------------
mkdir "$T/sd"
S=(suite "$T/sd" --label v9 --profiles randread4k --duration 1 --warmup 1
	--file-size 64M --history "$T/h.csv")
term suite "'$IOPROBE' ${S[*]} >'$T/suite.out'"
check "suite on a terminal: finished" wait_done suite
check_eq "suite on a terminal: exit 0" "$(cat "$T/suite.done" 2>/dev/null)" 0
check "suite on a terminal: its progress line was drawn" \
	grep -q $'\r\\[1/1\\] randread4k: ' "$T/suite.raw"
check "suite on a terminal: no second renderer's fill line" \
	bash -c "! grep -q 'filling: ' '$T/suite.raw'"
check_eq "suite on a terminal: no newline among the redraws" \
	"$(tr -cd '\n' <"$T/suite.raw" | wc -c)" 0
term squiet "'$IOPROBE' ${S[*]} --label v9q --quiet >'$T/squiet.out'"
check "suite --quiet on a terminal: finished" wait_done squiet
check_eq "suite --quiet on a terminal: exit 0" "$(cat "$T/squiet.done" 2>/dev/null)" 0
check_eq "suite --quiet on a terminal: nothing on stderr" \
	"$(wc -c <"$T/squiet.raw" 2>/dev/null || echo 0)" 0
"$IOPROBE" "${S[@]}" --label v9p >/dev/null 2>"$T/sp.err"
check "suite piped: its progress as lines of their own" \
	grep -q '^\[1/1\] randread4k: ' "$T/sp.err"
"$IOPROBE" "${S[@]}" --label v9pq --quiet >/dev/null 2>"$T/spq.err"
check_eq "suite --quiet piped: nothing on stderr" "$(wc -c <"$T/spq.err")" 0
finish
