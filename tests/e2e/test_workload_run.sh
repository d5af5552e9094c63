#!/usr/bin/env bash
# test_workload_run.sh - workload switches run end to end and give the
# counts they promise: -g throttles (IOPS and bytes/ms forms) and -i/-j
# bursts reach their rate within a few percent; -p walks one sequential
# pointer per queue slot; -B/-f keep every offset in range; -rd puts its
# share of I/O in the hot range; -rs, -T, -si, -F -O and -w run with the
# expected rows and directions.  Offsets are read from strace of the sync
# engine (skipped without strace).
# serial: -g and -i/-j rates within 2 %, which a busy CPU bends
. "$(dirname "$0")/lib.sh"

f=$T/w.dat
run_io -b4K -d1 -W0 -w0 -c1M --engine=null "$f"
check_eq "test file created" "$rc" 0

# total_of SECTION COLUMN: the total: row of "Total IO", "Read IO" or
# "Write IO"; column 2 = bytes, 3 = I/Os, 4 = MiB/s, 5 = I/O per s.
total_of() {
	awk -v s="$1" -v c="$2" '$0 == s { on = 1 }
		on && /^total:/ { sub(/^total:/, ""); split($0, a, "|");
			gsub(/ /, "", a[c - 1]); print a[c - 1]; exit }' "$T/out"
}
# rows_of: per-thread rows of the Total IO table.
rows_of() {
	awk '$0 == "Total IO" { on = 1; next }
		on && /^total:/ { exit } on && /^ *[0-9]+ \|/ { n++ }
		END { print n + 0 }' "$T/out"
}

# -g<n>i: an exact IOPS limit per thread and target (DiskSpd would round
# 200 x 4K down to 819 B/ms = 199.95 IOPS; 333 to 332.8).
run_io -g200i -b4K -d2 -W0 -t1 -o4 --engine=null "$f"
check_eq "-g200i: exit status" "$rc" 0
check_near "-g200i -o4: IOPS" "$(total_of 'Total IO' 5)" 200 0.02
check "-g200i: report states the limit" \
	grep -q 'throughput rate-limited to 200 IOPS' "$T/out"

# A rate that is no whole number of bytes per ms: 15 x 100 B = 1.5 B/ms,
# which a bytes-per-ms throttle would round to 1 (10 IOPS).
run_io -g15i -b100 -d2 -W0 -t1 -o2 --engine=null "$f"
check_near "-g15i -b100: IOPS" "$(total_of 'Total IO' 5)" 15 0.05

# -g<n>: bytes per ms; 800 B/ms of 4K blocks = 195.3125 IOPS.
run_io -g800 -b4K -d2 -W0 -t1 -o4 --engine=null "$f"
check_eq "-g800: exit status" "$rc" 0
check_near "-g800 -b4K: IOPS" "$(total_of 'Total IO' 5)" 195.3125 0.02

# Two threads each get the limit (per thread per target).
run_io -g100i -b4K -d2 -W0 -t2 -o2 --engine=null "$f"
check_near "-g100i -t2: IOPS of both threads" "$(total_of 'Total IO' 5)" 200 0.03

# -i10 -j100: bursts of 10, then at least 100 ms without issuing: at most
# 100 IOPS, a little less when a loaded machine (sanitizers, CI) oversleeps.
run_io -i10 -j100 -b4K -d2 -W0 -t1 -o4 --engine=null "$f"
check_eq "-i10 -j100: exit status" "$rc" 0
iops=$(total_of 'Total IO' 5)
check "-i10 -j100: IOPS $iops in [85, 101]" \
	awk -v v="${iops:-0}" 'BEGIN { exit !(v >= 85 && v <= 101) }'

# -w0 reads only; -w30 writes about 30 %.
run_io -b4K -r -w0 -d1 -W0 -o8 --engine=null "$f"
check_eq "-w0: no write I/Os" "$(total_of 'Write IO' 3)" 0
check "-w0: reads counted" [ "$(total_of 'Read IO' 3)" -gt 0 ]
run_io -b4K -r -w30 -d1 -W0 -o8 --engine=null "$f"
w=$(total_of 'Write IO' 3) n=$(total_of 'Total IO' 3)
check_near "-w30: write share" "$(awk -v w="$w" -v n="$n" 'BEGIN { print w / n }')" 0.30 0.03

# -rs: mixed random/sequential, both directions, report names the mix.
run_io -b4K -rs50 -w50 -d1 -W0 -o4 --engine=null "$f"
check_eq "-rs50: exit status" "$rc" 0
check "-rs50: report names the mix" \
	grep -q 'using mixed random/sequential I/O (50% random)' "$T/out"
check "-rs50 -w50: reads and writes" \
	[ "$(total_of 'Read IO' 3)" -gt 0 ] && [ "$(total_of 'Write IO' 3)" -gt 0 ]

# -T and -si with two threads: a row each, I/O on both.
run_io -b4K -s -t2 -T512K -d1 -W0 -o2 --engine=null "$f"
check_eq "-T512K -t2: exit status" "$rc" 0
check_eq "-T512K -t2: two rows" "$(rows_of)" 2
check "-T512K: report states the thread stride" \
	grep -q 'thread stride size: 512KiB' "$T/out"
