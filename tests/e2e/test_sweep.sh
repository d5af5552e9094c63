#!/usr/bin/env bash
# test_sweep.sh - `ioprobe sweep`: its command line (one list per sweep,
# ranges, refusals), a labelled sweep in the history and compare, the
# temporary test file of a folder target; then the seed-004 story on a
# disk capped by cgroup v1 blkio at 1,000 IOPS and 50 MiB/s (reads and
# writes): IOPS at the cap up to 16K, MiB/s at the cap from 256K, the
# crossover named; and a depth sweep on the same disk unthrottled finds a
# knee, its page drawing latency against IOPS.
#
# The capped disk is a zram device of our own (zram-control hot_add) when
# the kernel offers one, else a loop device: a loop device splits a 1M
# direct I/O (128 segments of 4K pages) and this blk-throttle charges the
# bytes of each split bio again, so 1M runs at half the cap there (25
# MiB/s measured); the 1M check is skipped on a loop device.
. "$(dirname "$0")/lib.sh"

H=$T/history.csv

# ---- command line ----------------------------------------------------
run_io sweep -b4K,8K -o1,2 -d1 "$T/x"
check_eq "two lists: exit 2" "$rc" 2
check "two lists: both named" grep -q "two swept switches '-b4K,8K' and '-o1,2'" "$T/err"
run_io sweep -b4K -d1 "$T/x"
check_eq "no list: exit 2" "$rc" 2
check "no list: said so" grep -q "missing sweep list" "$T/err"
run_io sweep -b8K..4K "$T/x"
check_eq "empty range: exit 2" "$rc" 2
check "empty range: named" grep -q "invalid sweep list '-b8K..4K'" "$T/err"
run_io sweep -o1,2 --slo=P50:5ms "$T/x"
check_eq "bad --slo: exit 2" "$rc" 2
check "bad --slo: expected form" grep -q "expected P99:TIME" "$T/err"
run_io sweep -o1,2 --label
check "missing value named" grep -q "missing value for '--label'" "$T/err"
run_io sweep --help
check_eq "--help: exit 0" "$rc" 0
check "--help: example" grep -q "ioprobe sweep -b4K,16K" "$T/out"

# ---- a labelled sweep, range, -Rjson, history and compare ------------
sweep_null() {	# $1 = label
	"$IOPROBE" sweep -b4K..16K --engine null -t1 -o2 -d1 -W0 -c8M \
		"$T/f.dat" --history "$H" --label "$1" --quiet -Rjson \
		>"$T/$1.json" 2>"$T/$1.txt"
	rc=$?
}
sweep_null one
check_eq "null sweep: exit 0" "$rc" 0
check_eq "null sweep: three points from the range" \
	"$(jq '.points | length' "$T/one.json")" 3
check_eq "null sweep: names" "$(jq -r '[.points[].name] | join(",")' \
	"$T/one.json")" "4K,8K,16K"
check "null sweep: each point's JSON saved" bash -c \
	"for j in \$(jq -r '.points[].json' '$T/one.json'); do
		[ -s '$T/'\$j ] || exit 1; done"
check "null sweep: table on stderr with -Rjson" grep -q "IOPS×avg" "$T/one.txt"
check_eq "history: one row per point" \
	"$(grep -c ',one,sweep-b' "$H")" 3
check "history: each point's switches" grep -q ',one,sweep-b8K,"\?ioprobe -b8K ' "$H"
sweep_null two
run_io compare --from one --to two --history "$H"
check "compare: the two labelled sweeps" grep -q "^sweep-b16K " "$T/out"

# a folder target: a test file of --file-size, removed afterwards
mkdir "$T/d"
run_io sweep -o1,2 --engine null -d1 -W0 --file-size 4M "$T/d" \
	--history "$H"
check_eq "folder target: exit 0" "$rc" 0
check "folder target: the test file planned" \
	grep -q "on $T/d/ioprobe-suite-.*\.dat (4 MiB, created now" "$T/out"
