#!/bin/bash
# test_io_errors.sh - a failed I/O fails the run, loudly: a loop device
# over a full tmpfs (writes fail with ENOSPC/EIO) and an ext4 shut down
# mid-run with EXT4_IOC_SHUTDOWN.  The first failure stops the run with one
# line on stderr and exit 1, every report says so with the count, a suite
# writes no history row; --continue-on-error runs on and counts by errno.
. "$(dirname "$0")/lib.sh"

if ! need_root; then
	skip "I/O error rigs" "needs root for loop devices and mounts"
	finish
fi
if ! command -v losetup >/dev/null || ! command -v mkfs.ext4 >/dev/null; then
	skip "I/O error rigs" "losetup or mkfs.ext4 missing"
	finish
fi

# rig TMPFS_SIZE: a tmpfs of that size holding a sparse 256M file behind a
# fresh loop device; sets D (tmpfs mount) and L (the device).
rig() {
	D=$(mktemp -d "/tmp/ioprobe-io-errors.XXXXXX")
	mount -t tmpfs -o size="$1" tmpfs "$D" || return 1
	at_exit "unmount '$D'; rmdir '$D'"
	truncate -s 256M "$D/back"
	L=$(losetup -f --show --direct-io=off "$D/back") || return 1
	# detach only while it is still ours
	at_exit "losetup -j '$D/back' | grep -q '^$L:' && losetup -d '$L'"
}

# ext4 on the current rig's device, mounted at M.
ext4_on_rig() {
	mkfs.ext4 -q -F "$L" >/dev/null 2>&1 || return 1
	M=$D.mnt
	mkdir "$M" || return 1
	at_exit "rmdir '$M'"
	mount "$L" "$M" || return 1
	at_exit "unmount '$M'"
}

# EXT4_IOC_SHUTDOWN (_IOR('X', 125, __u32)) with EXT4_GOING_FLAGS_NOLOGFLUSH.
shutdown_fs() {
	python3 -c 'import fcntl, os, struct, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.ioctl(fd, 0x8004587d, struct.pack("I", 2))' "$1"
}

# error_lines: the "ioprobe: error:" lines of $T/err.
error_lines() { grep -c '^ioprobe: error:' "$T/err"; }

# (a) writes to a loop device whose backing tmpfs is full
if ! rig 16M; then
	skip "loop over a full tmpfs" "cannot mount a tmpfs or attach a loop device"
	finish
fi
run_io -d2 -W0 -w100 -b64K -o4 -t2 -Sh --allow-device-writes="$L" \
	--output json:"$T/a.json" --output xml:"$T/a.xml" \
	--output csv:"$T/a.csv" --output html:"$T/a.html" "$L"
check_eq "full backing store: exit 1" "$rc" 1
check_eq "full backing store: one error line" "$(error_lines)" 1
check "error line names direction, target, offset and the error" \
	grep -Eq "^ioprobe: error: write to '$L' at offset [0-9]+ failed: (No space left on device|Input/output error)$" "$T/err"
check "text report: marked failed with a count" \
	grep -Eq $'^run status:\t\tFAILED, [1-9][0-9]* I/Os? failed \\((ENOSPC|EIO): [1-9]' "$T/out"
check "text report: the first failure" \
	grep -q "^first failed I/O:.*write to '$L' at offset" "$T/out"
check "text report: errors per thread and target" \
	grep -Eq "^     [01] \| +[0-9]+ \| $L \(256MiB\)" "$T/out"
check "stopped at the first: well before -d2" \
	awk -F'\t' '/^stopped after:/ { exit !($3 + 0 < 1.5) }' "$T/out"
check "JSON: io_failed and a count" \
	quiet jq -e '.io_failed == true and ([.rows[].errors] | add) > 0 and
	       .io_failure.direction == "write" and
	       ([.rows[].errors_by_errno[]] | length) > 0' "$T/a.json"
check "XML: IoFailure with the count" \
	bash -c "[ \"\$(xmllint --xpath 'string(//Linux/IoFailure/IoErrors)' '$T/a.xml')\" -gt 0 ]"
check "XML: IoErrors per thread and target kept" \
	bash -c "[ \"\$(xmllint --xpath 'sum(//Thread//IoErrors)' '$T/a.xml')\" -gt 0 ]"
check "CSV: io_errors column, count on the total rows" python3 - "$T/a.csv" <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
e = rows[0].index('io_errors')
tot = [r for r in rows[1:] if r[2] == 'total']
assert tot and all(int(r[e]) > 0 for r in tot), tot
assert all(r[e] == '' for r in rows[1:] if r[2] != 'total')
EOF
check "HTML: a red FAILED banner" grep -q 'class="fail".*FAILED: [1-9]' "$T/a.html"
"$IOPROBE" show "$T/a.json" >"$T/show.txt" 2>/dev/null
check "show re-renders the failed report" \
	bash -c "grep -q '^run status:.*FAILED' '$T/show.txt' && grep -q '^I/O errors' '$T/show.txt'"

# (c) --continue-on-error: full duration, counts by errno, still exit 1
run_io -d2 -W0 -w100 -b64K -o4 -t1 -Sh --continue-on-error \
	--allow-device-writes="$L" --output json:"$T/c.json" "$L"