run_io -b4K -si -t2 -d1 -W0 -o2 --engine=null "$f"
check_eq "-si -t2: exit status" "$rc" 0
check_eq "-si -t2: two rows" "$(rows_of)" 2
check "-si: report says interlocked" \
	grep -q 'using interlocked sequential I/O' "$T/out"

# -F2 -O8 over two targets: every thread drives both, 4 rows.
cp "$f" "$T/w2.dat"
run_io -b4K -r -F2 -O8 -d1 -W0 --engine=null "$f" "$T/w2.dat"
check_eq "-F2 -O8, two targets: exit status" "$rc" 0
check_eq "-F2 -O8, two targets: four rows" "$(rows_of)" 4
check "-F2 -O8: thread pool line" \
	grep -q 'thread pool with 2 threads' "$T/out"

if ! command -v strace >/dev/null; then
	skip "offsets of -p, -B/-f and -rd" "strace is not installed"
	finish
fi
# offsets ARGS...: the offset of every 4K pread of a sync-engine run
# (the loader's own preads have other sizes), one a line.
offsets() {
	strace -f -qq -e trace=pread64 -o "$T/st" "$IOPROBE" -d1 -W0 \
		--engine=sync "$@" >"$T/out" 2>"$T/err"
	sed -n "s/.*pread64([0-9]*, .*, 4096, \([0-9]*\)) = .*/\1/p" "$T/st"
}

# -p: four slots, each on its own pointer from the same start, so every
# offset is issued four times before the next; without -p they differ.
got=$(offsets -b4K -s -p -o4 -t1 "$f" | head -n 12 | tr '\n' ' ')
check_eq "-p -o4: per-slot sequential offsets" "$got" \
	"0 0 0 0 4096 4096 4096 4096 8192 8192 8192 8192 "
check "-p: report says parallel async I/O" \
	grep -q 'using parallel async I/O' "$T/out"
got=$(offsets -b4K -s -o4 -t1 "$f" | head -n 6 | tr '\n' ' ')
check_eq "no -p, -o4: one shared sequential pointer" "$got" \
	"0 4096 8192 12288 16384 20480 "
# -p wraps like the thread's pointer: 256 blocks, then back to 0.
got=$(offsets -b4K -s -p -o2 -t1 "$f" | sed -n '511,514p' | tr '\n' ' ')
check_eq "-p -o2: each slot wraps at the end of the file" "$got" \
	"1044480 1044480 0 0 "

# -B256K -f512K: every offset in [256K, 512K - 4K].
offsets -b4K -r -o1 -B256K -f512K "$f" >"$T/offs"
check "-B256K -f512K: offsets issued" [ -s "$T/offs" ]
check "-B256K -f512K: every offset in range, 4K aligned" awk '
	$1 < 262144 || $1 > 520192 || $1 % 4096 { bad++ }
	END { exit bad > 0 || NR == 0 }' "$T/offs"

# -rdpct90/10: 90 % of the I/O in the first 10 % of the file.
offsets -b4K -r -o1 -rdpct90/10 "$f" >"$T/offs"
hot=$(awk '$1 < 104858 { h++ } END { if (NR) printf "%.3f", h / NR }' "$T/offs")
check_near "-rdpct90/10: share of I/O in the first 10%" "${hot:-0}" 0.90 0.03
# -Sm -Nv: every mapped write is made durable with msync before it
# completes, so the run makes one system call per write and runs far
# slower than plain memory-mapped writes; the flush mode is reported and
# survives the -Rpxml -> -X round trip.
rm -f "$T/m.dat"
run_io -Sm -Nv -b4K -d1 -W0 -r -w100 -c4M "$T/m.dat"
check_eq "-Sm -Nv: exit status" "$rc" 0
check "-Sm -Nv: flush mode in the input section" \
	grep -q $'^\t\tmemory mapped I/O enabled, flush mode: FlushViewOfFile$' "$T/out"
check "-Sm -Nv: one system call per write" \
	grep -q $'^I/Os per syscall:\t1.00 (mmap)$' "$T/out"
synced=$(awk '/^total:/ { print $6; exit }' "$T/out")
run_io -Sm -b4K -d1 -W0 -r -w100 "$T/m.dat"
plain=$(awk '/^total:/ { print $6; exit }' "$T/out")
check "-Sm -Nv slower than -Sm alone ($synced < $plain MiB/s)" \
	awk -v a="${synced:-0}" -v b="${plain:-0}" 'BEGIN { exit !(a > 0 && a * 2 < b) }'
"$IOPROBE" -Sm -Nv -b4K -w100 -Rpxml "$T/m.dat" >"$T/n.xml" 2>/dev/null
"$IOPROBE" -X"$T/n.xml" -Rpxml >"$T/n2.xml" 2>/dev/null
check "-Nv: FlushType in -Rpxml" grep -q '<FlushType>ViewOfFile</FlushType>' "$T/n.xml"
check "-Nv: -Rpxml -> -X -> -Rpxml round trip" cmp -s "$T/n.xml" "$T/n2.xml"
finish
