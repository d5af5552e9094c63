#!/usr/bin/env bash
# test_findings.sh - findings that read their own evidence, on real loop
# devices, each beside a twin where it must stay silent:
#  (a) a loop device without direct I/O over an image in the page cache:
#      the loop device passes every read on, its backing disk completes
#      almost none: the cache finding fires; twin: --direct-io=on, silent;
#  (b) --expect iops=500 on a disk capped at 1,000 IOPS (cgroup v1 blkio)
#      whose counters show it completed every read: the figure is the
#      device's, never "a cache's"; twin: --expect iops=1000, nothing
#      about --expect;
#  (c) a depth sweep on the capped disk: IOPS flat from -o1 while the mean
#      latency grows: "saturated at -o1"; with --slo every point meets,
#      the answer is -o1;
#  (d) a block sweep where 4K..64K sit at 1,000 IOPS and only 256K at the
#      byte cap: the IOPS plateau is said, never "IOPS is not flat".
. "$(dirname "$0")/lib.sh"

BLK=/sys/fs/cgroup/blkio
plain_pass_only "findings on loop disks" \
	"the figures of a throttled disk measure time, not memory safety" ||
	finish
if ! need_root; then
	skip "findings on loop disks" "needs root (loop device, mount, cgroup)"
	finish
fi
IMG=$T/cached-v22find.img
# written through (a hole reads as zeros without touching the disk, even
# with direct I/O), and room for the suite's file and its margin
dd if=/dev/urandom of="$IMG" bs=1M count=192 status=none
if ! L=$(losetup -f --show --direct-io=off "$IMG" 2>"$T/err"); then
	skip "findings on loop disks" "losetup failed: $(cat "$T/err")"
	finish
fi
at_exit "losetup -d $L"
DEV=$(basename "$L")
jq_() { jq -r "$1" "$T/r.json"; }

# (a) the image is in the page cache: read it once.  Something else on
# the machine may drop the page cache meanwhile (a cold-cache test):
# up to two more tries while the backing disk did over half the reads.
backing_busy() {
	jq -e '[.targets[0].device_counters.devices[] |
		select(.role == "backing")][0].reads as $b |
		([.rows[].read.ios] | add) as $m | $b != null and $b >= $m / 2' \
		"$T/r.json" >/dev/null 2>&1
}
for try in 1 2 3; do
	cat "$IMG" >/dev/null
	run_io -d2 -W1 -Sh -r -b4k -o4 -t1 -L --output "json:$T/r.json" "$L"
	backing_busy || break
	echo "# try $try: the image left the page cache"
done
check_eq "(a) buffered loop: exits 0" "$rc" 0
brole=$(jq_ '[.targets[0].device_counters.devices[] | select(.role == "backing")][0].name')
if [ "$brole" = null ]; then
	skip "(a) buffered loop: cache finding" "$IMG has no block device under it"
else
	mine=$(jq_ '[.rows[].read.ios] | add')
	bk=$(jq_ '[.targets[0].device_counters.devices[] | select(.role == "backing")][0].reads')
	echo "# (a) ioprobe $mine reads, $brole $bk"
	check "(a) the backing disk did under half ($bk of $mine)" \
		awk -v m="$mine" -v b="$bk" 'BEGIN { exit !(b < m / 2) }'
	check_eq "(a) one cache finding in JSON" \
		"$(jq_ '[.findings[] | select(.rule == "cache")] | length')" 1
	check "(a) it names the backing disk and the page cache" grep -q \
		"and $DEV passed them on, but $brole, which holds $DEV's backing file, completed [0-9,]* reads\? (.*) in the same window: the page cache under $DEV answered" \
		"$T/err"
	grep '^  - ' "$T/err" | sed 's/^/# /'
	# twin: direct I/O from the loop device to its file
	if losetup --direct-io=on "$L" 2>/dev/null &&
		[ "$(cat /sys/block/"$DEV"/loop/dio 2>/dev/null)" = 1 ]; then
		run_io -d2 -W1 -Sh -r -b4k -o4 -t1 -L --output "json:$T/r.json" "$L"
		check_eq "(a) twin --direct-io=on: exits 0" "$rc" 0
		check_eq "(a) twin: no cache finding" \
			"$(jq_ '[.findings[] | select(.rule == "cache")] | length')" 0
	else
		skip "(a) twin --direct-io=on" "the backing filesystem refuses direct I/O"
	fi
fi

if [ ! -e "$BLK/blkio.throttle.read_iops_device" ]; then
	skip "(b)-(d) throttled loop disk" "no cgroup v1 blkio controller at $BLK"
	finish
