#!/usr/bin/env bash
# test_verdicts.sh - verdicts that can be trusted, end to end:
#  - the suite prints the exact command that measures "after" the same
#    way, and running it gives a comparable pair;
#  - two suites with different --file-size: compare marks every test "not
#    comparable", lists the difference and exits 4; --allow-different
#    prints the factors with the difference beside them; a history from
#    before the engine and fill columns still compares, saying what it
#    could not check; the notes of the saved switches are not said
#    again;
#  - a burst on a real throttled disk (loop device + cgroup v1 blkio): the
#    cap starts at 3,000 IOPS and drops to 500 four seconds into the run;
#    the burst finding names both levels and the time of the drop, and
#    the summary shows the sustained figure with the burst beside it; the
#    same disk held at 500 IOPS throughout gets no burst finding.
# serial-plain: burst levels and times at a blkio cap (plain_pass_only)
. "$(dirname "$0")/lib.sh"

H=$T/hist/history.csv
S=(--duration 1 --warmup 0 --history "$H" --profiles randread4k,seqread64k)
mkdir -p "$T/d" "$T/hist"

# ---- the "next" command: same settings, comparable ----------------------
run_io suite "$T/d" --label before --file-size 16M "${S[@]}"
check_eq "first suite exits 0" "$rc" 0
next=$(grep -A1 '^next: ' "$T/out" | tail -1 | sed 's/^ *//')
check "first suite prints the after command with its settings" \
	grep -q -- "suite $T/d --label after --duration 1 --warmup 0 --file-size 16M --profiles randread4k,seqread64k --history $H$" <<<"$next"
eval "$next" >"$T/out" 2>"$T/err"
check_eq "the printed command runs" "$?" 0
check "its comparison has verdicts" \
	grep -Eq '^randread4k .*(faster|slower|no clear change \(within ±[0-9]+ %\)|mixed)$' "$T/out"
check "nothing is called not comparable" bash -c "! grep -q 'not comparable' '$T/out'"
check "no next command once two labels exist" bash -c "! grep -q '^next: ' '$T/out'"

# ---- (d) different --file-size: not comparable ---------------------------
run_io suite "$T/d" --label big --file-size 32M "${S[@]}"
check_eq "third suite (32M) exits 0" "$rc" 0
run_io compare --history "$H" --from before --to big
check_eq "not comparable: exit 4" "$rc" 4
check_eq "every test not comparable" \
	"$(grep -Ec '^(randread4k|seqread64k) .* not comparable$' "$T/out")" 2
check_eq "the difference listed under each test" \
	"$(grep -c '^  not comparable: file size 16 MiB vs 32 MiB$' "$T/out")" 2
check "no factors without the override" bash -c "! grep -q '(×' '$T/out'"
check "headline says so" \
	grep -q '^headline: not comparable: every test was measured differently (file size 16 MiB vs 32 MiB): measure both labels the same way, or compare anyway with --allow-different$' "$T/out"
run_io compare --history "$H" --from before --to big -Rjson
check "JSON carries the verdict and the difference" bash -c \
	"jq -e '([.tests[] | select(.verdict == \"not comparable\" and .differences == \"file size 16 MiB vs 32 MiB\")] | length == 2) and (.headline | startswith(\"not comparable: \"))' '$T/out' >/dev/null"
run_io compare --history "$H" --from before --to big --allow-different
check "--allow-different: exit 0 or 3" bash -c "[ $rc = 0 ] || [ $rc = 3 ]"
check_eq "--allow-different: factors" "$(grep -Ec '^(randread4k|seqread64k) .*\(×[0-9.]+( \[[0-9.]+-[0-9.]+\])?\)' "$T/out")" 2
check_eq "--allow-different: the difference beside them" \
	"$(grep -c '^  measured differently: file size 16 MiB vs 32 MiB$' "$T/out")" 2
check "--allow-different: headline names it" \
	grep -q '^headline: .*; measured differently, compared anyway: file size 16 MiB vs 32 MiB$' "$T/out"

# A history written before the engine and fill columns.
python3 - "$H" "$T/old.csv" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1], newline='')) if r]
with open(sys.argv[2], 'w', newline='') as f:
    w = csv.writer(f, lineterminator='\n')
    for r in rows:
        w.writerow(r[:20])
PY
cp -r "$T/hist/results" "$T/results"
run_io compare --history "$T/old.csv" --from before --to after
check "old history: compares (exit 0 or 3)" bash -c "[ $rc = 0 ] || [ $rc = 3 ]"
check "old history: no damaged lines" bash -c "! grep -q 'damaged' '$T/err'"
check "old history: says what it could not check" \
	grep -q '^note: engine, fill not checked for randread4k: older history rows do not record them$' "$T/out"

# The saved command lines are read again to learn how each test was
# measured: what their switches said at run time is not said again.
python3 - "$H" "$T/vs.csv" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1], newline='')) if r]
with open(sys.argv[2], 'w', newline='') as f:
    w = csv.writer(f, lineterminator='\n')
    for i, r in enumerate(rows):
        w.writerow(r if i == 0 else r[:4] + ["-vs -x " + r[4]] + r[5:])
PY
run_io compare --history "$T/vs.csv" --from before --to after
check "saved -vs -x rows: compares (exit 0 or 3)" bash -c "[ $rc = 0 ] || [ $rc = 3 ]"
check "saved -vs -x rows: their notes are not said again" \
	bash -c "! grep -q 'note: -[vx]' '$T/err'"

# ---- (c) a burst on a throttled loop disk ---------------------------------
BLK=/sys/fs/cgroup/blkio
plain_pass_only "burst on a throttled disk" \
	"levels and times on a throttled disk measure time, not memory safety" ||
	finish
