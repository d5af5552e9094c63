#!/usr/bin/env bash
# record-series.sh - record the per-interval series the verdict
# calibration (tests/unit/test_verdict_rates.c) resamples: long -D1000
# runs on loop devices throttled by cgroup v1 blkio, one per workload,
# written as tests/data/series/NAME.tsv (interval, IOPS, P99 ms).
# Needs root, losetup, mkfs.ext4 and the blkio controller.
#   scripts/record-series.sh [SECONDS] [OUTDIR]
set -eu
SECS=${1:-150}
OUT=${2:-tests/data/series}
IOPROBE=${IOPROBE:-$PWD/ioprobe}
BLK=/sys/fs/cgroup/blkio
W=$(mktemp -d)
CLEAN=()
cleanup() {
	local i
	for ((i = ${#CLEAN[@]} - 1; i >= 0; i--)); do
		eval "${CLEAN[i]}" || true
	done
	rm -rf "$W"
}
trap cleanup EXIT
mkdir -p "$OUT"

# one throttled loop disk: $1 name, $2 iops cap (0 none), $3 bytes/s
# cap; its cgroup in $CG (no subshell: CLEAN must see what it adds)
disk() {
	local img=$W/$1.img mnt=$W/$1 dev mm cg=$BLK/ioprobe-series-$1-$$
	truncate -s 512M "$img"
	dev=$(losetup -f --show --direct-io=on "$img")
	CLEAN+=("losetup -d $dev")
	mkfs.ext4 -q "$dev"
	mkdir -p "$mnt"
	mount "$dev" "$mnt"
	CLEAN+=("umount '$mnt'")
	mm=$(lsblk -dno MAJ:MIN "$dev" | tr -d ' ')
	mkdir "$cg"
	CLEAN+=("rmdir '$cg'")
	echo "$mm $2" >"$cg/blkio.throttle.read_iops_device"
	echo "$mm $3" >"$cg/blkio.throttle.read_bps_device"
	CG=$cg
}

# $1 name, $2 cgroup, the rest: switches
record() {
	local name=$1 cg=$2
	shift 2
	bash -c "echo \$\$ >'$cg/cgroup.procs'; exec '$IOPROBE' -c256M \
		-d$SECS -W5 -Sh -L -D1000 -Rjson $* '$W/$name/f.dat'" \
		>"$W/$name.json"
	python3 - "$W/$name.json" "$OUT/$name.tsv" "$*" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
n = j['interval_count']
ios = [0] * n
for r in j['rows']:
    for d in ('read', 'write'):
        for k, v in enumerate(r[d]['intervals'] or []):
            ios[k] += v['ios']
p99 = {p['interval']: p['p99_ns'] for p in j['interval_percentiles']
       if p['target'] == -1 and p['dir'] == 'total'}
with open(sys.argv[2], 'w') as f:
    f.write('# ioprobe %s, 1 s intervals: interval iops p99_ms\n'
            % sys.argv[3])
    for k in range(n):
        f.write('%d\t%d\t%.4f\n' % (k, ios[k] * 1000 // j['interval_ms'],
                                    p99.get(k, 0) / 1e6))
PY
}

disk rand4k 1000 0; cg1=$CG
disk seq64k 0 20971520; cg2=$CG
disk lat4k 500 0; cg3=$CG
disk free4k 0 0; cg4=$CG
record rand4k "$cg1" -b4K -r -t1 -o8 &
record seq64k "$cg2" -b64K -t1 -o4 &
record lat4k "$cg3" -b4K -r -t1 -o1 &
record free4k "$cg4" -b4K -r -t1 -o8 &
wait
