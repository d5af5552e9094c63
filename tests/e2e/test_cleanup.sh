#!/usr/bin/env bash
# test_cleanup.sh - whatever signal ends ioprobe, it leaves nothing behind:
# for INT TERM HUP QUIT PIPE USR1 USR2 ALRM XFSZ, one signal during a -c
# fill on a tmpfs and two signals 50 ms apart during a suite's fill end
# the process with 128+N, remove the file ioprobe created and leave a
# foreign file in the folder untouched (sha256).  Also: a suite whose
# output pipe closes (| head -1), a small ulimit -f (SIGXFSZ), a signal
# while threads set up, and the sweep of files a kill -9 left.
. "$(dirname "$0")/lib.sh"

need_root || { skip "cleanup on signals" "needs root to mount a tmpfs"; finish; }
D=$T/tmpfs-signals
mkdir -p "$D"
mount -t tmpfs -o size=2600m ioprobe-signals "$D" ||
	{ skip "cleanup on signals" "cannot mount a tmpfs"; finish; }
# io_uring drops its file references a moment after the process ends
at_exit "for i in 1 2 3 4 5; do umount '$D' 2>/dev/null && break; sleep 1; done"
H=$T/hist.csv
S=(--label c --history "$H" --duration 1 --warmup 0)

head -c 1M /dev/urandom >"$D/foreign.dat"
foreign=$(sha256sum <"$D/foreign.dat")
# leftovers: the files in $D that are not the foreign one
leftovers() { ls -A "$D" | grep -vx foreign.dat | tr '\n' ' '; }
foreign_ok() { [ "$(sha256sum <"$D/foreign.dat")" = "$foreign" ]; }

# signal_run NSIG SIG GLOB ARGS...: start ioprobe ARGS, wait until a file
# matching GLOB exists (the handlers are in place and the fill began;
# before that the shell's SIG_IGN for INT and QUIT would still hold),
# then send SIG (twice, 50 ms apart, when NSIG is 2); sets rc, stop_ms.
signal_run() {
	local n=$1 sig=$2 glob=$3 pid t0 i
	shift 3
	"$IOPROBE" "$@" >"$T/out" 2>"$T/err" &
	pid=$!
	for ((i = 0; i < 200; i++)); do
		compgen -G "$glob" >/dev/null && break
		sleep 0.05
	done
	sleep 0.1
	t0=$(date +%s%N)
	kill -s "$sig" "$pid"
	if [ "$n" = 2 ]; then
		sleep 0.05
		kill -s "$sig" "$pid" 2>/dev/null
	fi
	wait "$pid"
	rc=$?
	stop_ms=$((($(date +%s%N) - t0) / 1000000))
}

for sig in INT TERM HUP QUIT PIPE USR1 USR2 ALRM XFSZ; do
	want=$((128 + $(kill -l "$sig")))

	signal_run 1 "$sig" "$D/fill.dat" -b4K -d30 -W0 -r -c1G "$D/fill.dat"
	check_eq "SIG$sig during a -c fill: exit status" "$rc" "$want"
	[ "$rc" = "$want" ] || sed "s/^/# /" "$T/err" "$T/out" | head -20
	check_eq "SIG$sig during a -c fill: no file left" "$(leftovers)" ""
	check "SIG$sig during a -c fill: foreign file untouched" foreign_ok
	if [ "$sig" = INT ]; then
		# a second when idle; loose, as the machine may be busy
		check "SIGINT during a -c fill: ended soon (${stop_ms} ms)" \
			[ "$stop_ms" -lt 3000 ]
		check "SIGINT during a -c fill: says so" \
			grep -q "filling '$D/fill.dat' was interrupted" "$T/err"
	fi
	rm -f "$D/fill.dat"

	signal_run 2 "$sig" "$D/ioprobe-suite-*.dat" suite "$D" "${S[@]}" --file-size 1G \
		--profiles latency4k
	check_eq "SIG$sig twice during a suite: exit status" "$rc" "$want"
	[ "$rc" = "$want" ] || sed "s/^/# /" "$T/err" "$T/out" | head -20
	check_eq "SIG$sig twice during a suite: no test file left" "$(leftovers)" ""
	check "SIG$sig twice during a suite: foreign file untouched" foreign_ok
	rm -f "$D"/ioprobe-suite-*.dat

	signal_run 2 "$sig" "$D/fill.dat" -b4K -d30 -W0 -r -c1G "$D/fill.dat"
	check_eq "SIG$sig twice during a -c fill: exit status" "$rc" "$want"
	check_eq "SIG$sig twice during a -c fill: no file left" "$(leftovers)" ""
	check "SIG$sig twice during a -c fill: foreign file untouched" foreign_ok
	rm -f "$D/fill.dat"