fi
losetup --direct-io=on "$L" 2>/dev/null
MM=$(lsblk -dno MAJ:MIN "$L" | tr -d ' ')
CG=$BLK/ioprobe-v22find-$$
mkdir "$CG"
at_exit "rmdir '$CG'"
for d in read write; do
	echo "$MM 1000" >"$CG/blkio.throttle.${d}_iops_device"
	echo "$MM 104857600" >"$CG/blkio.throttle.${d}_bps_device"
done
inside() {	# ioprobe ARGS... inside the throttled cgroup
	bash -c 'echo $$ >"$0/cgroup.procs"; exec "$@"' "$CG" "$IOPROBE" "$@" \
		>"$T/out" 2>"$T/err"
	rc=$?
}

# (b) --expect below the cap: the device completed the reads
M=$T/mnt-v22find
mkfs.ext4 -q "$L" && mkdir -p "$M" && mount "$L" "$M" || {
	nok "mkfs/mount of $L"; finish; }
at_exit "mountpoint -q '$M' && unmount '$M'"
inside suite "$M" --label x --duration 2 --warmup 1 --file-size 16M \
	--history "$T/h.csv" --expect iops=500
check_eq "(b) suite --expect iops=500 exits 0" "$rc" 0
[ "$rc" = 0 ] || sed "s/^/# /" "$T/err"
sed -n '/^findings:/,/^$/p' "$T/out" | sed 's/^/# /'
check "(b) never \"a cache's\"" bash -c "! grep -q \"may be a cache's\" '$T/out'"
check "(b) the figure is the device's" grep -Eq \
	"above --expect at a wall, so the disk's limit is higher than expected, not a cache|the device $DEV completed them .*: the figure is the device's, not a cache's" \
	"$T/out"
inside suite "$M" --label y --duration 2 --warmup 1 --file-size 16M \
	--history "$T/h.csv" --expect iops=1000
check_eq "(b) twin --expect iops=1000 exits 0" "$rc" 0
check "(b) twin: nothing above --expect" \
	bash -c "! grep -Eq 'above --expect|provisioned 1,000,|may be a cache' '$T/out'"
unmount "$M"

# (c) depth sweep at the cap: saturated from -o1.  On a loaded machine
# a point may fall under the cap (the throttle's timers fire late, -o1
# waits for a CPU too), and then the figures rightly say something else:
# up to two more tries while a point is 5 % off.
o1_off() {
	awk '$1 ~ /^(1|2|4|8|16)$/ { gsub(",", "", $2); n++
		if ($2 + 0 < 950) bad = 1 }
	     END { exit !(bad || n < 5) }' "$T/out"
}
for try in 1 2 3; do
	inside sweep -o1..16 -b4K -r -w0 -t1 -Sh -d2 -W1 "$L" \
		--history "$T/h.csv" --quiet
	o1_off || break
	echo "# try $try: a point under the cap (load: $(cut -d' ' -f1 /proc/loadavg))"
done
check_eq "(c) depth sweep exits 0" "$rc" 0
sed -n '/^-o /,$p' "$T/out" | sed 's/^/# /'
check "(c) saturated at -o1" grep -q \
	"saturated at -o1: more depth adds only queueing: IOPS stays at ≈" "$T/out"
check "(c) the knee marked at -o1" grep -Eq "^1 .*<- knee" "$T/out"
inside sweep -o1..16 -b4K -r -w0 -t1 -Sh -d2 -W1 "$L" --history "$T/h.csv" \
	--slo=P99:2s --quiet
check_eq "(c) --slo sweep exits 0" "$rc" 0
check "(c) --slo picks -o1" grep -q "knee at -o1: " "$T/out"

# (d) block sweep: 1,000 IOPS up to 64K, 100 MiB/s at 256K
# (the same retries when a point the checks read is 5 % off the cap)
b_off() {
	awk '($1 == "4K" || $1 == "16K") { gsub(",", "", $2)
		if ($2 + 0 < 950) bad = 1; n++ }
	     END { exit !(bad || n < 2) }' "$T/out"
}
for try in 1 2 3; do
	inside sweep -b4K,16K,64K,256K -r -w0 -t1 -o8 -Sh -d2 -W1 "$L" \
		--history "$T/h.csv" --quiet
	b_off || break
	echo "# try $try: a point under the cap (load: $(cut -d' ' -f1 /proc/loadavg))"
done
check_eq "(d) block sweep exits 0" "$rc" 0
sed -n '/^-b /,$p' "$T/out" | sed 's/^/# /'
check "(d) the IOPS plateau said" grep -Eq \
	"IOPS flat at ≈(9[5-9][0-9]|1,0[0-4][0-9]) (from -b4K to -b(16|64)K|up to (16|64)K)" \
	"$T/out"
check "(d) never \"IOPS is not flat\"" \
	bash -c "! grep -q 'IOPS is not flat' '$T/out'"
finish
