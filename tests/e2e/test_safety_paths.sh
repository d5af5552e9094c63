#!/usr/bin/env bash
# test_safety_paths.sh - what ioprobe does to the paths it writes and
# reads: --output and suite --html never replace a device, FIFO or
# symlink with a file, refuse a directory before the run; suite options
# are checked before anything is created; readers refuse FIFOs, devices,
# directories and oversized files instead of hanging or growing; stdout
# errors keep their errno; an explicit --engine never falls back.
. "$(dirname "$0")/lib.sh"

sha() { sha256sum "$1" 2>/dev/null | cut -d' ' -f1; }
RUN=(-c1M -d1 -W0 -b4K --engine=null)
# runs with a deadline, so a reader that hangs fails the test instead,
# and (without sanitizers, which reserve terabytes) a memory cap, so one
# that grows cannot take the machine with it
vcap=unlimited
grep -q __asan_init "$IOPROBE" || vcap=4194304
tio() {
	(ulimit -v "$vcap"; exec timeout 20 "$IOPROBE" "$@") \
		>"$T/out" 2>"$T/err"
	rc=$?
}

# ---- 1. --output FORMAT:PATH -------------------------------------------
# A character device: a copy of /dev/null in $T (so today's rename could
# only hurt the copy), then /dev/null itself once that proved safe.
dev_ok=false
if need_root && mknod "$T/null" c 1 3 2>/dev/null && : >"$T/null" 2>/dev/null
then
	run_io "${RUN[@]}" --output=csv:"$T/null" "$T/io.dat"
	check_eq "output to a char device: exit 0" "$rc" 0
	check "output to a char device: still a char device" test -c "$T/null"
	if [ -c "$T/null" ]; then
		dev_ok=true
		run_io "${RUN[@]}" --output=csv:/dev/null "$T/io.dat"
		check_eq "--output=csv:/dev/null: exit 0" "$rc" 0
		check "/dev/null is still a char device" test -c /dev/null
	fi
else
	skip "output to a char device" "cannot create a device node in $T"
fi
$dev_ok || skip "--output=csv:/dev/null" "the device copy was not safe"

# A symlink into another folder: the link stays, its target is replaced.
mkdir -p "$T/web"
echo old >"$T/web/r.csv"
old=$(sha "$T/web/r.csv")
ln -s web/r.csv "$T/link.csv"
run_io "${RUN[@]}" --output=csv:"$T/link.csv" "$T/io.dat"
check_eq "output to a symlink: exit 0" "$rc" 0
check "output to a symlink: still a symlink" test -L "$T/link.csv"
check_eq "output to a symlink: points where it did" \
	"$(readlink "$T/link.csv")" web/r.csv
check "output to a symlink: target is a regular file" test -f "$T/web/r.csv"
check "output to a symlink: target updated" \
	bash -c "[ '$(sha "$T/web/r.csv")' != '$old' ] && head -n1 '$T/web/r.csv' | grep -q '^label,target'"
check_eq "output to a symlink: no temporary file left" \
	"$(ls "$T/web" | wc -l)" 1

# A FIFO with a reader gets the data; without one the write fails fast.
mkfifo "$T/fifo"
# (the reader ends at the writer's close; the timeout covers a writer
# that never opens the FIFO)
timeout 25 cat "$T/fifo" >"$T/fifo.out" &
reader=$!
tio "${RUN[@]}" --output=csv:"$T/fifo" "$T/io.dat"
wait "$reader" 2>/dev/null
check_eq "output to a FIFO: exit 0" "$rc" 0
check "output to a FIFO: still a FIFO" test -p "$T/fifo"
check "output to a FIFO: the reader got the CSV" \
	grep -q '^label,target' "$T/fifo.out"
tio "${RUN[@]}" --output=csv:"$T/fifo" "$T/io.dat"
check_eq "output to a FIFO without a reader: exit 1" "$rc" 1
check "output to a FIFO without a reader: says so" \
	grep -q "cannot write '$T/fifo': it is a FIFO and nothing reads it" "$T/err"
check "output to a FIFO without a reader: still a FIFO" test -p "$T/fifo"

