#!/usr/bin/env bash
# test_safety_targets.sh - ioprobe never destroys a file or a device that
# is not its own:
#  - -c on an existing file ioprobe did not fill is refused (exit 2) before
#    anything is written; --overwrite rewrites it in place and may extend
#    it, but never shrinks or deletes it, not even when interrupted;
#  - -c never follows a symbolic link;
#  - a write to a block device mounted in another mount namespace, held
#    open with O_EXCL by another process, or backing a loop device is
#    refused, and so is a write to an image file backing a loop device;
#  - an I/O error part-way through a fill says what became of the file.
# Every case checks the bytes on disk (sha256, size) afterwards.
. "$(dirname "$0")/lib.sh"

NAME=safe-targets
sum() { sha256sum <"$1" | cut -d' ' -f1; }
size() { stat -c %s "$1"; }
has() { grep -qF -- "$1" "$T/err"; }
# msg DESC TEXT: stderr holds TEXT
msg() {
	if has "$2"; then
		ok "$1: message says '$2'"
	else
		nok "$1: stderr lacks '$2': $(head -c 400 "$T/err")"
	fi
}

mkdir "$T/f"
cd "$T/f" || exit 1

# ---- 1. a file ioprobe did not create ------------------------------------
head -c 4M /dev/urandom >big.dat
h=$(sum big.dat)
for c in 8M 4M 2M; do
	run_io -c$c -b4K -d1 -W0 -w0 big.dat
	check_eq "-c$c on a foreign 4 MiB file: exit status" "$rc" 2
	msg "-c$c on a foreign file" "refusing to fill 'big.dat'"
	msg "-c$c on a foreign file" "holds data ioprobe did not write"
	msg "-c$c on a foreign file" "--overwrite"
	check_eq "-c$c on a foreign file: content unchanged" "$(sum big.dat)" "$h"
	check_eq "-c$c on a foreign file: size unchanged" "$(size big.dat)" 4194304
done

# The reported data loss: an interrupted -c deleted the file.
head -c 64M /dev/urandom >big64.dat
h64=$(sum big64.dat)
"$IOPROBE" -c3G -d1 -W0 big64.dat >"$T/out" 2>"$T/err" &
pid=$!
sleep 0.4
kill -INT $pid 2>/dev/null
wait $pid
rc=$?
check_eq "-c3G on a foreign 64 MiB file, Ctrl+C: exit status" "$rc" 2
check "-c3G on a foreign file, Ctrl+C: file still there" test -f big64.dat
check_eq "-c3G on a foreign file, Ctrl+C: content unchanged" \
	"$(sum big64.dat)" "$h64"

# --overwrite: never shrinks ...
run_io --overwrite -c2M -b4K -d1 -W0 -w0 big.dat
check_eq "--overwrite -c2M on a 4 MiB file: exit status" "$rc" 2
msg "--overwrite -c2M" "refusing to shrink 'big.dat'"
check_eq "--overwrite -c2M: content unchanged" "$(sum big.dat)" "$h"
# ... rewrites and extends, and the file is then ours
run_io --overwrite -c8M -b4K -d1 -W0 -w0 big.dat
check_eq "--overwrite -c8M on a 4 MiB file: exit status" "$rc" 0
check_eq "--overwrite -c8M: extended to 8 MiB" "$(size big.dat)" 8388608
check "--overwrite -c8M: rewritten" test "$(sum big.dat)" != "$h"
h8=$(sum big.dat)
run_io -c8M -b4K -d1 -W0 -w0 big.dat
check_eq "-c8M again without --overwrite (ours now): exit status" "$rc" 0
check_eq "-c8M again: not refilled" "$(sum big.dat)" "$h8"

# --overwrite interrupted: partly rewritten, never removed or shrunk.
"$IOPROBE" --overwrite -c3G -d1 -W0 big64.dat >"$T/out" 2>"$T/err" &
pid=$!
sleep 0.3
kill -INT $pid 2>/dev/null
wait $pid
rc=$?
check "--overwrite -c3G, Ctrl+C: exit status is not 0 ($rc)" test "$rc" -ne 0
check "--overwrite -c3G, Ctrl+C: file still there" test -f big64.dat
check "--overwrite -c3G, Ctrl+C: not shrunk" \
	test "$(size big64.dat)" -ge 67108864
if has "filling 'big64.dat' was interrupted"; then
	msg "--overwrite -c3G, Ctrl+C" "the file at 'big64.dat' was partly rewritten"
else
	skip "--overwrite -c3G, Ctrl+C: message" "the fill was not under way"
fi

