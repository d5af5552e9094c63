#!/usr/bin/env bash
# test_engine.sh - every engine runs a short random-read test and reports
# real I/O; null and io_uring reach the requested queue depth, sync at
# most 1 even on a slow disk; with io_uring refused (EPERM, for one
# process) the default run falls back with one note.
. "$(dirname "$0")/lib.sh"

f=$T/engine.dat
total_ios() { awk -F'|' '/^total:/ { gsub(/ /, "", $2); print $2; exit }' "$T/out"; }
qd() { sed -n 's/^achieved queue depth:[[:space:]]*\([0-9.]*\) of.*/\1/p' "$T/out" | head -n1; }

for e in io_uring libaio sync null; do
	run_io -b4K -d1 -W0 -r -o8 -Su -L -c16M --engine=$e "$f"
	if [ "$rc" -ne 0 ] && grep -qi 'o_direct\|invalid argument' "$T/err"; then
		skip "$e engine" "O_DIRECT not supported in $T: $(head -n1 "$T/err")"
		continue
	fi
	check_eq "$e: exit status" "$rc" 0
	n=$(total_ios)
	check "$e: report shows non-zero I/Os (${n:-none})" [ "${n:-0}" -gt 0 ]
	check "$e: report names the engine used" \
		grep -q "^I/Os per syscall:.*($e)" "$T/out"
	calls=$(sed -n 's/^I\/Os per syscall:[[:space:]]*\([0-9.]*\).*/\1/p' "$T/out")
	check "$e: I/Os per syscall is positive (${calls:-none})" \
		awk -v c="${calls:-0}" 'BEGIN { exit !(c > 0) }'
	q=$(qd)
	case $e in
	null|io_uring)
		check "$e: achieved queue depth ${q:-none} reaches -o8" \
			awk -v q="${q:-0}" 'BEGIN { exit !(q >= 7.5 && q <= 8.0) }' ;;
	sync)
		check "sync: achieved queue depth ${q:-none} is at most 1" \
			awk -v q="${q:-9}" 'BEGIN { exit !(q <= 1.0) }' ;;
	esac
done

# Sync achieved depth on a slow disk: a loop device held to 40 IOPS by
# cgroup v1 blkio makes each call 25 ms, so -o8's batch of calls takes
# 200 ms and the window's last batch (run.c stops right after -C0) ends
# outside it.  Counted at issue, those calls read 1.2; counted with their
# batch, the depth is at most 1 whatever the load.
BLK=/sys/fs/cgroup/blkio
if ! need_root; then
	skip "sync depth on a slow disk" "needs root (loop device, cgroup)"
elif [ ! -e "$BLK/blkio.throttle.read_iops_device" ]; then
	skip "sync depth on a slow disk" "no cgroup v1 blkio controller at $BLK"
elif ! truncate -s 8M "$T/slow.img" ||
	! L=$(losetup -f --show --direct-io=on "$T/slow.img" 2>"$T/err"); then
	skip "sync depth on a slow disk" "losetup failed: $(cat "$T/err")"
else
	at_exit "losetup -d $L"
	CG=$BLK/ioprobe-engine-$$
	mkdir "$CG" && at_exit "rmdir '$CG'"
	echo "$(lsblk -dno MAJ:MIN "$L" | tr -d ' ') 40" \
		>"$CG/blkio.throttle.read_iops_device"
	bash -c "echo \$\$ >'$CG/cgroup.procs'; exec '$IOPROBE' -b4K -d1 \
		-W0 -C0 -r -o8 -Sh --engine=sync -Rjson '$L'" >"$T/out" 2>"$T/err"
	check_eq "sync, slow disk: exit status" "$?" 0
	q=$(jq '.rows[0].mean_inflight' "$T/out")
	check "sync, slow disk: achieved depth ${q:-none} is at most 1" \
		awk -v q="${q:-9}" 'BEGIN { exit !(q > 0.5 && q <= 1.0) }'
fi

# Two threads on one target: one row each (target-major thread ids).
run_io -b4K -d1 -W0 -r -o4 -t2 -Su -L -c16M --engine=null "$f"
check_eq "null, 2 threads: exit status" "$rc" 0
check "null, 2 threads: a row per thread" \
	[ "$(grep -c "^ *[01] |.*engine.dat" "$T/out")" -ge 2 ]

# Forced fallback: io_uring_setup() fails with EPERM (as with
# kernel.io_uring_disabled=2) for this one run alone, by a seccomp filter
# (no_uring.py): the sysctl is machine-wide, and flipping it made parallel
# test runs fall back too.
no_uring() { python3 "$(dirname "$0")/no_uring.py" "$IOPROBE" "$@" >"$T/out" 2>"$T/err"; rc=$?; }
no_uring -b4K -d1 -W0 -r -o8 -Su -L -c16M "$f"
if [ "$rc" -eq 77 ]; then
	skip "fallback note" "$(cat "$T/err")"
else
	check_eq "fallback: exit status" "$rc" 0
	check_eq "fallback: exactly one note line" \
		"$(grep -c '^ioprobe: note: io_uring unavailable' "$T/err")" 1
	check "fallback: note says why and what is used" \
		grep -q '^ioprobe: note: io_uring unavailable (Operation not permitted), using libaio$' "$T/err"
	check "fallback: still runs I/O (libaio)" \
		grep -q '^I/Os per syscall:.*(libaio)' "$T/out"
	n=$(total_ios)
	check "fallback: non-zero I/Os (${n:-none})" [ "${n:-0}" -gt 0 ]
	run_io -b4K -d1 -W0 -r -o8 -Su "$f"
	check "fallback: the filter was this process's alone" \
		grep -q '^I/Os per syscall:.*(io_uring)' "$T/out"
fi
# Submission batching: by default each request is submitted at once (one
# I/O per submit); --batch=16 stages 16 before a submit, so the same QD32
# run makes clearly fewer system calls per I/O.
calls() { sed -n 's/^I\/Os per syscall:[[:space:]]*\([0-9.]*\).*/\1/p' "$T/out"; }
run_io --engine=io_uring -b4K -d1 -W0 -r -o32 -Su -c16M "$T/batch.dat"
one=$(calls)
run_io --engine=io_uring --batch=16 -b4K -d1 -W0 -r -o32 -Su "$T/batch.dat"
sixteen=$(calls)
check_eq "--batch=16: exit status" "$rc" 0
check "--batch=16 makes more I/Os per syscall ($one -> $sixteen)" \
	awk -v a="${one:-0}" -v b="${sixteen:-0}" 'BEGIN { exit !(b > a * 1.5 && a > 0) }'
finish
