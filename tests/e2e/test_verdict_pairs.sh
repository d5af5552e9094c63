#!/usr/bin/env bash
# test_verdict_pairs.sh - verdicts that hold under noise, end to end on a
# loop device throttled by cgroup v1 blkio: an A/A pair (the same cap)
# gives no "faster"/"slower" and exit 0; a cap raised 1,000 -> 3,000 gives
# ×3 with an interval holding 3; a run measured otherwise in a label is
# left out and said; a burst (3,000 then 500 IOPS) makes the sustained
# phase the headline figure, the same in the text, -Rjson and history,
# with Little's law holding on the row, and it compares with a flat label
# at 500 as no clear change.
. "$(dirname "$0")/lib.sh"

BLK=/sys/fs/cgroup/blkio
plain_pass_only "verdict pairs" \
	"verdicts on a throttled disk measure time, not memory safety" ||
	finish
if ! need_root; then
	skip "verdict pairs" "needs root (loop device, mount, cgroup)"
	finish
fi
if [ ! -e "$BLK/blkio.throttle.read_iops_device" ]; then
	skip "verdict pairs" "no cgroup v1 blkio controller at $BLK"
	finish
fi
truncate -s 128M "$T/back.img"
if ! L=$(losetup -f --show --direct-io=on "$T/back.img" 2>"$T/err"); then
	skip "verdict pairs" "losetup failed: $(cat "$T/err")"
	finish
fi
at_exit "losetup -d $L"
mkfs.ext4 -q "$L" && mkdir -p "$T/mnt" && mount "$L" "$T/mnt" || {
	nok "mkfs/mount of $L"; finish; }
at_exit "unmount '$T/mnt'"
MM=$(lsblk -dno MAJ:MIN "$L" | tr -d ' ')
CG=$BLK/ioprobe-e2e-verdict-$$
mkdir "$CG"
at_exit "rmdir '$CG'"
cap() { echo "$MM $1" >"$CG/blkio.throttle.read_iops_device"; }
H=$T/history.csv
suite() {	# $1 = label, $2 = duration, rest: more options
	local label=$1 d=$2
	shift 2
	bash -c "echo \$\$ >'$CG/cgroup.procs'; exec '$IOPROBE' suite '$T/mnt' \
		--label $label --duration $d --warmup 1 --file-size 16M \
		--profiles randread4k --history '$H' --quiet $*" \
		>"$T/out" 2>"$T/err"
	rc=$?
}
col() {	# $1 = label, $2 = column -> newest value from the history
	python3 -c "
import csv
for r in csv.DictReader(open('$H')):
    if r['label'] == '$1':
        v = r.get('$2', '')
print(v)"
}

# A/A: the same cap twice
cap 1000
suite a1 5
check_eq "A/A: first suite exits 0" "$rc" 0
suite a2 5
check_eq "A/A: the second suite's comparison exits 0" "$rc" 0
line=$(grep -E '^randread4k .*→' "$T/out" | head -1)
echo "# $line"
check "A/A: no clear change, within ±5 %" \
	grep -q 'no clear change (within ±5 %)$' <<<"$line"
check "A/A: the factor has an interval" \
	grep -Eq '\(×[01]\.[0-9]{2} \[[0-9.]+-[0-9.]+\]\)' <<<"$line"

# A/B: cap raised 1,000 -> 3,000
cap 3000
suite b3 5
line=$(grep -E '^randread4k .*→' "$T/out" | head -1)
echo "# $line"
read -r f lo hi < <(sed -E 's/.*\(×([0-9.]+) \[([0-9.]+)-([0-9.]+)\]\).*/\1 \2 \3/' \
	<<<"$line" | head -1)
check "A/B: ×3 faster" grep -q 'faster$' <<<"$line"
check "A/B: factor near 3 ($f)" awk -v f="$f" 'BEGIN { exit !(f > 2.7 && f < 3.3) }'
check "A/B: the interval holds 3 ($lo-$hi)" \
	awk -v l="$lo" -v h="$hi" 'BEGIN { exit !(l <= 3.02 && h >= 2.98) }'