if ! need_root; then
	skip "burst on a throttled disk" "needs root (loop device, mount, cgroup)"
	finish
fi
if [ ! -e "$BLK/blkio.throttle.read_iops_device" ]; then
	skip "burst on a throttled disk" "no cgroup v1 blkio controller at $BLK"
	finish
fi
truncate -s 256M "$T/back.img"
if ! L=$(losetup -f --show --direct-io=on "$T/back.img" 2>"$T/err"); then
	skip "burst on a throttled disk" "losetup failed: $(cat "$T/err")"
	finish
fi
at_exit "losetup -d $L"
mkfs.ext4 -q "$L" && mkdir -p "$T/mnt" && mount "$L" "$T/mnt" || {
	nok "mkfs/mount of $L"; finish; }
at_exit "unmount '$T/mnt'"
MM=$(lsblk -dno MAJ:MIN "$L" | tr -d ' ')
CG=$BLK/ioprobe-verdicts-${T##*.}-$$
mkdir "$CG"
at_exit "rmdir '$CG'"
cap() {	# $1 = read and write IOPS (0 = lift)
	echo "$MM $1" >"$CG/blkio.throttle.read_iops_device"
	echo "$MM $1" >"$CG/blkio.throttle.write_iops_device"
}
at_exit "cap 0"	# first: the unmount must not wait on throttled writes
burst_suite() {	# $1 = label, $2 = duration; runs inside the cgroup
	bash -c "echo \$\$ >'$CG/cgroup.procs'; exec '$IOPROBE' suite '$T/mnt' \
		--label $1 --duration $2 --warmup 0 --file-size 64M \
		--profiles randread4k --history '$T/burst.csv'" \
		>"$T/out" 2>"$T/err"
	rc=$?
}
# the helper: 4 s after the test file appears, the cap falls to 500
lower_later() {
	for _ in $(seq 200); do
		ls "$T/mnt"/ioprobe-suite-* >/dev/null 2>&1 && break
		sleep 0.05
	done
	sleep 4
	cap 500
}

cap 3000
lower_later &
helper=$!
burst_suite burst 12
wait $helper
check_eq "burst: suite exits 0" "$rc" 0
line=$(grep -E '^  - randread4k: the first [0-9]+\.[0-9] s ran at' "$T/out")
echo "# $line"
re='the first ([0-9]+\.[0-9]) s ran at ([0-9,]+) IOPS, then ([0-9,]+) IOPS for the remaining ([0-9]+\.[0-9]) s: burst credits or a cache ran out'
if [[ $line =~ $re ]]; then
	ok "burst: the finding names both phases"
	check_near "burst: the first level is the 3,000 cap" "${BASH_REMATCH[2]//,/}" 3000 0.10
	check_near "burst: the sustained level is the 500 cap" "${BASH_REMATCH[3]//,/}" 500 0.10
	check_near "burst: the drop came after about 4 s (±2 s)" "${BASH_REMATCH[1]}" 4 0.5
else
	nok "burst: no burst finding: $(grep -A8 '^findings:' "$T/out")"
fi
row=$(grep -E '^randread4k ' "$T/out" | head -1)
echo "# $row"
sus=$(awk '{ gsub(",", "", $2); print $2 }' <<<"$row")
check_near "burst: the summary shows the sustained figure" "$sus" 500 0.10
check "burst: the burst figure beside it" \
	grep -Eq 'sustained; burst [0-9,]+ IOPS for the first [0-9]+\.[0-9] s, whole window [0-9,]+$' <<<"$row"

# The twin: the same disk at 500 IOPS throughout.
cap 500
burst_suite flat 6
check_eq "flat: suite exits 0" "$rc" 0
check "flat: no burst finding" bash -c "! grep -q 'burst credits or a cache ran out' '$T/out'"
check "flat: the summary row is the plain figure" \
	bash -c "! grep -q 'sustained; burst' '$T/out'"
# (Whether this window is steady depends on the throttle's slices on a
# busy machine: the rule's own tests are in tests/unit/test_burst.c.)
grep -E '^  - randread4k' "$T/out" | sed 's/^/# /'

# A plain run with -D on the same burst: its page leads with the
# sustained figure, the burst beside it, and lists the findings.
cap 3000
rm -f "$T/mnt/run.dat"
( sleep 4; cap 500 ) &
helper=$!
bash -c "echo \$\$ >'$CG/cgroup.procs'; exec '$IOPROBE' -c64M -d12 -W0 -b4K \
	-r -o4 -t1 -Sh -L -D1000 --output=html:'$T/run.html' '$T/mnt/run.dat'" \
	>"$T/out" 2>"$T/err"
rc=$?
wait $helper
check_eq "burst run: exits 0" "$rc" 0
card=$(grep -o '<div class="card"><div class="k">[^<]*</div><div class="v">[^<]*' \
	"$T/run.html" | head -1)
echo "# $card"
check "burst run page: the first card is the sustained figure" \
	grep -q '>Sustained IOPS<' <<<"$card"
sus=$(sed 's/.*class="v">//; s/,//g; s/ *$//' <<<"$card")
check_near "burst run page: sustained near the 500 cap" "$sus" 500 0.15
check "burst run page: the burst beside it" \
	grep -Eq 'burst [0-9,]+ IOPS for the first [0-9]+ s; mean' "$T/run.html"
check "burst run page: a findings section" grep -q '<h2>Findings</h2>' \
	"$T/run.html"
[ -n "${PAGES_KEEP:-}" ] && cp "$T/run.html" "$PAGES_KEEP/burst-run.html"
finish