# A file this run creates and does not finish is removed.
"$IOPROBE" -c3G -d1 -W0 new.dat >"$T/out" 2>"$T/err" &
pid=$!
sleep 0.3
kill -INT $pid 2>/dev/null
wait $pid
if has "filling 'new.dat' was interrupted"; then
	msg "-c3G on a new file, Ctrl+C" "the partial file was removed"
	check "-c3G on a new file, Ctrl+C: no partial file left" test ! -e new.dat
else
	skip "-c3G on a new file, Ctrl+C" "the fill was not under way: $(head -c 200 "$T/err")"
fi
rm -f new.dat

# An empty file holds nothing to lose: filled without asking.
: >empty.dat
run_io -c1M -b4K -d1 -W0 -w0 empty.dat
check_eq "-c1M on an empty file: exit status" "$rc" 0
check_eq "-c1M on an empty file: filled" "$(size empty.dat)" 1048576

# ---- 2. symbolic links ------------------------------------------------------
head -c 64K /dev/urandom >"$T/important"
hi=$(sum "$T/important")
ln -s "$T/important" x.dat
for ov in "" --overwrite; do
	run_io $ov -c1M -b4K -d1 -W0 -w0 x.dat
	check_eq "-c1M $ov on a symlink: exit status" "$rc" 2
	msg "-c1M $ov on a symlink" "refusing to create 'x.dat' with -c: it is a symbolic link"
	check_eq "-c1M $ov on a symlink: its target unchanged" \
		"$(sum "$T/important")" "$hi"
	check_eq "-c1M $ov on a symlink: target size unchanged" \
		"$(size "$T/important")" 65536
	check "-c1M $ov on a symlink: still a link" test -L x.dat
done
ln -s "$T/nothere" y.dat
run_io -c1M -b4K -d1 -W0 -w0 y.dat
check_eq "-c1M on a dangling symlink: exit status" "$rc" 2
check "-c1M on a dangling symlink: nothing created" test ! -e "$T/nothere"

# Another user plants the link in a shared sticky folder (/tmp style).
if need_root && command -v setpriv >/dev/null; then
	chmod 711 "$T"
	mkdir -m 1777 "$T/shared"
	if setpriv --reuid=65534 --regid=65534 --clear-groups \
		ln -s "$T/important" "$T/shared/t.dat" 2>/dev/null; then
		run_io -c1M -b4K -d1 -W0 -w100 "$T/shared/t.dat"
		check_eq "link planted by another user: exit status" "$rc" 2
		check_eq "link planted by another user: target unchanged" \
			"$(sum "$T/important")" "$hi"
	else
		skip "link planted by another user" "setpriv could not run as 65534"
	fi
else
	skip "link planted by another user" "needs root and setpriv"
fi

# ---- 3. block devices in use ---------------------------------------------
if ! need_root || ! command -v losetup >/dev/null; then
	skip "devices in use" "needs root and losetup"
	finish
fi
head -c 32M /dev/urandom >"$T/disk.img"
if ! L=$(losetup -f --show "$T/disk.img" 2>"$T/losetup.err"); then
	skip "devices in use" "no loop device: $(cat "$T/losetup.err")"
	finish
fi
at_exit "losetup -d $L"
# refused DESC WANT_MSG ARGS...: exit 1, message, device unchanged.
refused() {
	local desc=$1 want=$2 before
	shift 2
	before=$(sum "$L")
	run_io "$@"
	check_eq "$desc: exit status" "$rc" 1
	msg "$desc" "$want"
	check_eq "$desc: device unchanged" "$(sum "$L")" "$before"
}
inuse="refusing to write to '$L': it is in use"

# Mounted in another mount namespace only: this namespace's mount table
# does not show it, the kernel's claim does.
if mkfs.ext4 -q -F "$L" >/dev/null 2>&1; then
	mkdir "$T/ns-$NAME"
	unshare -m --propagation private sh -c \
		"mount -o ro '$L' '$T/ns-$NAME' && exec sleep 60" &
	nspid=$!
	at_exit "kill $nspid 2>/dev/null"
	for _ in $(seq 50); do
		grep -qF "$T/ns-$NAME" /proc/$nspid/mountinfo 2>/dev/null && break
		sleep 0.1
	done
	if grep -qF "$T/ns-$NAME" /proc/$nspid/mountinfo 2>/dev/null; then
		check "other namespace: not in our mount table" \
			test -z "$(grep -F "$T/ns-$NAME" /proc/self/mountinfo)"
		refused "write to a device mounted in another namespace" \
			"$inuse" --allow-device-writes="$L" -b4K -d1 -W0 -w100 "$L"
	else
		skip "device mounted in another namespace" "unshare -m mount failed"
	fi
	kill $nspid 2>/dev/null
	wait $nspid 2>/dev/null
