#!/usr/bin/env bash
# test_mpi.sh - ioprobe under mpirun on one machine: -n 2 and -n 4 ranks
# give one report whose I/O count is the sum of the ranks' own (each rank
# also writes its own JSON via --output json:...-{rank}.json), whose P99
# is the P99 of the union of the ranks' histograms, and whose ranks'
# measured windows start within 10 ms; a shared -c file is made once; a
# bad target on rank 1 fails every rank with rank 1's message and no
# hang; a rank whose I/O fails mid-run stops the other within seconds;
# -Rp, --help and command-line errors are said once; CSV and HTML carry
# the rank table; `suite` runs every test on both ranks at once into one
# history row each (with its rank count, which compare checks), and
# removes every rank's test file on SIGINT; two ranks on two loop devices
# throttled to 500 IOPS each report about 1,000 IOPS in all and 500 per
# rank.
# serial: the ranks' window starts within 10 ms, IOPS at blkio caps
. "$(dirname "$0")/lib.sh"

if ! command -v mpirun >/dev/null; then
	skip "ioprobe under MPI" "mpirun not installed (openmpi-bin)"
	finish
fi
mpiline=$("$IOPROBE" --version | grep '^mpi: ')
check "--version says whether MPI is built in ($mpiline)" test -n "$mpiline"
if [ "$mpiline" = "mpi: no" ] || [ -z "$mpiline" ]; then
	if pkg-config --exists ompi-c || pkg-config --exists mpich; then
		nok "built without MPI although pkg-config finds it"
	else
		skip "ioprobe under MPI" "built without MPI (no libopenmpi-dev)"
	fi
	finish
