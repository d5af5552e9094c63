#!/usr/bin/env bash
# test_witness.sh - the kernel as witness on a real throttled disk: a loop
# device (direct I/O, so the cgroup v1 blkio throttle on its MAJ:MIN sees
# the bios) with ext4, capped at 1,000 read IOPS.  (a) direct random reads:
# the loop device's read count over the measured window equals ioprobe's
# within 1 %, and no cache finding; (b) buffered reads of a 16 MiB file
# read twice (the second run finds it in the page cache): the device
# completed far fewer reads and the cache finding says so with both
# counts.  Also: the counters in every report, `show` re-renders the text
# with them, --no-findings, and a tmpfs target without counters.
. "$(dirname "$0")/lib.sh"

CAP=1000
BLK=/sys/fs/cgroup/blkio
if ! need_root; then
	skip "kernel witness on a throttled disk" "needs root (loop device, mount, cgroup)"
	finish
fi
if [ ! -e "$BLK/blkio.throttle.read_iops_device" ]; then
	skip "kernel witness on a throttled disk" "no cgroup v1 blkio controller at $BLK"
	finish
fi
truncate -s 128M "$T/back-v8witness.img"
if ! L=$(losetup -f --show --direct-io=on "$T/back-v8witness.img" 2>"$T/err"); then
	skip "kernel witness on a throttled disk" "losetup failed: $(cat "$T/err")"
	finish
fi
at_exit "losetup -d $L"
M=$T/mnt-v8witness
mkfs.ext4 -q "$L" && mkdir -p "$M" && mount "$L" "$M" || {
	nok "mkfs/mount of $L"; finish; }
# io_uring's workers may hold the file a moment after ioprobe exits
at_exit "unmount '$M'"
DEV=$(basename "$L")
MM=$(lsblk -dno MAJ:MIN "$L" | tr -d ' ')
CG=$BLK/ioprobe-v8witness-$$
mkdir "$CG"
at_exit "rmdir '$CG'"
echo "$MM $CAP" >"$CG/blkio.throttle.read_iops_device"
F=$M/witness.dat
io() {	# ioprobe ARGS... inside the throttled cgroup; $T/out, $T/err, $rc
	bash -c 'echo $$ >"$0/cgroup.procs"; exec "$@"' "$CG" "$IOPROBE" "$@" \
		>"$T/out" 2>"$T/err"
	rc=$?
}
jq_() { jq -r "$1" "$T/r.json"; }

# (a) direct I/O at the cap
io -c16M -d2 -W1 -Sh -r -b4k -o1 -t1 -L --output "json:$T/r.json" "$F"
check_eq "(a) direct run exits 0" "$rc" 0
mine=$(jq_ '[.rows[].read.ios] | add')
kern=$(jq_ '.targets[0].device_counters.devices[0].reads')
check_eq "(a) the counters are the loop device's" \
	"$(jq_ '.targets[0].device_counters.devices[0].name')" "$DEV"
# at the cap, or under it on a loaded machine; never over it
check "(a) throttled: $mine reads in 2 s at a cap of $CAP IOPS" \
	awk -v m="$mine" 'BEGIN { exit !(m >= '$CAP' && m <= 2.05 * '$CAP') }'
check_near "(a) kernel reads = ioprobe's within 1 %" "$kern" "$mine" 0.01
echo "# (a) ioprobe $mine reads, $DEV $kern in the window"
sed -n '/^Device counters/,$s/^/# /p' "$T/out"
check "(a) text section after DiskSpd's tables" \
	grep -q "^Device counters (kernel, measured window)" "$T/out"
check "(a) text row of the device" \
	grep -Eq "^  $DEV \(device\) +\| +$kern \|" "$T/out"
check "(a) the device's queue and utilisation" \
	grep -Eq "^  $DEV \(device\).*\| +[0-9]+\.[0-9]{2} \| +[0-9.]+%$" "$T/out"
check "(a) no cache finding on stderr" \
	bash -c "! grep -q 'cache' '$T/err'"
check_eq "(a) no cache finding in JSON" \
	"$(jq_ '[.findings[] | select(.rule == "cache")] | length')" 0
check "(a) show re-renders the text byte for byte" \
	cmp -s <("$IOPROBE" show "$T/r.json") "$T/out"
"$IOPROBE" show -Rxml "$T/r.json" >"$T/r.xml"
check_eq "(a) XML under TimeSpan/Linux" "$(xmllint --xpath \
	'string(/Results/TimeSpan/Linux/DeviceCounters/Target/BlockDevice[1]/Reads)' \
	"$T/r.xml")" "$kern"
"$IOPROBE" show -Rcsv "$T/r.json" >"$T/r.csv"
check "(a) CSV device columns" grep -Eq \
	"^,$F,read,.*,$DEV,$kern,[0-9.]+,[0-9]+,,,$" "$T/r.csv"
"$IOPROBE" show -Rhtml "$T/r.json" >"$T/r.html"
check "(a) HTML table" grep -q "<h2>Device counters (kernel, measured window)</h2>" \
	"$T/r.html"

# (b) buffered: a first run reads the file in, the second finds it cached
io -d1 -W0 -b1M -o1 -t1 "$F"
check_eq "(b) first buffered run exits 0" "$rc" 0
io -d2 -W0 -r -b4k -o1 -t1 -L --output "json:$T/r.json" "$F"
check_eq "(b) second buffered run exits 0" "$rc" 0
mine=$(jq_ '[.rows[].read.ios] | add')
kern=$(jq_ '.targets[0].device_counters.devices[0].reads')
echo "# (b) ioprobe $mine reads, $DEV $kern in the window"
check "(b) the device completed under half of ioprobe's reads" \
	awk -v k="$kern" -v m="$mine" 'BEGIN { exit !(m > 10 * '$CAP' && k < m / 2) }'
check_eq "(b) the cache finding in JSON" \
	"$(jq_ '[.findings[] | select(.rule == "cache")] | length')" 1
check "(b) the finding quotes the device's count" grep -Eq \
	"the device $DEV completed $kern reads? \([0-9.]+ (bytes?|KiB|MiB)\)" "$T/err"
check "(b) and ioprobe's" grep -Eq \
	"while ioprobe read [0-9,]+ times \([0-9.]+ (KiB|MiB|GiB)\) in the same window: the page cache" \
	"$T/err"
sed -n 's/^  - /# /p' "$T/err"
io -d1 -W0 -r -b4k -o1 -t1 --no-findings --output "json:$T/r.json" "$F"
check "(b) --no-findings: none on stderr" bash -c "! grep -q 'findings:' '$T/err'"
check_eq "(b) --no-findings: the JSON keeps them" \
	"$(jq_ '[.findings[] | select(.rule == "cache")] | length')" 1

# no block device: the cache question cannot be answered from the kernel
mkdir -p "$T/tmpfs-v8witness"
if mount -t tmpfs -o size=96m tmpfs-v8witness "$T/tmpfs-v8witness"; then
	at_exit "unmount '$T/tmpfs-v8witness'"
	run_io -c8M -d1 -W0 -r -b4k "$T/tmpfs-v8witness/f.dat"
	check_eq "tmpfs run exits 0" "$rc" 0
	check "tmpfs: no counters, said so" grep -q \
		"no device counters (tmpfs): the cache question cannot be answered from the kernel" \
		"$T/out"
else
	nok "mount of a tmpfs"
fi
finish
