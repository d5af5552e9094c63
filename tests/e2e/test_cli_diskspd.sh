#!/usr/bin/env bash
# test_cli_diskspd.sh - DiskSpd's command-line cases (tests/diskspd-golden/
# cmdline.tsv, 336 rows from DiskSpd's parser and its unit tests): each
# command line must end as DiskSpd's does (accepted or refused), or as the
# README's Switches section says ioprobe deliberately differs.  -Rp reads
# the line without running it; a refused line is also run for real and
# must exit 2 and create nothing.  Then the value rules of issue 10 that
# the table does not hold, with the profile lines they must print.
. "$(dirname "$0")/lib.sh"

if [ ! -x "$IOPROBE" ]; then
	skip "DiskSpd command lines" "no ioprobe binary at $IOPROBE"
	exit 77
fi

TSV=$(dirname "$0")/../diskspd-golden/cmdline.tsv
W=$T/w-x10text		# the working folder of every case: stays empty
mkdir -p "$W"

# Rows whose outcome differs on purpose (README, Switches): the outcome
# ioprobe gives, then why.
declare -A DIFF=(
	["-c0 testfile.dat"]="error|a 0-byte file cannot be measured"
	["-d0 testfile.dat"]="error|a 0 s measurement measures nothing"
	["-ag16,0 testfile.dat"]="error|groups past 15 (1024 CPUs) are refused while parsing"
	["-a64 testfile.dat"]="error|a core past 63 names no CPU of group 0, refused while parsing"
	["-rs50 -rs60 testfile.dat"]="ok|a repeated -rs replaces the earlier one (the 2.1-era parser refused it)"
	["-Rjson testfile.dat"]="ok|json is one of ioprobe's result formats"
	["-b2G testfile.dat"]="error|blocks up to 1G: every thread's -b x -o buffers are allocated before the run"
	["-dabc testfile.dat"]="error|-dabc is -d0 to DiskSpd's atoi, and a 0 s measurement measures nothing"
	["-z-1 testfile.dat"]="error|a seed is the number typed: strtoul wraps -1 to another seed"
	["-z4294967296 testfile.dat"]="error|a seed is the number typed: strtoul saturates 2^32 to another seed"
	["-o65537 testfile.dat"]="error|at most 65536 requests per thread: their buffers are allocated before the run"
	["-t65537 testfile.dat"]="error|at most 65536 threads per target: each is created before the run"
	["-B0:0 testfile.dat"]="error|a length of 0 would silently mean the whole target"
	["-f0 testfile.dat"]="error|a maximum of 0 would silently mean the whole target"
	["-c8M -d1 E:"]="error|E: is a Windows volume; refused before anything is created, naming /dev/... and lsblk"
	["-d1 #1"]="error|#1 is a Windows physical drive; refused before anything is created, naming /dev/... and lsblk"
)