check "A/B: headline with the interval" \
	grep -Eq '^headline: 1 of 1 test faster: randread4k IOPS ×[0-9.]+ \[[0-9.]+-[0-9.]+\]' "$T/out"

# A run measured otherwise in a label: left out, and said
sed -n '2p' "$H" | sed 's/-b4K/-b64K/' >"$T/row"
python3 - "$H" "$T/row" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
odd = next(csv.reader(open(sys.argv[2])))
odd[2] = 'b3'
rows.insert(1, odd)	# older than the b3 run: the newest sets the method
csv.writer(open(sys.argv[1], 'w'), lineterminator='\n').writerows(rows)
PY
run_io compare --history "$H" --from a1 --to b3
check "a 64K run in a 4K label is left out and said" \
	grep -q "note: 1 of 2 'b3' runs of randread4k left out: measured differently from its newest run (block size" "$T/out"
check_eq "left out: compare exits 0 (faster)" "$rc" 0

# A burst: 3,000 IOPS for about 3 s, then 500
H=$T/burst.csv
cap 3000
( sleep 4; cap 500 ) &
bash -c "echo \$\$ >'$CG/cgroup.procs'; exec '$IOPROBE' suite '$T/mnt' \
	--label burst --duration 12 --warmup 0 --file-size 16M \
	--profiles randread4k --history '$H' --quiet -Rjson" \
	>"$T/json" 2>"$T/text"
rc=$?
wait
check_eq "burst: suite exits 0" "$rc" 0
grep -E '^randread4k ' "$T/text" | sed 's/^/# /'
check "burst: the row is the sustained phase, the burst and window named" \
	grep -Eq '^randread4k .* sustained; burst [0-9,]+ IOPS for the first [0-9.]+ s, whole window [0-9,]+' "$T/text"
check_eq "burst: history names the figure" "$(col burst figure)" sustained
hi=$(col burst iops)
check_near "burst: headline IOPS at the sustained 500" "$hi" 500 0.1
python3 - "$T/json" "$T/text" "$H" >"$T/agree" 2>&1 <<'PY'
import csv, json, re, sys
j = json.load(open(sys.argv[1]))[0]
text = [l for l in open(sys.argv[2]) if l.startswith('randread4k ')][0]
h = [r for r in csv.DictReader(open(sys.argv[3]))][-1]
iops_text = float(text.split()[1].replace(',', ''))
assert j['figure'] == 'sustained', j
assert abs(j['iops'] - float(h['iops'])) < 0.01, (j['iops'], h['iops'])
assert abs(round(j['iops']) - iops_text) <= 1, (j['iops'], iops_text)
assert abs(j['window_iops'] - float(h['window_iops'])) < 0.01
assert j['window_iops'] > j['iops'] * 1.2, j
# Little's law on the printed row: 4 threads x 32 in flight
little = 128 / j['iops'] * 1000
assert abs(j['mean_ms'] - little) / little < 0.15, (j['mean_ms'], little)
print('agree ok')
PY
check "burst: text, -Rjson and history agree; Little's law holds" \
	grep -q 'agree ok' "$T/agree"
grep -v 'agree ok' "$T/agree" | head -3 | sed 's/^/# /'

# ... and compares with a flat label at the sustained level
cap 500
bash -c "echo \$\$ >'$CG/cgroup.procs'; exec '$IOPROBE' suite '$T/mnt' \
	--label flat --duration 12 --warmup 0 --file-size 16M \
	--profiles randread4k --history '$H' --quiet" >"$T/out" 2>"$T/err"
run_io compare --history "$H" --from burst --to flat
line=$(grep -E '^randread4k .*→' "$T/out" | head -1)
echo "# $line"
check "burst vs flat 500: no clear change" \
	grep -q 'no clear change (within ±5 %)$' <<<"$line"
check_eq "burst vs flat 500: exit 0" "$rc" 0
finish
