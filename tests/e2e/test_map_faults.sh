#!/usr/bin/env bash
# test_map_faults.sh - a -Sm run whose map faults (SIGBUS) fails that I/O
# instead of dying: the target truncated mid-run, and an ext4 shut down
# under a mapped file (the kernel answers the page fault with SIGBUS, as
# it does for a read error).  Each run exits 1 with one "ioprobe: error:"
# line naming the failed read, prints its report, and is never killed by
# the signal; a suite whose -Sm profile faults removes its test file and
# writes no history row.
. "$(dirname "$0")/lib.sh"

error_lines() { grep -c '^ioprobe: error:' "$T/err"; }

# (a) a plain -Sm read run, the target truncated under it
f=$T/t.dat
"$IOPROBE" -c32M -d1 -W0 -b4K -Sm "$f" >/dev/null 2>&1
"$IOPROBE" -d10 -W0 -b4K -r -t2 -o1 -Sm "$f" >"$T/out" 2>"$T/err" &
pid=$!
sleep 1
truncate -s 64K "$f"
wait $pid
rc=$?
check_eq "-Sm, target truncated: exit 1, not a signal ($rc)" "$rc" 1
check_eq "-Sm, target truncated: one error line" "$(error_lines)" 1
check "-Sm, target truncated: the error names the failed read" \
	grep -q "^ioprobe: error: read from '$f' at offset [0-9]* failed: Input/output error$" "$T/err"
check "-Sm, target truncated: the report says the run failed" \
	grep -q 'run status:.*FAILED' "$T/out"

# (b) writes through the map into a truncated file fail the same way
"$IOPROBE" -c32M -d1 -W0 -b4K -Sm "$f" >/dev/null 2>&1
"$IOPROBE" -d10 -W0 -b4K -r -w100 -t1 -o1 -Sm "$f" >"$T/out" 2>"$T/err" &
pid=$!
sleep 1
truncate -s 64K "$f"
wait $pid
rc=$?
check_eq "-Sm writes, target truncated: exit 1 ($rc)" "$rc" 1
check "-Sm writes, target truncated: the error names the failed write" \
	grep -q "^ioprobe: error: write to '$f' at offset [0-9]* failed: Input/output error$" "$T/err"

# (c) a suite with an -Sm profile: the test file goes, no row is written
mkdir "$T/s"
echo 'mapped | -Sm 4K random reads | -b4K -r -Sm -t1 -o1' >"$T/prof.txt"
"$IOPROBE" suite "$T/s" --profile-file "$T/prof.txt" --duration 10 \
	--warmup 0 --file-size 16M --history "$T/h.csv" --label m \
	>"$T/out" 2>"$T/err" &
pid=$!
for _ in $(seq 150); do
	tf=$(ls "$T/s"/ioprobe-suite-*.dat 2>/dev/null | head -1)
	[ -n "$tf" ] && [ "$(stat -c %s "$tf")" -ge 16777216 ] && break
	sleep 0.1
done
sleep 1.5
[ -n "$tf" ] && truncate -s 64K "$tf"
wait $pid
rc=$?
check_eq "suite -Sm, test file truncated: exit 1 ($rc)" "$rc" 1
check "suite -Sm: the error names the test and the read" \
	grep -q "^ioprobe: error: mapped: .*read from .* failed: Input/output error" "$T/err"
check "suite -Sm: the test file is removed" test -z "$(ls -A "$T/s")"
check "suite -Sm: no history row" \
	bash -c "! grep -q ',m,mapped,' '$T/h.csv' 2>/dev/null"

# (d) a real read error under the map: a loop device L2 whose backing
# file lives on an ext4 (on loop device L1) that is then shut down
# (EXT4_IOC_SHUTDOWN): every read of L2 fails with EIO, and so does the
# page fault of a mapped read
if ! need_root || ! command -v mkfs.ext4 >/dev/null ||
	! command -v losetup >/dev/null; then
	skip "-Sm over a failing device" "needs root, mkfs.ext4 and losetup"
	finish
fi
D=$(mktemp -d "/tmp/ioprobe-map-faults.XXXXXX")
at_exit "rmdir '$D'"
truncate -s 200M "$D.img"
at_exit "rm -f '$D.img'"
L1=$(losetup -f --show "$D.img") || L1=
if [ -z "$L1" ] || ! mkfs.ext4 -q -F "$L1" >/dev/null 2>&1 ||
	! mount "$L1" "$D"; then
	[ -n "$L1" ] && losetup -d "$L1"
	skip "-Sm over a failing device" "cannot attach a loop device or mount ext4"
	finish
fi
at_exit "losetup -j '$D.img' | grep -q '^$L1:' && losetup -d '$L1'"
at_exit "unmount '$D'"
truncate -s 128M "$D/b.img"
L2=$(losetup -f --show "$D/b.img") || L2=
if [ -z "$L2" ]; then
	skip "-Sm over a failing device" "cannot attach a second loop device"
	finish
fi
at_exit "losetup -d '$L2'"
if ! python3 -c 'import fcntl, os, struct, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.ioctl(fd, 0x8004587d, struct.pack("I", 2))' "$D" 2>/dev/null; then
	skip "-Sm over a failing device" "EXT4_IOC_SHUTDOWN refused"
	finish
fi
timeout 30 "$IOPROBE" -d5 -W0 -b4K -r -t1 -o1 -Sm "$L2" >"$T/out" 2>"$T/err"
rc=$?
check_eq "-Sm over a device failing with EIO: exit 1, not SIGBUS ($rc)" "$rc" 1
check "-Sm over a device failing with EIO: the error names the failed read" \
	grep -q "^ioprobe: error: read from '$L2' at offset [0-9]* failed: Input/output error$" "$T/err"
finish