check_eq "folder target: nothing left" "$(ls -A "$T/d")" ""
# the null engine completes in well under 1 us: ns, never "0 µs"
check "sub-microsecond latencies in the table read in ns, not 0 µs" \
	bash -c "grep -Eq '^1 .* [0-9]+ ns ' '$T/out' && ! grep -q ' 0 µs' '$T/out'"

# the live status line: drawn in place on a terminal, never twice on one
# line (the run's own fill line stays off), nothing with --quiet or piped
if command -v script >/dev/null; then
	tty_sweep() {	# $@ = extra options; the terminal's bytes in $T/tty
		script -qec "'$IOPROBE' sweep -b4K,8K --engine null -d2 -W0 \
			-c1M '$T/tty.dat' --history '$H' $* >/dev/null" \
			"$T/tty" >/dev/null 2>&1
	}
	tty_sweep
	check "tty: status line redrawn in place" \
		grep -q $'\r\[2/2\] -b8K: measuring' "$T/tty"
	check "tty: no second renderer" bash -c "! grep -q 'filling: ' '$T/tty'"
	tty_sweep --quiet
	check "tty: --quiet draws nothing" bash -c "! grep -q '\[1/2\]' '$T/tty'"
	"$IOPROBE" sweep -b4K,8K --engine null -d2 -W0 -c1M "$T/tty.dat" \
		--history "$H" >/dev/null 2>"$T/piped"
	check "piped: no status line" bash -c "! grep -q '\[1/2\]' '$T/piped'"
else
	skip "tty: status line" "no script(1)"
fi

# ---- the capped disk -------------------------------------------------
BLK=/sys/fs/cgroup/blkio
plain_pass_only "capped-disk sweep" \
	"IOPS and MiB/s against a throttled disk measure time, not memory safety" ||
	finish
if ! need_root; then
	skip "capped-disk sweep" "needs root (block device, cgroup)"
	finish
fi
if [ ! -e "$BLK/blkio.throttle.read_iops_device" ]; then
	skip "capped-disk sweep" "no cgroup v1 blkio controller at $BLK"
	finish
fi
DEV= KIND=
if [ -w /sys/class/zram-control/hot_add ] &&
	Z=$(cat /sys/class/zram-control/hot_add 2>/dev/null) &&
	[ -e "/sys/block/zram$Z" ]; then
	at_exit "echo $Z >/sys/class/zram-control/hot_remove"
	if echo 256M >"/sys/block/zram$Z/disksize"; then
		DEV=/dev/zram$Z KIND=zram
	fi
fi
if [ -z "$DEV" ]; then
	truncate -s 256M "$T/back.img"
	if ! DEV=$(losetup -f --show --direct-io=on "$T/back.img" 2>"$T/err"); then
		skip "capped-disk sweep" "losetup failed: $(cat "$T/err")"
		finish
	fi
	at_exit "losetup -d $DEV"
	KIND=loop
fi
echo "# capped disk: $DEV ($KIND)"
MM=$(lsblk -dno MAJ:MIN "$DEV" | tr -d ' ')
CG=$BLK/ioprobe-e2e-v9sweep-$$
mkdir "$CG"
at_exit "rmdir '$CG'"
for d in read write; do
	echo "$MM 1000" >"$CG/blkio.throttle.${d}_iops_device"
	echo "$MM 52428800" >"$CG/blkio.throttle.${d}_bps_device"
