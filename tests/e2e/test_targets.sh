#!/usr/bin/env bash
# test_targets.sh - several targets in one run and in one suite: the
# per-target section in text (after DiskSpd's tables), XML (under
# TimeSpan/Linux, never in Thread/Target), HTML and again from the saved
# JSON; `suite A B` with one test file per PATH, a history row naming
# both, nothing left on either PATH after a refusal or Ctrl+C; and, on
# two loop devices each capped at 500 IOPS (cgroup v1 blkio), ≈500 per
# target and ≈1,000 in total, in a run and per suite profile.
# serial: IOPS of two devices at their blkio caps
. "$(dirname "$0")/lib.sh"

NAME=v9targets
# per-target IOPS of the text report's "Per target" rows, "path iops"
per_target() {
	awk '/^Per target/ { on = 1; next }
	     on && /^ *[0-9]+ \|/ { n = split($0, f, "|"); gsub(/ /, "", f[4]);
				    gsub(/^ +/, "", f[n]); print f[n], f[4] }
	     on && /^ *all \|/ { split($0, f, "|"); gsub(/ /, "", f[4]);
				 print "all", f[4]; exit }' "$1"
}

# ---- one run on two files ----------------------------------------------
run_io -c8M -d1 -W0 -b4K -r -t1 -o2 -L --output json:"$T/r.json" \
	--output xml:"$T/r.xml" --output html:"$T/r.html" "$T/a.dat" "$T/b.dat"
check_eq "two-target run exits 0" "$rc" 0
check "text: a Per target section" grep -q '^Per target (all threads' "$T/out"
check "text: after DiskSpd's latency table" \
	awk '/^Total latency distribution/ { l = NR } /^Per target/ { p = NR }
	     END { exit !(l && p > l) }' "$T/out"
check "text: no row of ours starts with 'total:'" \
	bash -c "! sed -n '/^Per target/,\$p' '$T/out' | grep -q '^total:'"
per_target "$T/out" >"$T/pt"
check_eq "text: two target rows and the total" "$(wc -l <"$T/pt")" 3
check "text: the target rows sum to the total" awk '
	$1 == "all" { all = $2; next } { s += $2 }
	END { d = s - all; exit !(all > 0 && (d < 0 ? -d : d) < 0.02) }' "$T/pt"
"$IOPROBE" show "$T/r.json" >"$T/show.txt" 2>"$T/err"
check "show re-renders the same section" \
	cmp <(sed -n '/^Per target/,$p' "$T/out") \
	    <(sed -n '/^Per target/,$p' "$T/show.txt")
check "XML: well formed" xmllint --noout "$T/r.xml"
check_eq "XML: two TargetSummary under TimeSpan/Linux" \
	"$(xmllint --xpath 'count(/Results/TimeSpan/Linux/TargetSummaries/TargetSummary)' "$T/r.xml")" 2
check_eq "XML: nothing of ours inside Thread/Target" \
	"$(xmllint --xpath 'count(//Thread/Target//TargetSummaries)' "$T/r.xml")" 0
check "XML: the all-target P99" \
	bash -c "xmllint --xpath '/Results/TimeSpan/Linux/TargetSummaries/AllTargets/P99Milliseconds/text()' '$T/r.xml' | grep -Eq '^[0-9]+\.[0-9]{3}$'"
check "HTML: per-target bars" grep -q 'aria-label="IOPS per target"' "$T/r.html"
check "HTML: per-target table" grep -q '<h2>Per target</h2>' "$T/r.html"
run_io -c8M -d1 -W0 -b4K -r -L "$T/a.dat"
check "one target: no Per target section (it would repeat the total)" \
	bash -c "! grep -q '^Per target' '$T/out'"
run_io -c8M -d1 -W0 -b4K -r -L "$T/a.dat" "$T/a.dat"
check "one file named twice: one target, no section" \
	bash -c "! grep -q '^Per target' '$T/out'"