done

# The output pipe closes: SIGPIPE must not leave the test file.
"$IOPROBE" suite "$D" "${S[@]}" --file-size 64M \
	--profiles latency4k,seq1m 2>&1 | head -1 >"$T/out"
rc=${PIPESTATUS[0]}
check_eq "suite | head -1: exit status 141" "$rc" 141
check "suite | head -1: the plan line came through" grep -q "ioprobe suite 'c'" "$T/out"
check_eq "suite | head -1: no test file left" "$(leftovers)" ""
check "suite | head -1: foreign file untouched" foreign_ok
rm -f "$D"/ioprobe-suite-*.dat

# ulimit -f: the write past the limit raises SIGXFSZ (handled: the write
# fails with EFBIG), the run ends with 153 and removes the file.
(ulimit -f 16384; exec "$IOPROBE" -b4K -d1 -W0 -r -c64M "$D/big.dat") \
	>"$T/out" 2>"$T/err"
check_eq "ulimit -f 16M, -c64M: exit status 153" "$?" 153
check "ulimit -f 16M, -c64M: says the file is too large" grep -q 'File too large' "$T/err"
check_eq "ulimit -f 16M, -c64M: no file left" "$(leftovers)" ""
(ulimit -f 16384; exec "$IOPROBE" suite "$D" "${S[@]}" --file-size 64M \
	--profiles latency4k) >"$T/out" 2>"$T/err"
check_eq "ulimit -f 16M, suite: exit status 153" "$?" 153
check_eq "ulimit -f 16M, suite: no test file left" "$(leftovers)" ""
check "ulimit -f 16M: foreign file untouched" foreign_ok
rm -f "$D"/ioprobe-suite-*.dat "$D/big.dat"

# A signal while threads set up 2 GiB of buffers: out within a second.
"$IOPROBE" -b4K -d1 -W0 -r -c16M "$D/small.dat" >/dev/null 2>&1
for sig in INT TERM; do
	want=$((128 + $(kill -l "$sig")))
	"$IOPROBE" -t8 -o256 -b1M -d1 -W0 -r "$D/small.dat" >"$T/out" 2>"$T/err" &
	pid=$!
	sleep 1
	t0=$(date +%s%N)
	kill -s "$sig" "$pid"
	wait "$pid"
	rc=$?
	stop_ms=$((($(date +%s%N) - t0) / 1000000))
	check_eq "SIG$sig in thread set-up: exit status" "$rc" "$want"
	check "SIG$sig in thread set-up: ended soon (${stop_ms} ms)" \
		[ "$stop_ms" -lt 3000 ]
done
rm -f "$D/small.dat"

# The sweep of files a kill -9 left.
setx() { python3 -c 'import os, sys; os.setxattr(sys.argv[1], sys.argv[2], sys.argv[3].encode(), follow_symlinks=False)' "$@"; }
# gone pids: processes that ran and were reaped (pids are not reused
# this soon)
gone=()
for i in 1 2 3 4 5 6 7 8; do
	sh -c 'exit 0' &
	gone+=($!)
	wait $!