check_eq "--continue-on-error: exit 1" "$rc" 1
check_eq "--continue-on-error: one error line" "$(error_lines)" 1
check "--continue-on-error: line has the count by errno" \
	grep -Eq '^ioprobe: error: [0-9]+ I/Os? failed \((ENOSPC|EIO): [0-9]+.*\), the first: write to' "$T/err"
check "--continue-on-error: ran the full duration" \
	awk -F'\t' '/^measured for:/ { exit !($3 + 0 >= 1.9) }' "$T/out"
check "--continue-on-error: report counts by errno" \
	grep -Eq $'^run status:\t\tFAILED, [0-9]+ I/Os failed \\((ENOSPC|EIO): [0-9]+.*continued' "$T/out"
check "--continue-on-error: JSON counts by errno" \
	quiet jq -e '.profile.continue_on_error and
	       ([.rows[].errors_by_errno[].count] | add) == ([.rows[].errors] | add) and
	       ([.rows[].errors] | add) > 1' "$T/c.json"

# (a) the same with ext4 on a fresh device and a file on it
if rig 16M && ext4_on_rig; then
	truncate -s 64M "$M/io.dat"
	run_io -d2 -W0 -w100 -b64K -o4 -t1 -Sh "$M/io.dat"
	check_eq "ext4 over a full backing store: exit 1" "$rc" 1
	check_eq "ext4 over a full backing store: one error line" "$(error_lines)" 1
	check "ext4: the error line names the file" \
		grep -Eq "^ioprobe: error: write to '$M/io.dat' at offset [0-9]+ failed: " "$T/err"
else
	skip "ext4 over a full backing store" "mkfs.ext4 or mount failed"
fi

# (b) EXT4_IOC_SHUTDOWN in the middle of a run
if rig 96M && ext4_on_rig; then
	"$IOPROBE" -c16M -d1 -W0 -b4K -o1 "$M/io.dat" >/dev/null 2>&1
	"$IOPROBE" -d6 -W0 -r -w50 -b4K -o4 -t2 -Sh "$M/io.dat" \
		>"$T/out" 2>"$T/err" &
	pid=$!
	sleep 1.5
	if shutdown_fs "$M"; then
		wait "$pid"
		rc=$?
		check_eq "shut-down ext4: exit 1" "$rc" 1
		check_eq "shut-down ext4: one error line" "$(error_lines)" 1
		check "shut-down ext4: direction, file, offset, error" \
			grep -Eq "^ioprobe: error: (read from|write to) '$M/io.dat' at offset [0-9]+ failed: Input/output error$" "$T/err"
		check "shut-down ext4: stopped promptly" \
			awk -F'\t' '/^stopped after:/ { exit !($3 + 0 < 4) }' "$T/out"
		check "shut-down ext4: report says failed" \
			grep -q $'^run status:\t\tFAILED' "$T/out"
	else
		wait "$pid"
		skip "shut-down ext4" "EXT4_IOC_SHUTDOWN refused"
	fi
else
	skip "shut-down ext4" "cannot build the rig"
fi

# (d) a suite on a filesystem shut down mid-test writes no history row
if rig 96M && ext4_on_rig; then
	H=$T/history.csv
	"$IOPROBE" suite "$M" --label e --duration 4 --warmup 0 \
		--file-size 8M --profiles mixed8k --history "$H" \
		>"$T/out" 2>"$T/err" &
	pid=$!
	for _ in $(seq 100); do
		ls "$M"/ioprobe-suite-*.dat >/dev/null 2>&1 && break
		sleep 0.1
	done
	sleep 1.5
	shutdown_fs "$M"
	wait "$pid"
	rc=$?
	check_eq "suite on a shut-down ext4: exit 1" "$rc" 1
	check "suite: one line saying no history row was written" \
		grep -Eq "^ioprobe: error: mixed8k: (read from|write to) '.*' at offset [0-9]+ failed: .*: no history row written for it$" "$T/err"
	check "suite: the history has no row for the failed test" \
		bash -c "! grep -q mixed8k '$H' 2>/dev/null"
else
	skip "suite on a shut-down ext4" "cannot build the rig"
fi

# (e) buffered writes: the page cache takes them, the device fails them at
# write-back; the sync after the run makes the run fail instead of
# reporting the cache's speed
if rig 16M; then
	run_io -d1 -W0 -w100 -b64K -o4 -t1 --allow-device-writes="$L" \
		--output json:"$T/e.json" "$L"
	check_eq "buffered writes, full backing store: exit 1" "$rc" 1
	check "buffered: the error line says write-back" \
		grep -Eq "^ioprobe: error: write-back of '$L' failed after the run: (No space left on device|Input/output error)" "$T/err"
	check "buffered: the text report says so" \
		grep -q $'^run status:\t\tFAILED at write-back' "$T/out"
	check "buffered: JSON io_failed" \
		quiet jq -e '.io_failed == true' "$T/e.json"
	run_io -d1 -W0 -w0 -b64K -o4 -t1 "$L"
	check_eq "buffered reads of the same device: exit 0" "$rc" 0
else
	skip "buffered writes at write-back" "cannot mount a tmpfs or attach a loop device"
fi

finish
