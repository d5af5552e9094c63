#!/usr/bin/env bash
# test_mpi_hostile.sh - ioprobe under mpirun when things go wrong: ranks
# started with different workloads (MPMD: other switches, a plain run
# beside a suite, two labels) are refused with exit 2 within seconds,
# naming the first difference; a rank killed with -9 mid-suite leaves
# only its own test file (the other rank removes its own at the signal
# mpirun sends), and the next suite in that folder removes the -rN file,
# saying so; SIGINT to mpirun during a -c fill leaves no file.
. "$(dirname "$0")/lib.sh"

if ! command -v mpirun >/dev/null; then
	skip "ioprobe under MPI, hostile cases" "mpirun not installed (openmpi-bin)"
	finish
fi
if ! "$IOPROBE" --version | grep -q '^mpi: [^n]'; then
	skip "ioprobe under MPI, hostile cases" "built without MPI"
	finish
fi
SUPP=$(cd "$(dirname "$0")/.." && pwd)/lsan-mpi.supp
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0
export LSAN_OPTIONS=${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$SUPP:print_suppressions=0
MPIRUN=(timeout 60 mpirun --oversubscribe --allow-run-as-root)
truncate -s 8M "$T/f.dat"
R=(--engine=null -d2 -W0)

# mpmd DESC WANT_MESSAGE -- ARGS...: refused with exit 2 within 10 s
mpmd() {
	local d=$1 want=$2 t0 secs
	shift 3
	t0=$(date +%s.%N)
	"${MPIRUN[@]}" "$@" >"$T/out" 2>"$T/err"
	rc=$?
	secs=$(echo "$(date +%s.%N) - $t0" | bc)
	check_eq "$d: exit 2" "$rc" 2
	check "$d: refused within 10 s (${secs} s)" \
		test "$(echo "$secs < 10" | bc)" -eq 1
	check "$d: names the first difference" \
		grep -qF "ioprobe: error: rank 1 ($(hostname)) was started with another workload than rank 0: $want" "$T/err"
	check_eq "$d: said once" \
		"$(grep -c 'was started with another workload' "$T/err")" 1
}
mpmd "-b4K -r -w0 beside -b64K -s -w100" "its '-b64K' where rank 0 has '-b4K'" -- \
	-n 1 "$IOPROBE" "${R[@]}" -b4K -r -w0 "$T/f.dat" : \
	-n 1 "$IOPROBE" "${R[@]}" -b64K -s -w100 "$T/f.dat"
mpmd "-o1 beside -o8" "its '-o8' where rank 0 has '-o1'" -- \
	-n 1 "$IOPROBE" "${R[@]}" -o1 "$T/f.dat" : \
	-n 1 "$IOPROBE" "${R[@]}" -o8 "$T/f.dat"
truncate -s 8M "$T/g.dat"
mpmd "a target more" "its '$T/g.dat', which rank 0 has not" -- \
	-n 1 "$IOPROBE" "${R[@]}" "$T/f.dat" : \
	-n 1 "$IOPROBE" "${R[@]}" "$T/f.dat" "$T/g.dat"
mkdir "$T/s"
mpmd "a plain run beside a suite" "it runs 'suite' where rank 0 runs 'run'" -- \
	-n 1 "$IOPROBE" "${R[@]}" "$T/f.dat" : \
	-n 1 "$IOPROBE" suite "$T/s" --engine null --duration 1 --warmup 0 \
	--file-size 4M --history "$T/h.csv"
mpmd "two suites of two labels" "its 'b' where rank 0 has 'a'" -- \
	-n 1 "$IOPROBE" suite "$T/s" --engine null --duration 1 --label a \
	--history "$T/h.csv" : \
	-n 1 "$IOPROBE" suite "$T/s" --engine null --duration 1 --label b \
	--history "$T/h.csv"
check "the refused launches created nothing" \
	test -z "$(ls -A "$T/s")" -a ! -e "$T/h.csv"
"${MPIRUN[@]}" -n 2 "$IOPROBE" "${R[@]}" "$T/f.dat" >"$T/out" 2>"$T/err"
check_eq "the same workload on both ranks still runs" "$?" 0

# kill -9 of one rank mid-suite: the other removes its own file
"${MPIRUN[@]}" -n 2 "$IOPROBE" suite "$T/s" --label k9 --duration 20 \
	--warmup 0 --file-size 16M --profiles latency4k --history "$T/h.csv" \
	>"$T/out" 2>"$T/err" &
mp=$!
for _ in $(seq 150); do
	[ "$(ls "$T/s" | grep -c -- '-r[01]\.dat$')" -ge 2 ] && break
	sleep 0.1
done
sleep 1
f1=$(ls "$T/s" | grep -- '-r1\.dat$')
pid1=${f1#ioprobe-suite-}
pid1=${pid1%-r1.dat}
check "suite under mpirun: rank 1's test file ($f1)" test -n "$pid1"
[ -n "$pid1" ] && kill -9 "$pid1"
wait $mp
check_eq "kill -9 of rank 1: rank 0's test file is gone, rank 1's left" \
	"$(ls "$T/s" | tr '\n' ' ')" "$f1 "
run_io suite "$T/s" --engine null --label next --duration 1 --warmup 0 \
	--file-size 4M --profiles latency4k --history "$T/h.csv"
check_eq "the next suite: exit 0" "$rc" 0
check "the next suite: removes rank 1's -r1 file, saying so" \
	grep -qF "removed a test file left by an earlier ioprobe suite (pid $pid1, gone): $T/s/$f1" "$T/out"
check "the next suite: the folder is empty" test -z "$(ls -A "$T/s")"

# SIGINT to mpirun during a -c fill: no rank's file is left
mkdir "$T/c"
"${MPIRUN[@]}" -n 2 "$IOPROBE" -c2G -d5 -W0 -b64K -Su "$T/c/io-{rank}.dat" \
	>"$T/out" 2>"$T/err" &
mp=$!
for _ in $(seq 100); do
	[ "$(ls "$T/c" | wc -l)" -ge 2 ] && break
	sleep 0.05
done
check "-c2G under mpirun: a file per rank while it fills" \
	test "$(ls "$T/c" | wc -l)" -eq 2
mpr=$(ps -o pid= --ppid $mp -C mpirun | head -n1)
kill -INT "${mpr:-$mp}"
wait $mp
rc=$?
check "SIGINT during the fill: exit status not 0 ($rc)" test "$rc" -ne 0
check "SIGINT during the fill: no rank's file left" test -z "$(ls -A "$T/c")"
finish