# ---- suite A B on two folders ------------------------------------------
H=$T/hist.csv
S=(--duration 1 --warmup 0 --file-size 8M --profiles randread4k --history "$H")
mkdir -p "$T/A-$NAME" "$T/B-$NAME"
run_io suite "$T/A-$NAME" "$T/B-$NAME" --label two "${S[@]}"
check_eq "suite A B exits 0" "$rc" 0
check "plan names both test files" \
	grep -q "1 test on $T/A-$NAME/ioprobe-suite-[0-9]*\.dat + $T/B-$NAME/ioprobe-suite-[0-9]*\.dat (8 MiB each" "$T/out"
check "summary: a line per target" \
	bash -c "grep -Eq '^  target 0 +[0-9,.]+ .*A-$NAME/' '$T/out' && grep -Eq '^  target 1 +[0-9,.]+ .*B-$NAME/' '$T/out'"
check_eq "no test file left in A or B" \
	"$(ls "$T/A-$NAME" "$T/B-$NAME" | grep -c dat)" 0
check "history target column names both files" python3 -c "
import csv, sys
r = [x for x in csv.DictReader(open('$H')) if x['label'] == 'two'][0]
t = r['target'].split(' + ')
sys.exit(not (len(t) == 2 and '/A-$NAME/' in t[0] and '/B-$NAME/' in t[1]
	      and r['cmdline'].endswith(t[0] + ' ' + t[1])))"
run_io suite "$T/A-$NAME" --label one "${S[@]}"
run_io compare --history "$H" --from one --to two
check "compare: the changed target set is noted" \
	grep -q "note: the targets changed: 'one' ran in $T/A-$NAME, 'two' in $T/A-$NAME + $T/B-$NAME" "$T/out"
run_io compare --history "$H" --from one --to two -Rhtml
check "compare page: the changed target set is noted" \
	grep -q "note: the targets changed: &#39;one&#39; ran in $T/A-$NAME" "$T/out"

run_io suite "$T/A-$NAME" "$T/A-$NAME" --label x "${S[@]}"
check_eq "the same folder twice is a usage error" "$rc" 2
check "the same folder twice is named" grep -q "names the same test file" "$T/err"
run_io suite "$T/A-$NAME" "$T/nope-$NAME/deeper" --label x "${S[@]}"
check_eq "a missing second PATH is a usage error" "$rc" 2
check_eq "a refused PATH leaves nothing in the first" "$(ls "$T/A-$NAME" | wc -l)" 0
run_io suite a b c d e f g h i --label x "${S[@]}"
check_eq "more than 8 PATHs is a usage error" "$rc" 2

# Ctrl+C in the middle of a two-PATH suite: nothing left on either PATH.
"$IOPROBE" suite "$T/A-$NAME" "$T/B-$NAME" --label sig --duration 3 \
	--warmup 0 --file-size 8M --profiles randread4k,seqread64k \
	--history "$H" >"$T/out" 2>"$T/err" &
pid=$!
sleep 1.5
kill -s INT $pid
wait $pid
check_eq "SIGINT mid-suite exits 130" "$?" 130
check_eq "SIGINT leaves no test file on either PATH" \
	"$(find "$T/A-$NAME" "$T/B-$NAME" -type f | wc -l)" 0

# A claim refused on the second PATH (read-only filesystem) removes the
# first PATH's file.
if need_root && mkdir "$T/ro-$NAME" &&
	mount -t tmpfs -o size=256m,ro "tmpfs-$NAME" "$T/ro-$NAME" 2>/dev/null; then
	at_exit "unmount '$T/ro-$NAME'"
	run_io suite "$T/A-$NAME" "$T/ro-$NAME" --label x "${S[@]}"
	check_eq "a read-only second PATH fails the suite" "$rc" 1
	check "the refused claim is named" grep -q "cannot create test file '$T/ro-$NAME/" "$T/err"
	check_eq "nothing left on the first PATH" "$(ls "$T/A-$NAME" | wc -l)" 0