else
	skip "device mounted in another namespace" "mkfs.ext4 failed"
fi

# Held open with O_EXCL by another process.
python3 -c 'import os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL)
print("held", flush=True)
time.sleep(60)' "$L" >"$T/held" 2>&1 &
hpid=$!
at_exit "kill $hpid 2>/dev/null"
for _ in $(seq 50); do grep -q held "$T/held" && break; sleep 0.1; done
if grep -q held "$T/held"; then
	refused "write to a device held with O_EXCL" "$inuse" \
		--allow-device-writes="$L" -b4K -d1 -W0 -w100 "$L"
else
	skip "device held with O_EXCL" "python3 could not hold it: $(cat "$T/held")"
fi
kill $hpid 2>/dev/null
wait $hpid 2>/dev/null

# Backing another loop device (stacked).
if L2=$(losetup -f --show "$L" 2>/dev/null); then
	at_exit "losetup -d $L2 2>/dev/null"
	refused "write to a device backing $L2" \
		"refusing to write to '$L': it backs loop device $L2" \
		--allow-device-writes="$L" -b4K -d1 -W0 -w100 "$L"
	losetup -d "$L2"
else
	skip "device backing a loop device" "losetup of $L failed"
fi

# Our own write holds the device with O_EXCL, and still works.
run_io --allow-device-writes="$L" -b4K -d1 -W0 -w100 "$L"
check_eq "write with opt-in to a free device: exit status" "$rc" 0

# A regular image file backing an active loop device.
truncate -s 32M "$T/fs.img"
if mkfs.ext4 -q -F "$T/fs.img" >"$T/mkfs.err" 2>&1 &&
	L3=$(losetup -f --show "$T/fs.img" 2>"$T/mkfs.err"); then
	at_exit "losetup -d $L3 2>/dev/null"
	hf=$(sum "$T/fs.img")
	for args in "-w100" "-w0 --overwrite -c32M"; do
		run_io $args -b4K -d1 -W0 "$T/fs.img"
		check_eq "image backing $L3, $args: exit status" "$rc" 1
		msg "image backing $L3, $args" \
			"refusing to write to '$T/fs.img': it backs loop device $L3"
		check_eq "image backing $L3, $args: unchanged" \
			"$(sum "$T/fs.img")" "$hf"
	done
	e2fsck -fn "$T/fs.img" >"$T/fsck" 2>&1
	check_eq "image backing $L3: e2fsck -fn exit status" "$?" 0
	losetup -d "$L3"
else
	skip "image backing a loop device" "mkfs.ext4 or losetup failed: $(head -c 200 "$T/mkfs.err")"
fi

# ---- 4. an I/O error part-way through a fill ------------------------------
# ext4 on a loop device whose backing image is made immutable: every write
# of the loop device then fails with EIO.  (A loop device over a full
# tmpfs reports ENOSPC, not EIO, on this kernel.)
mkdir "$T/eio-$NAME"
truncate -s 128M "$T/eio.img"
if L4=$(losetup -f --show "$T/eio.img" 2>/dev/null) &&
	mkfs.ext4 -q -F "$L4" >/dev/null 2>&1 &&
	mount "$L4" "$T/eio-$NAME"; then
	at_exit "losetup -d $L4 2>/dev/null"
	at_exit "unmount '$T/eio-$NAME'"
	at_exit "chattr -i $T/eio.img 2>/dev/null"
	m=$T/eio-$NAME
	head -c 1M /dev/urandom >"$m/foreign.dat"
	sync
	if chattr +i "$T/eio.img" 2>/dev/null; then
		run_io -c8M -b4K -d1 -W0 -w0 "$m/new.dat"
		check_eq "EIO filling a new file: exit status" "$rc" 1
		msg "EIO filling a new file" "cannot fill '$m/new.dat': Input/output error"
		msg "EIO filling a new file" "the partial file was removed"
		check "EIO filling a new file: no partial file" test ! -e "$m/new.dat"
		run_io --overwrite -c8M -b4K -d1 -W0 -w0 "$m/foreign.dat"
		check_eq "EIO with --overwrite: exit status" "$rc" 1
		msg "EIO with --overwrite" "the file at '$m/foreign.dat' was partly rewritten"
		check "EIO with --overwrite: file kept" test -f "$m/foreign.dat"
		check "EIO with --overwrite: not shrunk" \
			test "$(size "$m/foreign.dat")" -ge 1048576
		chattr -i "$T/eio.img"
	else
		skip "EIO during a fill" "chattr +i is not supported in $T"
	fi
	umount "$m" 2>/dev/null
	losetup -d "$L4" 2>/dev/null
else
	skip "EIO during a fill" "loop device, mkfs.ext4 or mount failed"
fi

finish
