#!/usr/bin/env bash
# test_race.sh - another user who swaps a target's name for a link to a
# block device cannot make ioprobe write the device.  An LD_PRELOAD shim
# (race_shim.c) renames the file aside and plants the link at each of the
# library calls that name the path in turn, during a -c fill and run, and
# during a plain -w run on an existing file; then a real racer flips the
# name back and forth during runs and a suite.  After every try the loop
# device's checksum is unchanged (root only).
. "$(dirname "$0")/lib.sh"

if ! need_root; then
	skip "name swaps" "needs root to attach a loop device"
	finish
fi
if ! command -v cc >/dev/null; then
	skip "name swaps" "no C compiler for the shim"
	finish
fi
head -c 16M /dev/urandom >"$T/disk.img"
if ! L=$(losetup -f --show "$T/disk.img" 2>"$T/losetup.err"); then
	skip "name swaps" "no loop device: $(cat "$T/losetup.err")"
	finish
fi
at_exit "losetup -d $L"
cc -shared -fPIC -O1 -o "$T/shim.so" "$(dirname "$0")/race_shim.c" -ldl ||
	{ nok "the shim builds"; finish; }
# a sanitizer build wants its runtime first; the shim comes before it
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0
sum() { sha256sum <"$L" | cut -d' ' -f1; }
before=$(sum)
M=$T/m
F=$M/t.dat

# shimmed DESC AT ARGS...: one run with the swap at the AT-th call (0:
# count only), in a fresh folder; the device must stay as it was.
shimmed() {
	local desc=$1 at=$2
	shift 2
	rm -rf "$M"
	mkdir -p "$M"
	[ "${PRE:-}" ] && head -c 8M /dev/urandom >"$F"
	RACE_PATH=$F RACE_DEV=$L RACE_AT=$at RACE_COUNT=$T/count \
		LD_PRELOAD=$T/shim.so "$IOPROBE" "$@" "$F" >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$at" -gt 0 ] && [ "$(sum)" != "$before" ]; then
		nok "$desc, swap at call $at: the device was written (exit $rc)"
		before=$(sum)
		return
	fi
	[ "$at" -gt 0 ] && ok "$desc, swap at call $at: device untouched (exit $rc)"
	if [ "$at" -gt 0 ] && [ "$rc" -eq 0 ] &&
	   grep -q '"is_block_device": *true' "$T/out" 2>/dev/null; then
		nok "$desc, swap at call $at: the report says it ran on a device"
	fi
}

# every_position DESC ARGS...: count the calls, then swap at each.
every_position() {
	local desc=$1 n at
	shift
	shimmed "$desc" 0 "$@"
	check_eq "$desc: runs without a swap" "$rc" 0
	n=$(cat "$T/count" 2>/dev/null || echo 0)
	check "$desc: the shim saw the path used ($n calls)" [ "$n" -gt 0 ]
	for at in $(seq 1 $((n + 1))); do
		shimmed "$desc" "$at" "$@"
	done
}

every_position "-c fill then writes" -c8M -w30 -b4K -d1 -W0 -Sh -Rjson
PRE=1 every_position "-w run on an existing file" -w100 -b4K -d1 -W0 -Sh \
	-Rjson
check_eq "the device after every shimmed try" "$(sum)" "$before"

# A real racer: flips the name between the file and a link to the device
# as fast as the kernel lets it while ioprobe fills and runs.
racer() {
	exec python3 -c '
import os, signal, sys
f, dev, out = sys.argv[1:4]
aside, flips = f + ".aside", 0
def done(*_):
    open(out, "a").write("%d\n" % flips)
    sys.exit(0)
signal.signal(signal.SIGTERM, done)
while True:
    try:
        os.rename(f, aside)
        os.symlink(dev, f)
        flips += 1
        os.unlink(f)
        os.rename(aside, f)
    except OSError:
        pass
' "$F" "$L" "$T/flips"
}
refused=0 ran=0
for i in $(seq 1 12); do
	rm -rf "$M"; mkdir -p "$M"
	racer & pid=$!
	"$IOPROBE" -c4M -w50 -b4K -d1 -W0 -Sh "$F" >"$T/out" 2>"$T/err"
	rc=$?
	kill "$pid"; wait "$pid" 2>/dev/null
	if [ "$rc" -eq 0 ]; then ran=$((ran + 1)); else refused=$((refused + 1)); fi
done
flips=$(awk '{ n += $1 } END { print n + 0 }' "$T/flips")
check_eq "12 fills and runs against a racer: the device" "$(sum)" "$before"
check "racer: the name was swapped for the link ($flips times)" \
	[ "$flips" -gt 100 ]
ok "racer: $ran ran on the file, $refused were refused"

rm -rf "$M"; mkdir -p "$M"
racer & pid=$!
"$IOPROBE" suite "$M" --duration 1 --warmup 0 --file-size 8M \
	--history "$T/h.csv" >"$T/out" 2>"$T/err"
rc=$?
kill "$pid"; wait "$pid" 2>/dev/null
check_eq "a suite against a racer (exit $rc): the device" "$(sum)" "$before"
finish
