#!/usr/bin/env bash
# test_pool.sh - -F with -O over several targets: each I/O of the thread
# pool goes to a target drawn by weight, as DiskSpd's
# IORequest::GetNextTarget draws it, so the I/O counts follow the weights
# and the slots gather on the slow target.  A page-cached tmpfs file and
# a loop device capped at 200 IOPS by cgroup v1 blkio, equal weights:
# about half the I/Os each, the slow target holds nearly all 4 slots and
# the achieved depth is quoted of the pool's 4.  Then weights 3:1 from an
# XML profile on two fast files: 75 % / 25 %; and a throttled pool keeps
# its depth and rates.
# serial: I/O shares and IOPS at a blkio cap
. "$(dirname "$0")/lib.sh"

NAME=x10fo
BLK=/sys/fs/cgroup/blkio
share() {	# $1 = JSON, $2 = path -> % of all I/Os on that target
	jq -r --arg p "$2" '([.totals.targets[] | .read.ios + .write.ios] | add) as $all
		| [.totals.targets[] | select(.path == $p) | .read.ios + .write.ios]
		| add * 100 / $all' "$1"
}
depth() {	# $1 = JSON, $2 = path -> mean in flight per thread
	jq -r --arg p "$2" '(.targets | map(.path) | index($p)) as $i
		| [.rows[] | select(.target == $i) | .mean_inflight]
		| add / length' "$1"
}

# Weights 3:1 on two fast files (an XML profile: the command line has no
# weight switch, as in DiskSpd).
truncate -s 8M "$T/a" "$T/b"
run_io -F1 -O8 -r -b4K -d1 -W0 -Rpxml "$T/a" "$T/b"
check_eq "-Rpxml of a pool exits 0" "$rc" 0
sed '0,/<Weight>1<\/Weight>/s//<Weight>3<\/Weight>/' "$T/out" >"$T/w.xml"
run_io -X"$T/w.xml" -Rjson
check_eq "weights 3:1 run exits 0" "$rc" 0
if [ "$rc" -eq 0 ]; then
	cp "$T/out" "$T/w.json"
	check_near "weight 3 target gets 75 % of the I/Os" \
		"$(share "$T/w.json" "$T/a")" 75 0.06
	check_near "weight 1 target gets 25 % of the I/Os" \
		"$(share "$T/w.json" "$T/b")" 25 0.18
fi

# A throttled pool (<Throughput unit="IOPS"> per target): slots held by
# the throttle are offered again without one being queued twice, so the
# depth stays within the pool's 8 and each target keeps its rate.
run_io -F1 -O8 -r -b4K -d2 -W0 -Rpxml "$T/a" "$T/b"
sed 's#<Throughput>0</Throughput>#<Throughput unit="IOPS">500</Throughput>#' \
	"$T/out" >"$T/g.xml"
run_io -X"$T/g.xml" -Rjson
check_eq "throttled pool exits 0" "$rc" 0
if [ "$rc" -eq 0 ]; then
	cp "$T/out" "$T/g.json"
	check "throttled pool: depth within the pool's 8" \
		awk -v a="$(depth "$T/g.json" "$T/a")" \
		    -v b="$(depth "$T/g.json" "$T/b")" \
		    'BEGIN { exit !(a >= 0 && b >= 0 && a + b <= 8) }'
	check_near "throttled pool: 500 IOPS on the first target" \
		"$(jq '.totals.targets[0].read.iops' "$T/g.json")" 500 0.1
fi

if ! need_root; then
	skip "fast and throttled target" "needs root (loop device, cgroup)"
	finish
fi
if [ ! -e "$BLK/blkio.throttle.read_iops_device" ]; then
	skip "fast and throttled target" "no cgroup v1 blkio controller at $BLK"
	finish
fi
mkdir -p "$T/fast-$NAME"
if ! mount -t tmpfs -o size=32M "tmpfs-$NAME" "$T/fast-$NAME"; then
	skip "fast and throttled target" "cannot mount tmpfs"
	finish
fi
at_exit "umount '$T/fast-$NAME'"
FAST=$T/fast-$NAME/fast.dat
dd if=/dev/zero of="$FAST" bs=1M count=8 status=none
truncate -s 64M "$T/slow-$NAME.img"
if ! L=$(losetup -f --show --direct-io=on "$T/slow-$NAME.img" 2>"$T/err"); then
	skip "fast and throttled target" "losetup failed: $(cat "$T/err")"
	finish
fi
at_exit "losetup -d $L"
MM=$(lsblk -dno MAJ:MIN "$L" | tr -d ' ')
CG=$BLK/ioprobe-e2e-$NAME-$$
mkdir "$CG"
at_exit "rmdir '$CG'"
echo "$MM 200" >"$CG/blkio.throttle.read_iops_device"
echo "$MM 200" >"$CG/blkio.throttle.write_iops_device"
sum_before=$(sha256sum <"$L")

bash -c "echo \$\$ >'$CG/cgroup.procs'; exec '$IOPROBE' -F2 -O4 -r -b4K \
	-Su -d2 -W1 -Rjson --output text:'$T/text' '$FAST' '$L'" \
	>"$T/p.json" 2>"$T/err"
rc=$?
check_eq "-F2 -O4 over fast and throttled exits 0" "$rc" 0
check_eq "reads leave the throttled device unchanged" \
	"$(sha256sum <"$L")" "$sum_before"
if [ "$rc" -eq 0 ]; then
	f=$(share "$T/p.json" "$FAST")
	echo "# fast target: $f % of the I/Os," \
		"in flight: fast $(depth "$T/p.json" "$FAST")," \
		"slow $(depth "$T/p.json" "$L") of 4"
	# static halves would give the fast target > 99 %
	check "fast target gets about half the I/Os, as the equal weights say" \
		awk -v f="$f" 'BEGIN { exit !(f > 35 && f < 65) }'
	check "the slots gather on the throttled target (> 3 of 4)" \
		awk -v d="$(depth "$T/p.json" "$L")" 'BEGIN { exit !(d > 3) }'
	check "achieved depth quoted of the pool's 4" \
		grep -Eq "^achieved queue depth:	[0-9.]+ of 4 in the pool \('$L'\)" \
		"$T/text"
	check "no per-target share quoted any more" \
		bash -c "! grep -q 'of 2' '$T/text'"
fi
finish
