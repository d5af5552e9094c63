#!/usr/bin/env bash
# test_fill.sh - -c creates a file of real data (not sparse, not zeros),
# makes missing folders, does not refill a file it filled before, and
# refuses a size that does not fit with a clear message, exit 1 and no
# file left behind.
. "$(dirname "$0")/lib.sh"

f=$T/sub/dir/test.dat
run_io -c32M -b4K -d1 -W0 -w0 -r "$f"
check_eq "-c32M: exit status" "$rc" 0
check_eq "-c32M: size" "$(stat -c %s "$f" 2>/dev/null)" 33554432
# du counts allocated blocks: a sparse or fallocated-only file is smaller
# (fallocate shows allocated, so content is checked too).
alloc_k=$(du -k "$f" | cut -f1)
if [ "${alloc_k:-0}" -ge 32768 ]; then
	ok "-c32M: not sparse (du ${alloc_k}K)"
else
	nok "-c32M: sparse file, du ${alloc_k}K < 32768K"
fi
if cmp -s -n 1048576 "$f" /dev/zero; then
	nok "-c32M: first MiB is zeros"
else
	ok "-c32M: data is not zeros"
fi
if [ "$(tail -c 4096 "$f" | od -An -tx1 | tr -d ' \n' | tr -d 0)" != "" ]; then
	ok "-c32M: last block is not zeros"
else
	nok "-c32M: last block is zeros"
fi

# Repeating the command must not fill again: content and mtime unchanged.
m1=$(stat -c %y "$f")
h1=$(sha256sum <"$f")
run_io -c32M -b4K -d1 -W0 -w0 -r "$f"
check_eq "second -c32M: exit status" "$rc" 0
check_eq "second -c32M: not refilled (mtime)" "$(stat -c %y "$f")" "$m1"
check_eq "second -c32M: content unchanged" "$(sha256sum <"$f")" "$h1"

# A file of the right size that ioprobe did not fill is filled.
g=$T/sparse.dat
truncate -s 32M "$g"
run_io -c32M -b4K -d1 -W0 -w0 -r "$g"
check_eq "sparse file of the size: exit status" "$rc" 0
alloc_k=$(du -k "$g" | cut -f1)
if [ "${alloc_k:-0}" -ge 32768 ]; then
	ok "sparse file of the size: filled (du ${alloc_k}K)"
else
	nok "sparse file of the size: still sparse, du ${alloc_k}K"
fi

# An absurd size is refused before anything is written.
run_io -c1024T -b4K -d1 -W0 -w0 "$T/huge/h.dat"
check_eq "-c1024T: exit status" "$rc" 1
check "-c1024T: message says not enough free space" \
	grep -q "not enough free space for '$T/huge/h.dat'" "$T/err"
check "-c1024T: no file or folder left" test ! -e "$T/huge"

# A full filesystem: a small tmpfs.
if ! need_root; then
	skip "ENOSPC on a small tmpfs" "needs root to mount a tmpfs"
	finish
fi
mkdir "$T/small"
if ! mount -t tmpfs -o size=8M tmpfs "$T/small"; then
	skip "ENOSPC on a small tmpfs" "mount -t tmpfs failed"
	finish
fi
at_exit "unmount '$T/small'"
run_io -c32M -b4K -d1 -W0 -w0 "$T/small/f.dat"
check_eq "-c32M on an 8M tmpfs: exit status" "$rc" 1
check "-c32M on an 8M tmpfs: message names the file and the space" \
	grep -q "free space for '$T/small/f.dat'" "$T/err"
check_eq "-c32M on an 8M tmpfs: no file left" "$(ls -A "$T/small")" ""
finish
