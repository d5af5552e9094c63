#!/usr/bin/env bash
# test_throttle.sh - the seed story in miniature on a real slow disk: a
# 256 MiB loop device (direct I/O, so the kernel throttle on its MAJ:MIN
# sees our bios) with ext4, capped by cgroup v1 blkio at 500 IOPS and
# 60 MiB/s per direction.  "before" must measure every profile at the cap
# (read IOPS for the 70/30 mix, whose total is cap / 0.7) and report the
# wall; with the throttle lifted, "after" must compare faster and say the
# wall is gone.
. "$(dirname "$0")/lib.sh"

CAP=500
BPS=62914560
BLK=/sys/fs/cgroup/blkio
plain_pass_only "throttled-disk suite" \
	"IOPS and walls on a throttled disk measure time, not memory safety" ||
	finish
if ! need_root; then
	skip "throttled-disk suite" "needs root (loop device, mount, cgroup)"
	finish
fi
if [ ! -e "$BLK/blkio.throttle.read_iops_device" ]; then
	skip "throttled-disk suite" "no cgroup v1 blkio controller at $BLK"
	finish
fi
truncate -s 256M "$T/back.img"
if ! L=$(losetup -f --show --direct-io=on "$T/back.img" 2>"$T/err"); then
	skip "throttled-disk suite" "losetup failed: $(cat "$T/err")"
	finish
fi
at_exit "losetup -d $L"
mkfs.ext4 -q "$L" && mkdir -p "$T/mnt" && mount "$L" "$T/mnt" || {
	nok "mkfs/mount of $L"; finish; }
at_exit "unmount '$T/mnt'"
MM=$(lsblk -dno MAJ:MIN "$L" | tr -d ' ')
CG=$BLK/ioprobe-e2e-$$
mkdir "$CG"
at_exit "rmdir '$CG'"
throttle() {	# $1 = iops, $2 = bytes/s (0 = lift)
	echo "$MM $1" >"$CG/blkio.throttle.read_iops_device"
	echo "$MM $1" >"$CG/blkio.throttle.write_iops_device"
	echo "$MM $2" >"$CG/blkio.throttle.read_bps_device"
	echo "$MM $2" >"$CG/blkio.throttle.write_bps_device"
}
H=$T/history.csv
suite() {	# $1 = label; runs inside the cgroup
	bash -c "echo \$\$ >'$CG/cgroup.procs'; exec '$IOPROBE' suite '$T/mnt' \
		--label $1 --duration 5 --warmup 2 --file-size 64M \
		--history '$H' --expect iops=$CAP,mbps=60" >"$T/out" 2>"$T/err"
	rc=$?
}
col() {	# $1 = label, $2 = test, $3 = column -> value from the history
	python3 -c "
import csv, sys
for r in csv.DictReader(open('$H')):
    if r['label'] == '$1' and r['test'] == '$2':
        print(r['$3'])" | tail -1
}

throttle $CAP $BPS
suite before
check_eq "before: suite exits 0" "$rc" 0
for t in randread4k mixed8k seqread64k; do
	iops=$(col before $t iops)
	rd=$(awk -v i="$iops" -v p="$(col before $t read_pct)" \
		'BEGIN { printf "%.1f", i * p / 100 }')
	check_near "before: $t read IOPS at the cap" "$rd" $CAP 0.05
	echo "# $t: $iops IOPS, reads $rd, cap $CAP"
done
check_near "before: mixed8k total = cap / 0.7" "$(col before mixed8k iops)" \
	"$(awk -v c=$CAP 'BEGIN { print c / 0.7 }')" 0.05
check "before: the wall is reported per direction" \
	grep -q "reads capped at ≈[0-9,]* IOPS in every profile" "$T/out"
check "before: % of provisioned" grep -q "% of the provisioned 500 IOPS" "$T/out"
check "before: the 70/30 total explained" \
	grep -Eq "mixed8k's total [0-9,]+ = the cap ÷ 0\.(69|70|71) reads" "$T/out"
grep '^time:' "$T/out" | sed 's/^/# /'

throttle 0 0
suite after
check_eq "after: suite exits 0" "$rc" 0
check "after: comparison printed" grep -q "comparison 'before' → 'after'" "$T/out"
for t in randread4k mixed8k seqread64k; do
	line=$(grep -E "^$t " "$T/out" | grep '→' | head -1)
	f_iops=$(sed -E 's/.*\(×([0-9.]+)( \[[0-9.]+-[0-9.]+\])?\).*faster.*/\1/' <<<"$line")
	f_p99=$(sed -E 's/.*faster ×([0-9.]+)( \[[0-9.]+-[0-9.]+\])?\).*/\1/' <<<"$line")
	check "after: $t IOPS factor $f_iops > 1" awk -v f="$f_iops" 'BEGIN { exit !(f > 1) }'
	check "after: $t P99 factor $f_p99 > 1" awk -v f="$f_p99" 'BEGIN { exit !(f > 1) }'
	check "after: $t verdict faster" grep -Eq "^$t .*faster$" "$T/out"
done
check "after: the change is named" \
	grep -q "change: the wall at ≈[0-9,]* IOPS seen in 'before' is gone in 'after'" "$T/out"
check "after: no wall" bash -c "! grep -q 'capped at' '$T/out'"
# IOPROBE_KEEP_HISTORY=DIR keeps a copy of the two-label history (and its
# JSON results) for looking at the reports by hand.
if [ -n "${IOPROBE_KEEP_HISTORY:-}" ]; then
	mkdir -p "$IOPROBE_KEEP_HISTORY" &&
		cp -r "$H" "$T/results" "$IOPROBE_KEEP_HISTORY/"
fi
finish
