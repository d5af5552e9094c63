#!/usr/bin/env bash
# test_fidelity.sh - the small DiskSpd fidelity rules: the -Zr warning
# with -Z, -x through an XML profile, and no line of ours that a DiskSpd
# scraper's anchors ("total:", "thread |", "avg.", "Read IO", ...) take
# for one of DiskSpd's.
. "$(dirname "$0")/lib.sh"
G=$(cd "$(dirname "$0")/json_golden" && pwd)

ZR_WARN=$'\tgenerating random data for each write IO\n\t  WARNING: this increases the CPU cost of issuing writes and should only\n\t           be compared to other results using the -Zr flag'

# --- -Z with -Zr: the writes are zeros, DiskSpd still warns ---------------
for order in "-Z -Zr" "-Zr -Z"; do
	# shellcheck disable=SC2086
	run_io -Rp -w50 $order "$T/z.dat"
	check_eq "$order: exit 0" "$rc" 0
	check "$order: DiskSpd's -Zr warning" grep -qF "$ZR_WARN" "$T/out"
	check "$order: the writes are zeros" \
		grep -q $'^\t\tzeroing write buffers$' "$T/out"
done
run_io -Rp -w50 -Z "$T/z.dat"
check "-Z alone: no -Zr warning" \
	bash -c "! grep -q 'generating random data' '$T/out'"
# the warning survives an XML profile round trip, and the zeros too
run_io -Rpxml -w50 -Z -Zr "$T/z.dat"
cp "$T/out" "$T/zz.xml"
run_io -Rp -X"$T/zz.xml"
check_eq "-Rpxml of -Z -Zr read back: exit 0" "$rc" 0
check "-Rpxml of -Z -Zr read back: the -Zr warning" \
	grep -qF "$ZR_WARN" "$T/out"
check "-Rpxml of -Z -Zr read back: zeros" \
	grep -q $'^\t\tzeroing write buffers$' "$T/out"
# and a saved run shows it again
rm -f "$T/zr.dat"
run_io --engine=null -d1 -W0 -w50 -Z -Zr -c64K -b4K \
	--output json:"$T/zr.json" "$T/zr.dat"
check_eq "null run of -Z -Zr: exit 0" "$rc" 0
check "null run of -Z -Zr: the -Zr warning" grep -qF "$ZR_WARN" "$T/out"
cp "$T/out" "$T/zr.txt"
run_io show "$T/zr.json"
check "show of -Z -Zr: byte for byte" cmp -s "$T/out" "$T/zr.txt"

# --- -x in an XML profile: -Rpxml of -x read by -X, same -Rp text --------
run_io -Rpxml -x -o4 "$T/x.dat"
cp "$T/out" "$T/x.xml"
run_io -Rp -x -o4 "$T/x.dat"
tail -n +3 "$T/out" >"$T/x.want"
run_io -Rp -X"$T/x.xml"
tail -n +3 "$T/out" >"$T/x.got"
check "-x through -Rpxml and -X: the same -Rp text" cmp -s "$T/x.want" "$T/x.got"
check "-x through -X: DiskSpd's completion routines line" \
	grep -q $'^\t\tusing completion routines (ReadFileEx/WriteFileEx)$' "$T/out"

# --- no line of ours starts as DiskSpd's scrapers' anchors ----------------
ANCHORS='^[[:space:]]*(total:|avg\.|Read IO|Write IO|Total IO|thread \||%-ile \||min \||max \|)'
# ours: the sections after DiskSpd's tables (errors, per target, device
# counters, MPI ranks and hosts)
ours() {
	awk '/^(I\/O errors|Per target |Device counters |Ranks \(MPI\)|Hosts \(MPI\)|[0-9]+ ranks \(MPI\)|rank [0-9]+ of )/ { on = 1 } on' "$1"
}
scan() { # NAME FILE [TOTALS AVG]: DiskSpd's total: and avg. rows
	local n
	n=$(ours "$2" | grep -cE "$ANCHORS")
	check_eq "$1: no line of ours starts with a DiskSpd anchor" "$n" 0
	check_eq "$1: DiskSpd's ${3:-3} total: rows, no more" \
		"$(grep -c '^total:' "$2")" "${3:-3}"
	check_eq "$1: ${4:-1} avg. row" "$(grep -cE '^[[:space:]]*avg\.\|' "$2")" "${4:-1}"
}
run_io show "$G/io-failure.json"
check_eq "show io-failure.json: exit 0" "$rc" 0
cp "$T/out" "$T/f.txt"
check "io-failure: has our error table" grep -q '^I/O errors$' "$T/f.txt"
check "io-failure: its sum row is all:" grep -q '^all: ' "$T/f.txt"
scan "io-failure" "$T/f.txt" 0 0	# a failed run: no DiskSpd figures
run_io show "$G/two-targets.json"
cp "$T/out" "$T/t.txt"
check "two-targets: has the per-target table" grep -q '^Per target ' "$T/t.txt"
scan "two-targets" "$T/t.txt"
# a real run on two files, with the device counters where there are any
run_io -c1M -d1 -W0 -b4K -r -t1 -o2 -L -w20 "$T/a.dat" "$T/b.dat"
check_eq "two-file run: exit 0" "$rc" 0
cp "$T/out" "$T/r.txt"
scan "two-file run" "$T/r.txt"

finish