# A directory or a missing folder: usage error before the run (no -c file).
mkdir -p "$T/outdir"
rm -f "$T/io.dat"
run_io "${RUN[@]}" --output=csv:"$T/outdir" "$T/io.dat"
check_eq "output to a directory: exit 2" "$rc" 2
check "output to a directory: names it" \
	grep -q "cannot write '$T/outdir': it is a directory" "$T/err"
check "output to a directory: refused before the run" test ! -e "$T/io.dat"
check "output to a directory: still an empty directory" \
	bash -c "[ -d '$T/outdir' ] && [ -z \"\$(ls -A '$T/outdir')\" ]"
run_io "${RUN[@]}" --output=json:"$T/missing/r.json" "$T/io.dat"
check_eq "output into a missing folder: exit 2" "$rc" 2
check "output into a missing folder: names it" \
	grep -q "cannot write '$T/missing/r.json': folder '$T/missing'" "$T/err"
check "output into a missing folder: refused before the run" \
	test ! -e "$T/io.dat"

# ---- 2. suite options, checked before anything runs --------------------
mkdir -p "$T/sd" "$T/hdir" "$T/h"	# an explicit --history needs its folder
H=$T/h/history.csv
S=(--profiles latency4k --duration 1 --warmup 0 --file-size 16M)
suite_refused() {	# DESC MESSAGE ARGS...
	local d=$1 msg=$2
	shift 2
	tio suite "$T/sd" "${S[@]}" "$@"
	check_eq "suite $d: exit 2" "$rc" 2
	check "suite $d: one line naming it" \
		bash -c "[ \$(wc -l <'$T/err') -eq 1 ] && grep -qF -- \"$msg\" '$T/err'"
	check "suite $d: no test file" test -z "$(ls -A "$T/sd")"
	check "suite $d: no history file" test -z "$(ls -A "$T/h")"
}
suite_refused "--history ''" "invalid --history '': expected FILE, not an empty value" \
	--history ''
suite_refused "--history DIR" "invalid --history '$T/hdir': it is a directory" \
	--history "$T/hdir"
suite_refused "--html in a missing folder" \
	"invalid --html '/missing-io-paths/dir/r.html'" --history "$H" \
	--html /missing-io-paths/dir/r.html
suite_refused "--html DIR" "invalid --html '$T/hdir': cannot write '$T/hdir': it is a directory" \
	--history "$H" --html "$T/hdir"
suite_refused "--expect ''" "invalid --expect ''" --history "$H" --expect ''
suite_refused "--expect 'iops=5,'" "invalid --expect 'iops=5,'" \
	--history "$H" --expect 'iops=5,'
many=$(printf 'latency4k,%.0s' $(seq 16))latency4k
suite_refused "17 profiles" "invalid --profiles '$many': more than 16 profiles" \
	--history "$H" --profiles "$many"
check_eq "suite refusals left the folder alone" "$(ls -A "$T/hdir" | wc -l)" 0

# ---- 3. readers --------------------------------------------------------
mkfifo "$T/rfifo"
reader_refused() {	# DESC MESSAGE ARGS...
	local d=$1 msg=$2
	shift 2
	tio "$@"
	check "$d: fails at once (exit $rc)" \
		bash -c "[ $rc -eq 1 ] || [ $rc -eq 2 ]"
	check "$d: says why" grep -qF -- "$msg" "$T/err"
}
reader_refused "-X FIFO" "profile '$T/rfifo' is not a regular file (a FIFO)" \
	-X"$T/rfifo" "$T/io.dat"
reader_refused "show FIFO" "result file '$T/rfifo' is not a regular file (a FIFO)" \
	show "$T/rfifo"
reader_refused "compare --history FIFO" \
	"history '$T/rfifo' is not a regular file (a FIFO)" \
	compare --history "$T/rfifo"
reader_refused "compare --history /dev/zero" \
	"history '/dev/zero' is not a regular file (a character device)" \
	compare --history /dev/zero
reader_refused "compare --history DIR" "history '$T/hdir' is a directory" \
	compare --history "$T/hdir"
check "compare --history DIR: no Input/output error" \
	bash -c "! grep -q 'Input/output error' '$T/err'"
reader_refused "suite --history FIFO" "invalid --history '$T/rfifo'" \
	suite "$T/sd" "${S[@]}" --history "$T/rfifo"
