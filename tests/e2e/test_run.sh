#!/usr/bin/env bash
# test_run.sh - the whole run, end to end: the seed-style DiskSpd command
# lines (shortened and shrunk), each report checked for DiskSpd's sections
# in order and for numbers that agree with each other (I/Os = IOPS x time,
# MiB/s = IOPS x block, write share = -w, total = sum of threads,
# percentiles non-decreasing, min <= avg <= max, time = -d); then the null
# engine with a fixed seed.
. "$(dirname "$0")/lib.sh"

F=$T/data/io.dat

# table SECTION: "sum_bytes sum_ios rows tot_bytes tot_ios tot_mib tot_iops
# tot_avglat" of the Total IO / Read IO / Write IO table in $T/out.
table() {
	awk -v sec="$1" '
	$0 == sec { on = 1; st = 0; next }
	on && /^-+$/ { st++; next }
	on && st == 1 { split($0, f, "|"); sb += f[2]; si += f[3]; n++; next }
	on && st == 2 && /^total:/ {
		sub(/^total:/, ""); split($0, f, "|")
		printf "%.0f %.0f %d %.0f %.0f %s %s %s\n", sb, si, n,
			f[1], f[2], f[3] + 0, f[4] + 0, f[5] + 0
		exit
	}' "$T/out"
}

# The 15 rows of the total latency distribution, "label r w t" per line.
latdist() {
	awk '/^Total latency distribution:/ { on = 1; next }
	on && /^ *%-ile/ { next } on && /^-+$/ { next }
	on && /\|/ { gsub(/ /, ""); split($0, f, "|"); print f[1], f[2], f[3], f[4]; next }
	on { exit }' "$T/out"
}

# Sections must appear in this order.
check_sections() {
	local line last=0 n s
	for s in '^Command Line: ' '^Input parameters:' '^	timespan: ' \
		"^	path: '" '^System information:' '^Results for timespan 1:' \
		'^actual test time:' '^thread count:' '^achieved queue depth:' \
		'^CPU \|' '^avg\.\|' '^Total IO$' '^Read IO$' '^Write IO$' \
		'^Total latency distribution:$'; do
		line=$(grep -nE -m1 "$s" "$T/out" | cut -d: -f1)
		if [ -z "$line" ] || [ "$line" -le "$last" ]; then
			nok "$1: section '$s' missing or out of order"
			return
		fi
		last=$line
	done
	ok "$1: every section present, in order"
}

# check_report NAME THREADS WRITE_PCT BLOCK_BYTES DURATION_S
check_report() {
	local name=$1 threads=$2 w=$3 bs=$4 d=$5
	local tt tot rd wr sb si rows tb ti mib iops avg min max share
	check_sections "$name"
	tt=$(sed -n 's/^actual test time:\t\([0-9.]*\)s$/\1/p' "$T/out")
	check_near "$name: actual test time ~ -d" "${tt:-0}" "$d" 0.05
	check_eq "$name: thread count" \
		"$(sed -n 's/^thread count:\t\t//p' "$T/out")" "$threads"
	read -r sb si rows tb ti mib iops avg <<<"$(table 'Total IO')"
	check_eq "$name: one row per thread" "$rows" "$threads"
	check_eq "$name: total bytes = sum of thread rows" "$tb" "$sb"
	check_eq "$name: total I/Os = sum of thread rows" "$ti" "$si"
	check "$name: some I/O was done ($ti)" test "${ti:-0}" -gt 100
	check_near "$name: I/Os ~ IOPS x time" "$ti" \
		"$(awk -v a="$iops" -v b="$tt" 'BEGIN { print a * b }')" 0.01
	check_near "$name: MiB/s ~ IOPS x block" "$mib" \
		"$(awk -v a="$iops" -v b="$bs" 'BEGIN { print a * b / 1048576 }')" 0.01
	check_eq "$name: bytes = I/Os x block" "$tb" \
		"$(awk -v a="$ti" -v b="$bs" 'BEGIN { printf "%.0f", a * b }')"
	rd=$(table 'Read IO' | cut -d' ' -f5)
	wr=$(table 'Write IO' | cut -d' ' -f5)
	check_eq "$name: read + write I/Os = total" "$((rd + wr))" "$ti"
	share=$(awk -v a="$wr" -v b="$ti" 'BEGIN { printf "%.1f", 100 * a / b }')
	case $w in
	0 | 100) check_eq "$name: write share is exactly -w$w" \
		"$(awk -v s="$share" 'BEGIN { printf "%d", s + 0.5 }')" "$w" ;;
	*) check "$name: write share $share% within 4 points of -w$w" \
		awk -v s="$share" -v w="$w" 'BEGIN { exit !(s - w <= 4 && w - s <= 4) }' ;;
	esac
	latdist >"$T/lat"
	check_eq "$name: 15 percentile rows" "$(wc -l <"$T/lat")" 15
	check "$name: percentiles non-decreasing in every column" awk '
		{ for (c = 2; c <= 4; c++) if ($c != "N/A") {
			if (seen[c] && $c + 0 < prev[c]) bad = 1
			prev[c] = $c + 0; seen[c] = 1 } }
		END { exit bad }' "$T/lat"
	min=$(awk '$1 == "min" { print $4 }' "$T/lat")
	max=$(awk '$1 == "max" { print $4 }' "$T/lat")
	check "$name: min $min <= avg $avg <= max $max" awk -v a="$min" \
		-v b="$avg" -v c="$max" 'BEGIN { exit !(a <= b && b <= c) }'
	if [ "$w" = 0 ]; then
		check_eq "$name: write column N/A" \
			"$(awk '$3 != "N/A"' "$T/lat" | wc -l)" 0
	fi
	if [ "$w" = 100 ]; then
		check_eq "$name: read column N/A" \
			"$(awk '$2 != "N/A"' "$T/lat" | wc -l)" 0
	fi
}

