#!/bin/bash
# test_prevalidate.sh - profiles that cannot run are refused before any
# file is created (exit 2, one line naming the switch, the folder left
# empty): sizes that do not fit the -c file, -Sr on a local filesystem,
# O_DIRECT alignment, -a CPUs this process may not use, more threads or
# memory than the machine has.  Thousands of threads start in seconds and
# a Ctrl+C during their start ends the run at once.
. "$(dirname "$0")/lib.sh"

D="$T/prevalidate"

# refused DESC SWITCH ARGS...: run in an empty folder (under ulimit -v
# $vlimit), expect exit 2, one error line naming SWITCH, nothing created,
# and an answer within 5 s.
vlimit=unlimited
refused() {
	local desc=$1 sw=$2 t0 t1 lines
	shift 2
	rm -rf "$D"
	mkdir -p "$D"
	t0=$EPOCHREALTIME
	(cd "$D" && ulimit -v "$vlimit" &&
	 exec timeout -s KILL 20 "$IOPROBE" "$@" >"$T/out" 2>"$T/err")
	rc=$?
	t1=$EPOCHREALTIME
	check_eq "$desc: exit status" "$rc" 2
	lines=$(grep -v '^ioprobe: warning:' "$T/err" | grep -c .)
	check_eq "$desc: one error line" "$lines" 1
	if grep -q -e "error: .*$sw" "$T/err"; then
		ok "$desc: names $sw"
	else
		nok "$desc: names $sw: $(head -c 300 "$T/err")"
	fi
	check_eq "$desc: nothing created" "$(ls -A "$D")" ""
	check "$desc: answered within 5 s" \
		awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a < 5) }'
}

common=(-d1 -W0 -C0 f.dat)
refused "-Sr on a local filesystem" "-Sr" -c16M -Sr "${common[@]}"
refused "-b larger than -c" "-c 1" -c1 -b4K "${common[@]}"
refused "-B beyond -c" "-B 2097152" -c1M -B2M "${common[@]}"
refused "-Su -b larger than -c" "-c 1000" -c1000 -Su -b4K "${common[@]}"
refused "-Su -b not a multiple of the logical block" "-b 3000" \
	-c1M -b3000 -Su "${common[@]}"
ncpu=$(nproc)
refused "-a cpu beyond the allowed ones" "-a cpu '$ncpu'" \
	-a"$ncpu" -c1M "${common[@]}"
refused "-t beyond the thread limit" "-t65536" \
	--engine=null -t65536 -o1 -b4K -c1M "${common[@]}"

# Memory: an address space limit makes the cases independent of the
# machine's size (and keeps today's allocations from touching it).
# ASan reserves terabytes of address space and cannot start under one.
if (ulimit -v 4194304 && "$IOPROBE" --version) >/dev/null 2>&1; then
	vlimit=4194304
	refused "-b64M -t4 -o32 over the address space limit" "-b64M" \
		-b64M -t4 -o32 -c128M "${common[@]}"
	vlimit=2097152
	refused "-Z4G with writes over the address space limit" "-Z4G" \
		-Z4294967296 -w100 -c1M "${common[@]}"
else
	skip "memory over the address space limit" \
		"this build cannot start under ulimit -v (sanitizer)"
fi
avail_kb=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
depth=$(( avail_kb / 1024 / 64 / 4 + 1 ))	# 4 threads x 64 MiB slots
if [ "$depth" -le 65536 ] &&
   (ulimit -v $(( avail_kb * 2 )) && "$IOPROBE" --version) >/dev/null 2>&1
then
	# more than MemAvailable, under twice it as a backstop
	vlimit=$(( avail_kb * 2 ))
	refused "-b64M -t4 -o$depth over MemAvailable" "-b64M with -t4" \
		-b64M -t4 -o"$depth" -c128M "${common[@]}"
else
	skip "memory over MemAvailable" "no address space backstop possible"
fi
vlimit=unlimited

# -Z<size> without writes is never loaded, so it runs.
rm -rf "$D"; mkdir -p "$D"
(cd "$D" && exec timeout -s KILL 60 "$IOPROBE" --engine=null -Z256M -w0 \
	-b4K -c1M "${common[@]}" >"$T/out" 2>"$T/err")
check_eq "-Z256M -w0 runs" "$?" 0

# Start-up of 2000 threads.  -g1i keeps them asleep during the run: 2000
# busy threads on two CPUs would starve every other process, this test's
# clock included.
rm -rf "$D"; mkdir -p "$D"
head -c 1048576 /dev/urandom >"$D/g.dat"
sum0=$(sha256sum <"$D/g.dat")
start=(--engine=null -t2000 -o1 -W0 -C0 -b4K -g1i g.dat)
t0=$EPOCHREALTIME
(cd "$D" && exec timeout -s KILL 30 "$IOPROBE" -d1 "${start[@]}" \
	>"$T/out" 2>"$T/err")
rc=$?
t1=$EPOCHREALTIME
check_eq "-t2000: exit status" "$rc" 0
secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
check "-t2000 -d1 starts and ends within 8 s (took $secs s)" \
	awk -v s="$secs" 'BEGIN { exit !(s < 8) }'

# SIGINT 0.5 s in: the run ends within a second (two on a busy machine),
# as interrupted, and leaves the folder as it was.
(cd "$D" && exec "$IOPROBE" -d30 "${start[@]}" >"$T/out" 2>"$T/err") &
pid=$!
sleep 0.5
t0=$EPOCHREALTIME
kill -INT "$pid"
for _ in $(seq 100); do
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.05
done
t1=$EPOCHREALTIME
kill -KILL "$pid" 2>/dev/null
wait "$pid"
rc=$?
secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
check_eq "-t2000 SIGINT: exit status" "$rc" 130
check "-t2000 SIGINT: ended within 2 s (took $secs s)" \
	awk -v s="$secs" 'BEGIN { exit !(s < 2) }'
check_eq "-t2000 SIGINT: no file left" "$(ls -A "$D")" "g.dat"
check_eq "-t2000 SIGINT: target unchanged" "$(sha256sum <"$D/g.dat")" "$sum0"

finish