done
col() {	# $1 = value, $2 = column (2 IOPS, 3 MiB/s) of the table
	awk -v v="$1" -v c="$2" '$1 == v { gsub(",", "", $c); print $c }' "$T/out"
}
within() {	# $1 = got, $2 = want: within 5 %
	awk -v g="$1" -v w="$2" 'BEGIN { d = g - w; if (d < 0) d = -d
		exit !(d <= 0.05 * w) }'
}
capped_sweep() {
	bash -c "echo \$\$ >'$CG/cgroup.procs'; exec '$IOPROBE' sweep \
		-b4K,16K,64K,256K,1M -r -w0 -t1 -o8 -Su -d3 -W1 '$DEV' \
		--history '$H' --html '$T/b.html' --quiet" >"$T/out" 2>"$T/err"
	rc=$?
	sed -n '/^-b /,/^  depth/p' "$T/out" | sed 's/^/# /'
}
off_cap() {	# true when a point the checks read is more than 5 % off
	! within "$(col 4K 2)" 1000 || ! within "$(col 16K 2)" 1000 ||
		! within "$(col 256K 3)" 50 ||
		{ [ "$KIND" = zram ] && ! within "$(col 1M 3)" 50; }
}
# a loaded machine fires the throttle's timers late (36 MiB/s at 1M and a
# P99 of 1.2 s seen at a load average of 34 on two cores): up to two more
# tries before the checks
for try in 1 2 3; do
	capped_sweep
	off_cap || break
	echo "# try $try: a point off the cap (load: $(cut -d' ' -f1 /proc/loadavg))"
done
check_eq "capped: sweep exits 0" "$rc" 0
check_near "capped: IOPS at 4K" "$(col 4K 2)" 1000 0.05
check_near "capped: IOPS at 16K" "$(col 16K 2)" 1000 0.05
check_near "capped: MiB/s at 256K" "$(col 256K 3)" 50 0.05
# the MiB/s plateau starts at 64K (800 IOPS x 64K = the cap) or, when
# 64K ran a little above the cap, at 256K
# the plateau's level is its points' mean: within 5 % of the cap, as each
# point is checked above
CROSS="IOPS flat at ≈(9[5-9][0-9]|1,0[0-4][0-9]) up to 16K, then MiB/s flat at ≈(4[5-9]|5[0-5]) from (64K|256K): the disk caps both"
if [ "$KIND" = zram ]; then
	check_near "capped: MiB/s at 1M" "$(col 1M 3)" 50 0.05
else
	skip "capped: MiB/s at 1M" "a loop device splits 1M direct I/Os and the throttle charges them twice"
	CROSS="IOPS flat at ≈(9[5-9][0-9]|1,0[0-4][0-9]) up to 16K, then MiB/s flat at ≈[0-9]+ from (64K|256K)"
fi
check "capped: the crossover named" grep -Eq "$CROSS" "$T/out"
grep '^  - ' "$T/out" | sed 's/^/# /'
check "capped: page well-formed" xmllint --noout "$T/b.html"
check "capped: page has IOPS and MiB/s charts" \
	grep -q 'aria-label="MiB/s per point"' "$T/b.html"

# unthrottled (not in the cgroup): a depth sweep with an SLO
run_io sweep -o1,4,16,64,256 -b4K -r -w0 -Su -d1 -W0 "$DEV" \
	--slo=P99:5ms --history "$H" --html "$T/o.html" --quiet
check_eq "depth: sweep exits 0" "$rc" 0
sed -n '/^-o /,/^  depth/p' "$T/out" | sed 's/^/# /'
check "depth: a knee found" grep -q "knee at -o[0-9]*: .* under 5.00 ms" "$T/out"
check "depth: the knee marked" grep -q "<- knee" "$T/out"
check "depth: Little's law" grep -q "Little's law" "$T/out"
check "depth: page well-formed" xmllint --noout "$T/o.html"
check "depth: latency-vs-IOPS curve" bash -c \
	"sed -n '/latency against IOPS/,/<\/svg>/p' '$T/o.html' | grep -q '<polyline'"
check "depth: page says where and how" grep -q "$DEV" "$T/o.html"
if command -v chromium >/dev/null; then
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--hide-scrollbars --window-size=1100,2000 \
		--screenshot="$T/o.png" "file://$T/o.html" >/dev/null 2>&1
	check "depth: page renders (screenshot not blank)" \
		test "$(stat -c %s "$T/o.png" 2>/dev/null || echo 0)" -gt 20000
else
	skip "depth: page renders" "no chromium"
fi
finish