if [ ! -x "$IOPROBE" ]; then
	skip "run tests" "no ioprobe binary at $IOPROBE"
	exit 77
fi

run_io -b8K -d2 -W0 -h -L -o2 -t4 -r -w30 -c16M "$F"
check_eq "8K 70/30 random: exit status" "$rc" 0
check_report "8K 70/30 random" 4 30 8192 2

rm -f "$F"
run_io –b4K –d2 –W0 –o4 –t8 –h –r –w25 –L –Z1M –c32M "$F"
check_eq "en-dash 4K: exit status" "$rc" 0
check "en-dash 4K: one note line about the dashes on stderr" \
	test "$(grep -ci 'dash' "$T/err")" -eq 1
check "en-dash 4K: 4KiB blocks" grep -q $'^\t\tblock size: 4KiB$' "$T/out"
check "en-dash 4K: 1MiB write source buffer" \
	grep -q $'^\t\twrite buffer size: 1MiB$' "$T/out"
check_report "en-dash 4K" 8 25 4096 2

rm -f "$F"
run_io -c16M -d2 -W1 -w100 -t8 -o64 -b8k -r -h -L "$F"
check_eq "8K write-only QD64: exit status" "$rc" 0
check "8K write-only QD64: write test" \
	grep -q $'^\t\tperforming write test$' "$T/out"
check_report "8K write-only QD64" 8 100 8192 2

rm -f "$F"
run_io -b64K -s -w0 -t1 -o8 -d2 -W0 -Sh -L -c32M "$F"
check_eq "64K sequential read: exit status" "$rc" 0
check "64K sequential read: sequential" \
	grep -q $'^\t\tusing sequential I/O (stride: 64KiB)$' "$T/out"
check_report "64K sequential read" 1 0 65536 2

# The null engine: no device I/O, so many I/Os and a tight write share;
# the same seed describes the same run.
run_io --engine=null -z42 -b4K -d1 -W0 -t2 -o8 -r -w30 -L "$F"
check_eq "null engine: exit status" "$rc" 0
check "null engine: named in the input section" \
	grep -q $'^\tI/O engine: null$' "$T/out"
check "null engine: seed shown" grep -q $'^\trandom seed: 42$' "$T/out"
check_report "null engine" 2 30 4096 1
sed -n '/^Input parameters:/,/^System information:/p' "$T/out" >"$T/in1"
run_io --engine=null -z42 -b4K -d1 -W0 -t2 -o8 -r -w30 -L "$F"
sed -n '/^Input parameters:/,/^System information:/p' "$T/out" >"$T/in2"
check "null engine: same seed, same input parameters" cmp -s "$T/in1" "$T/in2"
# -rd: the effective ranges, after truncation to the 100 KiB target, are
# printed the DiskSpd way, holes left out, thread ids folded into a run,
# -rdpct bounds rounded down to the 4 KiB alignment.
rm -f "$F"
run_io --engine=null -b4K -d1 -W0 -t4 -r -rdpct10/10:10/10:0/10:80/70 -c100K "$F"
check_eq "-rd: exit status" "$rc" 0
sed -n '/^Effective IO Distributions$/,/^$/p' "$T/out" >"$T/dist"
printf '%s\n' 'Effective IO Distributions' '--------------------------' \
	"target: $F [thread: 0 - 3]" \
	'    10% of IO => [     0    -      8KiB)' \
	'    10% of IO => [     8KiB -     20KiB)' \
	'    80% of IO => [    28KiB -    100KiB)' '' >"$T/dist.want"
check "-rd: effective distribution section" cmp -s "$T/dist" "$T/dist.want"
run_io --engine=null -b4K -d1 -W0 -r "$F"
check "no -rd: no distribution section" \
	bash -c "! grep -q 'Effective IO Distributions' '$T/out'"
# Which CPUs the workers ran on: seen by sampling when not pinned, the -a
# CPU when pinned; a CPU number is one this machine has.
ncpu=$(nproc)
run_io --engine=null -b4K -d1 -W0 -t2 -r "$F"
cpus=$(sed -n 's/^worker CPUs:[[:space:]]*\([0-9,-]*\) (not pinned, as seen)$/\1/p' "$T/out")
check "unpinned: worker CPUs listed ('$cpus')" test -n "$cpus"
check "unpinned: worker CPUs exist on this machine" \
	awk -v l="$cpus" -v n="$ncpu" 'BEGIN { k = split(l, a, /[,-]/);
		for (i = 1; i <= k; i++) if (a[i] + 0 >= n) exit 1 }'
run_io --engine=null -a0 -b4K -d1 -W0 -t2 -r "$F"
check "pinned with -a0: worker CPUs 0" \
	grep -q $'^worker CPUs:\t\t0 (pinned with -a)$' "$T/out"
finish