reader_refused "--profile-file FIFO" \
	"profile file '$T/rfifo' is not a regular file (a FIFO)" \
	suite "$T/sd" --history "$H" --profile-file "$T/rfifo"
reader_refused "--profile-file /dev/zero" \
	"profile file '/dev/zero' is not a regular file (a character device)" \
	suite "$T/sd" --history "$H" --profile-file /dev/zero
truncate -s 65M "$T/big.csv"
reader_refused "a 65 MiB history" "history '$T/big.csv' is larger than 64 MiB" \
	compare --history "$T/big.csv"
truncate -s 17M "$T/big.xml"
reader_refused "a 17 MiB profile" "profile '$T/big.xml' is larger than 16 MiB" \
	-X"$T/big.xml" "$T/io.dat"
check "readers created no test file" test ! -e "$T/io.dat"

# A real history; then its saved JSON result replaced by a FIFO.
H2=$T/h2/history.csv
mkdir -p "$T/h2"	# an explicit --history needs its folder
mkdir -p "$T/pub"
ln -s pub/r.html "$T/r.html"
tio suite "$T/sd" "${S[@]}" --label one --history "$H2" --html "$T/r.html"
check_eq "suite --html to a symlink: exit 0" "$rc" 0
check "suite --html: the symlink stays" test -L "$T/r.html"
check "suite --html: its target is the page" \
	grep -q '</html>' "$T/pub/r.html"
check_eq "suite --html: no temporary file left" "$(ls "$T/pub" | wc -l)" 1
json=$(ls "$T"/h2/results/*.json 2>/dev/null | head -n1)
if [ -n "$json" ]; then
	rm -f "$json"
	mkfifo "$json"
	tio compare --history "$H2"
	check "compare with a FIFO as saved result: finishes (exit $rc)" \
		bash -c "[ $rc -eq 0 ] || [ $rc -eq 3 ]"
	check "compare with a FIFO as saved result: still a FIFO" test -p "$json"
else
	nok "suite saved a JSON result in $T/h2/results"
fi

# ---- 4. messages -------------------------------------------------------
run_io "${RUN[@]}" --output=json:"$T/r.json" "$T/io.dat"
check_eq "a result for show: exit 0" "$rc" 0
"$IOPROBE" show "$T/r.json" >/dev/full 2>"$T/err"
check_eq "show > /dev/full: exit 1" "$?" 1
check "show > /dev/full: No space left on device" \
	grep -q "cannot write the report to stdout: No space left on device" "$T/err"
"$IOPROBE" compare --history "$H2" -Rhtml >/dev/full 2>"$T/err"
check_eq "compare -Rhtml > /dev/full: exit 1" "$?" 1
check "compare -Rhtml > /dev/full: No space left on device" \
	grep -q "No space left on device" "$T/err"
"$IOPROBE" "${RUN[@]}" "$T/io.dat" >/dev/full 2>"$T/err"
check_eq "a run > /dev/full: exit 1" "$?" 1
check "a run > /dev/full: No space left on device" \
	grep -q "stdout: No space left on device" "$T/err"

# An explicit --engine=io_uring that cannot start fails; the default
# falls back.  io_uring_setup() fails with EPERM for these runs alone
# (no_uring.py, a seccomp filter), never machine-wide.
nou="$(dirname "$0")/no_uring.py"
python3 "$nou" "$IOPROBE" -c1M -d1 -W0 -b4K --engine=io_uring "$T/eng.dat" \
	>"$T/out" 2>"$T/err1"
rc1=$?
python3 "$nou" "$IOPROBE" -c1M -d1 -W0 -b4K "$T/eng.dat" >"$T/out" 2>"$T/err"
rc2=$?
if [ "$rc1" -eq 77 ]; then
	skip "--engine=io_uring refused" "$(cat "$T/err1")"
else
	check_eq "--engine=io_uring refused: exit 1" "$rc1" 1
	check "--engine=io_uring refused: says why" \
		grep -q "cannot set up engine 'io_uring': Operation not permitted" "$T/err1"
	check_eq "default engine with io_uring refused: exit 0" "$rc2" 0
	check "default engine with io_uring refused: falls back" \
		grep -q "io_uring unavailable" "$T/err"
fi

finish