fi
# Under ASan, Open MPI's own allocations kept past MPI_Finalize are
# suppressed by name (tests/lsan-mpi.supp); ours are still reported.
SUPP=$(cd "$(dirname "$0")/.." && pwd)/lsan-mpi.supp
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0
export LSAN_OPTIONS=${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$SUPP:print_suppressions=0
mpi() {	# $1 = ranks, then ioprobe's arguments; out/err in $T, status $rc
	local n=$1
	shift
	timeout 60 mpirun --oversubscribe --allow-run-as-root -n "$n" \
		"$IOPROBE" "$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# merged.json rank-json... -> "ios sum_of_ranks p99 p99_of_union skew_ms threads_ok"
facts() {
	python3 - "$@" <<'PY'
import json, math, sys
m = json.load(open(sys.argv[1]))
ranks = [json.load(open(p)) for p in sys.argv[2:]]
def low(i):
    return i if i < 256 else (128 + (i & 127)) << ((i >> 7) - 1)
def mid(i):
    return i if i < 256 else low(i) + (1 << ((i >> 7) - 2))
def pct(buckets, n, lo, hi, over, p):
    x = p * n / 100.0
    r = min(max(math.ceil(x - x * 1e-14), 1), n)
    cum = 0
    for i in sorted(buckets):
        cum += buckets[i]
        if cum >= r:
            return min(max(mid(i), lo), hi)
    return hi
b, n, lo, hi, over = {}, 0, 2**64, 0, 0
for r in ranks:
    for row in r["rows"]:
        for d in ("read", "write"):
            l = row[d]["latency"]
            if not l["count"]:
                continue
            for i, c in l["histogram"]:
                b[i] = b.get(i, 0) + c
            n += l["count"]; over += l["overflow"]
            lo = min(lo, l["min_ns"]); hi = max(hi, l["max_ns"])
tot = lambda r: r["totals"]["all"]["total"]
starts = [r["fleet"]["ranks"][0]["window_start_unix_ns"] for r in ranks]
threads = sorted(row["thread"] for row in m["rows"])
print(tot(m)["ios"], sum(tot(r)["ios"] for r in ranks),
      tot(m)["percentiles_ns"]["99"], pct(b, n, lo, hi, over, 99),
      "%.3f" % ((max(starts) - min(starts)) / 1e6),
      int(threads == list(range(len(threads))) and
          m["thread_count"] == sum(r["thread_count"] for r in ranks)))
PY
}

# The window starts are as close as the scheduler wakes each rank's main
# thread: the workers are rate-limited (-g) to leave it a core, and on a
# machine too busy for that a second run is allowed (both are shown).
for n in 2 4; do
	ios=- sum=+ p99=- p99u=+ skew=999 tok=0
	for attempt in 1 2; do
		mpi $n -d1 -W0 -t2 -o2 -b4k -r -L -g8192 -c2M \
			--output "json:$T/r$n-{rank}.json" \
			--output "json:$T/m$n.json" \
			--output "xml:$T/m$n.xml" "$T/f$n-{rank}.dat"
		rjs=()
		for ((k = 0; k < n; k++)); do rjs+=("$T/r$n-$k.json"); done
		[ "$rc" -eq 0 ] || break
		read -r ios sum p99 p99u skew tok < <(facts "$T/m$n.json" "${rjs[@]}")
		echo "# -n $n, run $attempt: $ios I/Os (ranks: $sum), P99 $p99 ns (union: $p99u), window starts within $skew ms"
		awk -v s="$skew" 'BEGIN { exit !(s < 10) }' && break
	done
	check_eq "-n $n: exit status" "$rc" 0
	[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/err" | head -20
	check_eq "-n $n: one report on stdout (rank 0 only)" \
		"$(grep -c '^Command Line:' "$T/out")" 1
	check "-n $n: threads numbered across ranks" \
		grep -Eq "^ +$((2 * n - 1)) \| .*f$n-\{rank\}\.dat" "$T/out"
	check "-n $n: rank table after DiskSpd's: rank, host, threads, path" \
		grep -Eq "^ +$((n - 1)) \| [^|]+ \| +$((2 * n - 2))-$((2 * n - 1)) \|.* \| $T/f$n-$((n - 1))\.dat$" "$T/out"
	check "-n $n: per-host table" grep -Eq "^[^ ]+ +\| +$n \| +$((2 * n)) \|" "$T/out"
	check_eq "-n $n: merged I/Os = sum of the ranks' own" "$ios" "$sum"
	check_eq "-n $n: merged P99 = P99 of the union of the histograms" "$p99" "$p99u"
	check "-n $n: measured windows start within 10 ms ($skew ms)" \
		awk -v s="$skew" 'BEGIN { exit !(s < 10) }'
	check_eq "-n $n: merged thread ids 0..N-1" "$tok" 1
	"$IOPROBE" show "$T/m$n.json" >"$T/shown" 2>/dev/null
	check "-n $n: show re-renders the merged report byte for byte" \
		cmp -s "$T/shown" "$T/out"
	check "-n $n: XML well-formed, ranks under System/Linux" \
		python3 -c "
import sys, xml.etree.ElementTree as E
r = E.parse('$T/m$n.xml').getroot()
ranks = r.findall('./System/Linux/Fleet/Rank')
sys.exit(not (len(ranks) == $n and not r.findall('.//Thread//Fleet')))"
done

# one file for all ranks: rank 0 creates it, the others find it filled
mpi 2 -d1 -W0 -t1 -o1 -b4k -c1M --output "json:$T/s-{rank}.json" "$T/shared.dat"
check_eq "shared -c file: exit status" "$rc" 0
check_eq "shared -c file: created by rank 0, reused by rank 1" \
	"$(python3 -c "
import json
a, b = (json.load(open('$T/s-%d.json' % k))['targets'][0] for k in (0, 1))
print(a['created'], b['created'], b['fill_skipped'])")" "True False True"

# a target only rank 1 lacks
"$IOPROBE" -d1 -W0 -c1M "$T/bad-0.dat" >/dev/null 2>&1
t0=$(date +%s)
mpi 2 -d1 -W0 -t1 -o1 -b4k "$T/bad-{rank}.dat"
dt=$(($(date +%s) - t0))
check_eq "bad target on rank 1: exit status 1" "$rc" 1
check "bad target on rank 1: rank 1's message" \
	grep -q "^ioprobe: error: rank 1 ([^)]*): cannot open '$T/bad-1.dat'" "$T/err"
check_eq "bad target on rank 1: nothing on stdout" "$(wc -c <"$T/out")" 0
check "bad target on rank 1: no hang (${dt}s)" test "$dt" -lt 30

# a usage error on one rank only: exit status 2
mkdir -p "$T/d-0"
mpi 2 -d1 -W0 -t1 -o1 -b4k -c1M --output "json:$T/d-{rank}/r.json" "$T/u-{rank}.dat"
check_eq "bad --output folder on rank 1: exit status 2" "$rc" 2
check "bad --output folder on rank 1: rank 1's message" \
	grep -q "^ioprobe: error: rank 1 (" "$T/err"

# the DiskSpd switches' answers without a run are said once, by rank 0
mpi 2 -b4k -r -d1 -Rp "$T/p-{rank}.dat"
check_eq "-Rp under mpirun: exit status 0" "$rc" 0
check_eq "-Rp under mpirun: the profile printed once" \
	"$(grep -c '^Command Line:' "$T/out")" 1
mpi 2 --help
check_eq "--help under mpirun: printed once" "$(grep -c '^usage' "$T/out")" 1
mpi 2 -b3k7 "$T/p.dat"
check_eq "a bad switch under mpirun: exit status 2" "$rc" 2
check_eq "a bad switch under mpirun: said once" \
	"$(grep -c '^ioprobe: error: ' "$T/err")" 1
mpi 2 suite --duration x "$T"
check_eq "a bad suite option under mpirun: said once" \
	"$(grep -c '^ioprobe: error: ' "$T/err")" 1

# --quiet holds under mpirun as without it: no -P dots, no notes
mpi 2 --quiet -P100 -vs --engine=null -d1 -W0 -t1 -o1 -b4k -c1M "$T/q-{rank}.dat"
check_eq "--quiet under mpirun: exit status" "$rc" 0
check_eq "--quiet under mpirun: nothing on stderr" "$(head -c 300 "$T/err")" ""
mpi 2 -P100 -vs --engine=null -d1 -W0 -t1 -o1 -b4k -c1M "$T/q-{rank}.dat"
check "without --quiet under mpirun: the dots and the -vs note" \
	bash -c "grep -q '\.\.\.' '$T/err' && grep -q -- '-vs' '$T/err'"

# CSV and HTML carry the rank table
mpi 2 -d1 -W0 -t1 -o1 -b4k -r -L -c1M -Rcsv --output "html:$T/ranks.html" \
	"$T/c-{rank}.dat"
check_eq "-Rcsv under mpirun: exit status" "$rc" 0
check "-Rcsv: a read, write and total row per rank, all rows of one width" \
	python3 -c "
import csv, sys
rows = list(csv.reader(open('$T/out')))
ranks = [r for r in rows if r[1].startswith('(rank ')]
sys.exit(not (len(set(map(len, rows))) == 1 and
              [(r[1].split()[1], r[2]) for r in ranks] ==
              [(k, d) for k in '01' for d in ('read', 'write', 'total')] and
              int(ranks[2][19]) + int(ranks[5][19]) == int(rows[6][19])))"
check "HTML run page: the rank table, a row per rank" python3 -c "
import re, sys
h = open('$T/ranks.html').read()
t = h[h.index('<h2>Ranks (MPI)</h2>'):]
t = t[:t.index('</table>')]
sys.exit(len(re.findall('<tr><td>[01]</td>', t)) != 2)"

# suite: every profile on both ranks at once, one history row per test
mkdir -p "$T/suite"
SU=(--duration 1 --warmup 0 --file-size 2M --profiles randread4k,latency4k
    --history "$T/h.csv")
mpi 2 suite "$T/suite" --label two "${SU[@]}"
check_eq "suite -n 2: exit status" "$rc" 0
[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/err" | head -20
check "suite -n 2: one history row per test, 2 ranks, IOPS = the ranks' sum (10 %)" \
	python3 - "$T/h.csv" <<'PY'
import csv, json, os, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['label'] == 'two']
assert [r['test'] for r in rows] == ['randread4k', 'latency4k'], rows
for r in rows:
    assert r['ranks'] == '2', r['ranks']
    m = json.load(open(os.path.join(os.path.dirname(sys.argv[1]), r['json'])))
    assert m['fleet']['size'] == 2 and len(m['fleet']['ranks']) == 2
    def rate(k):
        ios = sum(x['read']['ios'] + x['write']['ios'] for x in m['rows']
                  if k['first_thread'] <= x['thread'] < k['first_thread'] + k['threads'])
        return ios / k['test_time_seconds']
    total = sum(rate(k) for k in m['fleet']['ranks'])
    print('#', r['test'], r['iops'], 'IOPS, ranks', total)
    assert abs(float(r['iops']) - total) <= 0.1 * total, (r['iops'], total)
PY
check_eq "suite -n 2: the summary printed once" \
	"$(grep -c '^test  *IOPS' "$T/out")" 1
check_eq "suite -n 2: the findings printed once" \
	"$(grep -c '^findings:' "$T/out")" 1
check "suite -n 2: the test files gone on both ranks" \
	test -z "$(ls -A "$T/suite")"

# a label measured by one process does not compare with one of two ranks
"$IOPROBE" suite "$T/suite" --label one "${SU[@]}" >/dev/null 2>&1
run_io compare --history "$T/h.csv" --from one --to two
check "compare: 1 rank vs 2 ranks is not comparable ($rc)" \
	grep -q "MPI ranks 1 vs 2" "$T/out"

# SIGINT to mpirun mid-test: each rank removes its own test file
timeout 60 mpirun --oversubscribe --allow-run-as-root -n 2 "$IOPROBE" suite \
	"$T/suite" --label sig --duration 20 --warmup 0 --file-size 2M \
	--profiles latency4k --history "$T/h.csv" >"$T/out" 2>"$T/err" &
mp=$!
for _ in $(seq 100); do
	[ "$(ls "$T/suite" | wc -l)" -ge 2 ] && break
	sleep 0.1
done
check "suite under SIGINT: a test file per rank while it runs" \
	test "$(ls "$T/suite" | grep -c 'ioprobe-suite-.*-r[01]\.dat')" -eq 2
sleep 1
kill -INT "$(pgrep -P $mp -x mpirun || echo $mp)"
wait $mp
rc=$?
check "suite under SIGINT: exit status not 0 ($rc)" test "$rc" -ne 0
check "suite under SIGINT: the test files gone on both ranks" \
	test -z "$(ls -A "$T/suite")"
check_eq "suite under SIGINT: no row for the interrupted test" \
	"$(grep -c ',sig,' "$T/h.csv")" 0

# a rank whose I/O fails mid-run (its file on a full tmpfs) stops the
# other within a few seconds instead of at the end of its -d20
if need_root && mkdir -p "$T/d0" "$T/d1" &&
	mount -t tmpfs -o size=1M ioprobe-mpi-full-$$ "$T/d1" 2>/dev/null; then
	at_exit "umount '$T/d1'"
	truncate -s 64M "$T/d0/f.dat" "$T/d1/f.dat"
	t0=$(date +%s)
	mpi 2 -d20 -W0 -t1 -o1 -b4k -r -w100 -Sb "$T/d{rank}/f.dat"
	dt=$(($(date +%s) - t0))
	check_eq "rank 1 failing mid-run: exit status 1" "$rc" 1
	check "rank 1 failing mid-run: its message, with rank and host" \
		grep -q "^ioprobe: error: rank 1 ([^)]*): write to '$T/d1/f.dat' at offset [0-9]* failed: No space left on device" "$T/err"
	check "rank 1 failing mid-run: the run stopped early (${dt}s of -d20)" \
		test "$dt" -lt 10
else
	skip "a rank failing mid-run" "needs root to mount a small tmpfs"
fi

# two loop devices throttled to 500 IOPS each, one per rank
CAP=500
BLK=/sys/fs/cgroup/blkio
plain_pass_only "two throttled devices" \
	"IOPS against a throttled disk measure time, not memory safety" ||
	finish
if ! need_root; then
	skip "two throttled devices" "needs root (loop devices, cgroup)"
	finish
fi
if [ ! -e "$BLK/blkio.throttle.read_iops_device" ]; then
	skip "two throttled devices" "no cgroup v1 blkio controller at $BLK"
	finish
fi
CG=$BLK/ioprobe-mpi-$$
mkdir "$CG"
at_exit "rmdir '$CG'"
for k in 0 1; do
	truncate -s 64M "$T/back-$k.img"
	if ! L=$(losetup -f --show --direct-io=on "$T/back-$k.img" 2>"$T/err"); then
		skip "two throttled devices" "losetup failed: $(cat "$T/err")"
		finish
	fi
	at_exit "losetup -d $L"
	ln -s "$L" "/tmp/ioprobe-mpi-dev-$$-$k"
	at_exit "rm -f /tmp/ioprobe-mpi-dev-$$-$k"
	echo "$(lsblk -dno MAJ:MIN "$L" | tr -d ' ') $CAP" \
		>"$CG/blkio.throttle.read_iops_device"
done
bash -c "echo \$\$ >'$CG/cgroup.procs'; exec timeout 90 mpirun --oversubscribe \
	--allow-run-as-root -n 2 '$IOPROBE' -d3 -W1 -t1 -o4 -b4k -r -Sh \
	--output 'json:$T/thr.json' '/tmp/ioprobe-mpi-dev-$$-{rank}'" \
	>"$T/out" 2>"$T/err"
rc=$?
check_eq "throttled: exit status" "$rc" 0
[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/err" | head -20
read -r all r0 r1 < <(python3 -c "
import json
m = json.load(open('$T/thr.json'))
def rate(k):
    ios = sum(r['read']['ios'] + r['write']['ios'] for r in m['rows']
              if k['first_thread'] <= r['thread'] < k['first_thread'] + k['threads'])
    return ios / k['test_time_seconds']
print('%.1f' % m['totals']['all']['total']['iops'],
      *('%.1f' % rate(k) for k in m['fleet']['ranks']))")
echo "# throttled: $all IOPS in all, ranks $r0 and $r1"
check_near "throttled: about 1,000 IOPS in all" "$all" $((2 * CAP)) 0.2
check_near "throttled: about 500 IOPS on rank 0" "$r0" $CAP 0.2
check_near "throttled: about 500 IOPS on rank 1" "$r1" $CAP 0.2
check "throttled: the rank table shows each device" \
	grep -q "^   1 | .*| /tmp/ioprobe-mpi-dev-$$-1" "$T/out"
finish
