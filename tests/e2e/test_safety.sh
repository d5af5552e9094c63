#!/usr/bin/env bash
# test_safety.sh - writes to a block device need --allow-device-writes
# naming that device, and are refused even then while it is mounted or
# used as swap; reads are always allowed.  Runs on a loop device over a
# 64 MiB file in $T (root only).  A refusal exits 1 (the run failed before
# any I/O), names the device, and leaves the device's bytes and the
# current folder untouched.
. "$(dirname "$0")/lib.sh"

if ! need_root; then
	skip "device safety" "needs root to attach a loop device"
	finish
fi
if ! command -v losetup >/dev/null; then
	skip "device safety" "losetup is not installed"
	finish
fi
head -c 64M /dev/urandom >"$T/disk.img"
if ! L=$(losetup -f --show "$T/disk.img" 2>"$T/losetup.err"); then
	skip "device safety" "no loop device: $(cat "$T/losetup.err")"
	finish
fi
at_exit "losetup -d $L"
mkdir "$T/cwd" "$T/mnt"
cd "$T/cwd" || exit 1

sum() { sha256sum <"$L" | cut -d' ' -f1; }
lacks_opt_in_advice() { ! grep -qF -- "--allow-device-writes" "$T/err"; }
# refused DESC WANT_MSG ARGS...: exit 1, message on stderr, device and the
# current folder unchanged.
refused() {
	local desc=$1 msg=$2 before
	shift 2
	before=$(sum)
	run_io "$@"
	check_eq "$desc: exit status" "$rc" 1
	if grep -qF -- "$msg" "$T/err"; then
		ok "$desc: message names the problem"
	else
		nok "$desc: stderr lacks '$msg': $(head -c 300 "$T/err")"
	fi
	check_eq "$desc: device unchanged" "$(sum)" "$before"
	check_eq "$desc: nothing created" "$(ls -A "$T/cwd")" ""
}

# Reads are fine without any opt-in.
before=$(sum)
run_io -b4K -d1 -W0 -r "$L"
check_eq "random read of $L: exit status" "$rc" 0
check "random read of $L: report printed" grep -q "Total IO" "$T/out"
check_eq "random read of $L: device unchanged" "$(sum)" "$before"

refused "write without opt-in" \
	"refusing to write to block device '$L'" -b4K -d1 -W0 -r -w50 "$L"
check "message says what to pass" grep -qF -- \
	"--allow-device-writes=$L" "$T/err"
refused "-c and write without opt-in" \
	"refusing to write to block device '$L'" -b4K -d1 -W0 -w100 -c1M "$L"
refused "opt-in naming another device" \
	"refusing to write to block device '$L'" \
	--allow-device-writes=/dev/null -b4K -d1 -W0 -w100 "$L"

# Mounted: refused even with the opt-in.  Mount read-only so the
# filesystem itself does not change the device while we compare sums.
if mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$L" \
	>/dev/null 2>&1 && mount -o ro "$L" "$T/mnt"; then
	at_exit "unmount '$T/mnt'"
	refused "write to a mounted device with opt-in" \
		"refusing to write to '$L': it is mounted at $T/mnt" \
		--allow-device-writes="$L" -b4K -d1 -W0 -w100 "$L"
	# Without the opt-in the message names the mount straight away
	# instead of asking for an opt-in that would be refused too.
	refused "write to a mounted device without opt-in" \
		"refusing to write to '$L': it is mounted at $T/mnt" \
		-b4K -d1 -W0 -w100 "$L"
	check "mounted, no opt-in: no opt-in advice" lacks_opt_in_advice
	umount "$T/mnt"
else
	skip "mounted device refusal" "mkfs.ext4 or mount failed"
fi

# Swap: refused even with the opt-in.
if mkswap "$L" >/dev/null 2>&1 && swapon "$L" 2>/dev/null; then
	at_exit "swapoff $L 2>/dev/null"
	refused "write to a swap device with opt-in" \
		"refusing to write to '$L': it is used as swap" \
		--allow-device-writes="$L" -b4K -d1 -W0 -r -w30 "$L"
	refused "write to a swap device without opt-in" \
		"refusing to write to '$L': it is used as swap" \
		-b4K -d1 -W0 -r -w30 "$L"
	swapoff "$L"
else
	skip "swap device refusal" "mkswap or swapon failed here"
fi

# Held by another device (device-mapper): refused even with the opt-in.
if command -v dmsetup >/dev/null &&
	echo "0 1024 linear $L 0" | dmsetup create "ioprobe-e2e-$$" \
		>/dev/null 2>&1; then
	at_exit "dmsetup remove ioprobe-e2e-$$"
	refused "write to a device held by device-mapper" \
		"refusing to write to '$L': it is held by" \
		--allow-device-writes="$L" -b4K -d1 -W0 -w100 "$L"
	dmsetup remove "ioprobe-e2e-$$"
else
	skip "held device refusal" "device-mapper is not available"
fi

# Unmounted, unused, named by the opt-in: allowed, and really written.
# The opt-in may name the device through a symlink.
ln -s "$L" "$T/dev-link"
before=$(sum)
run_io --allow-device-writes="$T/dev-link" -b4K -d1 -W0 -r -w100 "$L"
check_eq "write with opt-in: exit status" "$rc" 0
if [ "$(sum)" != "$before" ]; then
	ok "write with opt-in: the device was written"
else
	nok "write with opt-in: the device did not change"
fi
finish