else
	skip "claim refused on the second PATH" "needs root and a tmpfs mount"
fi

# ---- two loop devices capped at 500 IOPS each ---------------------------
CAP=500
BLK=/sys/fs/cgroup/blkio
if ! need_root; then
	skip "two throttled disks" "needs root (loop devices, mount, cgroup)"
	finish
fi
if [ ! -e "$BLK/blkio.throttle.read_iops_device" ]; then
	skip "two throttled disks" "no cgroup v1 blkio controller at $BLK"
	finish
fi
CG=$BLK/ioprobe-e2e-$NAME-$$
mkdir "$CG" || { nok "cgroup $CG"; finish; }
at_exit "rmdir '$CG'"
L=()
for d in a b; do
	truncate -s 128M "$T/back-$d.img"
	if ! l=$(losetup -f --show --direct-io=on "$T/back-$d.img" 2>"$T/err"); then
		skip "two throttled disks" "losetup failed: $(cat "$T/err")"
		finish
	fi
	at_exit "losetup -d $l"
	L+=("$l")
	mm=$(lsblk -dno MAJ:MIN "$l" | tr -d ' ')
	echo "$mm $CAP" >"$CG/blkio.throttle.read_iops_device"
	echo "$mm $CAP" >"$CG/blkio.throttle.write_iops_device"
done
incg() { bash -c "echo \$\$ >'$CG/cgroup.procs'; exec \"\$@\"" incg "$@"; }

incg "$IOPROBE" -b4K -r -w0 -t1 -o8 -Sh -d3 -W1 -L "${L[0]}" "${L[1]}" \
	>"$T/out" 2>"$T/err"
check_eq "run on two capped devices exits 0" "$?" 0
per_target "$T/out" >"$T/pt"
check_near "device 1 at its cap" "$(awk -v p="${L[0]}" '$1 == p { print $2 }' "$T/pt")" $CAP 0.10
check_near "device 2 at its cap" "$(awk -v p="${L[1]}" '$1 == p { print $2 }' "$T/pt")" $CAP 0.10
check_near "all targets: both caps" "$(awk '$1 == "all" { print $2 }' "$T/pt")" $((2 * CAP)) 0.10
sed 's/^/# /' "$T/pt"

for d in 0 1; do
	mkfs.ext4 -q "${L[$d]}" && mkdir -p "$T/mnt-$NAME-$d" &&
		mount "${L[$d]}" "$T/mnt-$NAME-$d" || { nok "mkfs/mount ${L[$d]}"; finish; }
	at_exit "unmount '$T/mnt-$NAME-$d'"
done
H2=$T/hist2.csv
incg "$IOPROBE" suite "$T/mnt-$NAME-0" "$T/mnt-$NAME-1" --label striped \
	--duration 3 --warmup 1 --file-size 32M --profiles randread4k,seqread64k \
	--history "$H2" >"$T/out" 2>"$T/err"
check_eq "suite on two capped disks exits 0" "$?" 0
check_eq "no test file left on either disk" \
	"$(ls "$T/mnt-$NAME-0" "$T/mnt-$NAME-1" | grep -c dat)" 0
python3 - "$H2" >"$T/py" 2>&1 <<'PY'
import csv, json, os, sys
h = sys.argv[1]
for r in csv.DictReader(open(h)):
    j = json.load(open(os.path.join(os.path.dirname(h), r['json'])))
    t = [x['total']['iops'] for x in j['totals']['targets']]
    print(r['test'], r['iops'], *t)
PY
check_eq "two profiles in the history" "$(grep -c . "$T/py")" 2
while read -r test all t0 t1; do
	check_near "suite $test: total at both caps" "$all" $((2 * CAP)) 0.10
	check_near "suite $test: first disk at its cap" "$t0" $CAP 0.10
	check_near "suite $test: second disk at its cap" "$t1" $CAP 0.10
done <"$T/py"
sed 's/^/# /' "$T/py"
finish