set -f	# rows hold '[' and '?': no globbing of the arguments
rows=0 diffs=0 runs=0
while IFS=$'\t' read -r args outcome fields message source; do
	[ "$args" = args ] && continue
	rows=$((rows + 1))
	want=$outcome
	if [ -n "${DIFF[$args]+x}" ]; then
		want=${DIFF[$args]%%|*}
		diffs=$((diffs + 1))
	fi
	# -Rp after the row's switches, before its first target
	pre=() post=() seen=0
	for a in $args; do
		if [ $seen = 0 ] && [ "${a:0:1}" = - ]; then
			pre+=("$a")
		else
			seen=1
			post+=("$a")
		fi
	done
	(cd "$W" && timeout 20 "$IOPROBE" "${pre[@]}" -Rp "${post[@]}") \
		>"$T/out" 2>"$T/err"
	rc=$?
	got=ok
	[ "$rc" -ne 0 ] && got=error
	if [ "$want" = ok ]; then
		check_eq "'$args': accepted ($source)" "$rc" 0
	else
		check_eq "'$args': refused with status 2 ($source)" "$rc" 2
		# the message names a switch of the line (or the missing target)
		hit=0
		for a in $args; do
			[ "${a:0:1}" = - ] && grep -qF -- "${a:0:2}" "$T/err" && hit=1
		done
		grep -q 'no target given' "$T/err" && hit=1
		[ "$want" != "$outcome" ] && hit=1
		check "'$args': the message names the switch: $(head -c 200 "$T/err")" \
			test "$hit" = 1
		n=$(wc -l <"$T/err")
		check "'$args': one or two stderr lines (got $n)" \
			test "$n" -ge 1 -a "$n" -le 2
		# the real run is refused the same way, before creating anything
		(cd "$W" && timeout 20 "$IOPROBE" --engine=null $args) \
			>"$T/out" 2>"$T/err"
		check_eq "'$args': refused when run, status 2" "$?" 2
		runs=$((runs + 1))
	fi
	check "'$args': nothing created" test -z "$(ls -A "$W")"
	rm -rf "${W:?}"/* "${W:?}"/.[!.]* 2>/dev/null
done <"$TSV"
check_eq "every row of cmdline.tsv read" "$rows" 336
check_eq "sixteen rows differ on purpose" "$diffs" 16
set +f

# profile ARGS... -- LINE...: -Rp prints each LINE (a fixed string)
profile() {
	local args=() l
	while [ "$1" != -- ]; do args+=("$1"); shift; done
	shift
	(cd "$W" && "$IOPROBE" "${args[@]}" -Rp f.dat) >"$T/out" 2>"$T/err"
	check_eq "${args[*]}: accepted" "$?" 0
	for l in "$@"; do
		if grep -qF -- "$l" "$T/out"; then
			ok "${args[*]}: prints '$l'"
		else
			nok "${args[*]}: does not print '$l': $(cat "$T/out" "$T/err")"
		fi
	done
}

# lacks ARGS... -- LINE: -Rp does not print LINE
lacks() {
	local args=()
	while [ "$1" != -- ]; do args+=("$1"); shift; done
	(cd "$W" && "$IOPROBE" "${args[@]}" -Rp f.dat) >"$T/out" 2>&1
	check "${args[*]}: no '$2'" sh -c "! grep -qF -- '$2' '$T/out'"
}

profile -g1.5i -- 'throughput rate-limited to 1 IOPS'
# -g<n>i beside -x or -F -O only when n * -b is below 1000 bytes per ms
# (DiskSpd keeps the limit in bytes per ms and refuses it there)
profile -g1i -b512 -x -o2 -- 'throughput rate-limited to 1 IOPS' \
	'using completion routines (ReadFileEx/WriteFileEx)'
profile -F2 -O4 -g1i -b512 -- 'relative IO weight in thread pool: 1' \
	'throughput rate-limited to 1 IOPS'
profile -F2 -- 'number of outstanding I/O operations per thread: 0'
profile -O8 -o3 -- 'number of outstanding I/O operations per thread: 3'
lacks -O8 -- 'thread pool'
profile -D0 -- 'gathering IOPS at intervals of 1000ms'
profile -D -- 'gathering IOPS at intervals of 1000ms'
profile -P0 -s0 -- 'using sequential I/O (stride: 64KiB)'
profile -r -rs10 -rs60 -- '(60% random)'
profile -r -rdpct10/10 -rdabs20/1G -- '    20% of IO => [     0    -      1GiB)' \
	'    80% of IO => [     1GiB -       end)'
profile -B5m:1m -- 'base file offset: 5MiB' 'max file size: 6MiB'
profile -Sbm -- 'memory mapped I/O enabled'
profile -Smb -- 'memory mapped I/O enabled'
profile -Srm -- 'memory mapped I/O enabled'
profile -Sm -NV -- 'memory mapped I/O enabled, flush mode: FlushViewOfFile'
profile -Sm -Ni -- 'flush mode: FlushNonVolatileMemory with no drain'
profile -b8K -Z1M, -w50 -- 'write buffer size: 1MiB' 'write buffer source: random fill'
profile -Z -Zr -w50 -- 'zeroing write buffers'
profile -Zr -Z -w50 -- 'generating random data for each write IO' \
	'zeroing write buffers'
profile -Zr -w50 -- '	  WARNING: this increases the CPU cost of issuing writes and should only' \
	'	           be compared to other results using the -Zr flag'
profile -z4294967295 -- 'random seed: 4294967295'
profile -fsrt -- 'using FILE_FLAG_SEQUENTIAL_SCAN hint' \
	'using FILE_FLAG_RANDOM_ACCESS hint' 'using FILE_ATTRIBUTE_TEMPORARY hint'
profile -vs -- 'duration: 10s'
lacks -vs -- 'using verbose mode'
check "-vs: one note line, wait statistics are Windows-only" \
	sh -c "(cd '$W' && '$IOPROBE' -vs -Rp f.dat) 2>&1 >/dev/null | grep -c 'wait statistics are Windows-only' | grep -qx 1"
lacks -o4 -- '(achieved'

# refused values of the same rules, with the switch and value named
refused() {
	local want=$1
	shift
	(cd "$W" && "$IOPROBE" --engine=null "$@" f.dat) >"$T/out" 2>"$T/err"
	check_eq "$*: status 2" "$?" 2
	check "$*: says '$want': $(cat "$T/err")" grep -qF -- "$want" "$T/err"
	check "$*: nothing created" test -z "$(ls -A "$W")"
}
refused "invalid -g '0'" -g0
refused "invalid -g '100x'" -g100x
refused "no write ratio passed to -w" -w
refused "conflicts with -f" -B5m:1m -f6m
refused "invalid -z '42x'" -z42x
refused "invalid -e ''" -e
refused "invalid -e 'FOO'" -eFOO
refused "-n conflicts with -a" -n -a0
refused "core 256 is out of range" -a256
refused "-g conflicts with -x" -g100 -x
refused "-g conflicts with -F and -O" -F2 -O4 -g100
refused "-g conflicts with -x" -g100i -x
refused "-g conflicts with -F and -O" -F2 -O4 -g100i

# '/b8K' is a path, but a missing one that looks like a switch says so
(cd "$W" && "$IOPROBE" --engine=null /b8K f.dat) >"$T/out" 2>"$T/err"
check_eq "/b8K: status 2" "$?" 2
check "/b8K: the message names the DiskSpd switch: $(cat "$T/err")" \
	grep -qF "looks like the DiskSpd switch '-b8K'" "$T/err"
check "/b8K: nothing created" test -z "$(ls -A "$W")"
check "/b8K: not created at the root" test ! -e /b8K

# saved results from before -x and -vs were kept still load and render
G=$(dirname "$0")/json_golden/pool.json
grep -v '"verbose_stats"\|"completion_routines"' "$G" >"$T/old.json"
"$IOPROBE" show "$T/old.json" >"$T/old.txt" 2>"$T/err"
check_eq "results without the -x/-vs keys still load" "$?" 0
check "and render the same text" cmp "$T/old.txt" "${G%.json}.txt"
finish