done
dead=${gone[0]} dead2=${gone[1]} dead3=${gone[2]} dead4=${gone[3]}
dead5=${gone[4]} dead6=${gone[5]} dead7=${gone[6]} dead8=${gone[7]}
sleep 30 &
alive=$!
at_exit "kill $alive 2>/dev/null"
host=$(uname -n)
mk() { head -c 64K /dev/urandom >"$1"; }
mk "$D/ioprobe-suite-$dead.dat"			# ours: its pid, this host
setx "$D/ioprobe-suite-$dead.dat" user.ioprobe.suite "$dead@$host"
mk "$D/ioprobe-suite-$dead2.dat"		# an older suite: fill marker
setx "$D/ioprobe-suite-$dead2.dat" user.ioprobe.filled "65536 pattern"
mk "$D/ioprobe-suite-$dead3.dat"		# no marker
mk "$D/ioprobe-suite-$alive.dat"		# live pid
setx "$D/ioprobe-suite-$alive.dat" user.ioprobe.suite "$alive@$host"
mk "$D/target.dat"				# a symlink to a marked file
setx "$D/target.dat" user.ioprobe.suite "$dead4@$host"
ln -s target.dat "$D/ioprobe-suite-$dead4.dat"
mk "$D/ioprobe-suite-$dead5.dat"		# another user's
setx "$D/ioprobe-suite-$dead5.dat" user.ioprobe.suite "$dead5@$host"
chown nobody "$D/ioprobe-suite-$dead5.dat" 2>/dev/null ||
	chown 65534 "$D/ioprobe-suite-$dead5.dat"
mk "$D/ioprobe-suite-$dead6.dat"		# kept with --keep-file
setx "$D/ioprobe-suite-$dead6.dat" user.ioprobe.suite kept
# a shared (NFS) folder: another host's suite, whose pid is gone here
mk "$D/ioprobe-suite-$dead7.dat"
setx "$D/ioprobe-suite-$dead7.dat" user.ioprobe.suite "$dead7@fake-host-$$"
mk "$D/ioprobe-suite-$dead8.dat"		# an older mark, no host
setx "$D/ioprobe-suite-$dead8.dat" user.ioprobe.suite "$dead8"
kept=(ioprobe-suite-$dead2.dat ioprobe-suite-$dead3.dat
      ioprobe-suite-$alive.dat target.dat ioprobe-suite-$dead5.dat
      ioprobe-suite-$dead6.dat ioprobe-suite-$dead7.dat
      ioprobe-suite-$dead8.dat)
for f in "${kept[@]}"; do sha256sum "$D/$f"; done >"$T/kept.sha"

run_io suite "$D" "${S[@]}" --file-size 16M --profiles latency4k
check_eq "sweep: suite exits 0" "$rc" 0
check "sweep: one line for our marked file" grep -qx \
	"removed a test file left by an earlier ioprobe suite (pid $dead, gone): $D/ioprobe-suite-$dead.dat" "$T/out"
check "sweep: our marked file removed" [ ! -e "$D/ioprobe-suite-$dead.dat" ]
check_eq "sweep: one line, no more" "$(grep -c '^removed a test file left' "$T/out")" 1
check "sweep: unmarked file kept, with a warning" \
	grep -q "kept '$D/ioprobe-suite-$dead3.dat'" "$T/err"
check "sweep: a fill marker names no host: kept, with a warning" \
	grep -q "kept '$D/ioprobe-suite-$dead2.dat'" "$T/err"
check "sweep: a mark without a host kept, with a warning" \
	grep -q "kept '$D/ioprobe-suite-$dead8.dat'" "$T/err"
check "sweep: another host's file listed as that host's" \
	grep -q "kept '$D/ioprobe-suite-$dead7.dat': marked by an ioprobe on another host (pid $dead7 there)" "$T/err"
check "sweep: kept files untouched" sha256sum --quiet -c "$T/kept.sha"
check "sweep: the symlink kept" [ -L "$D/ioprobe-suite-$dead4.dat" ]
check "sweep: a --keep-file file kept" [ -e "$D/ioprobe-suite-$dead6.dat" ]
check "sweep: foreign file untouched" foreign_ok
finish
