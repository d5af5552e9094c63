#!/usr/bin/env bash
# test_bursts.sh - -i/-j bursts are a target's, shared among the threads
# that drive it (its -t threads, or the -F threads), as DiskSpd divides
# them: the same -i10 -j100 gives about the same total I/O with -t1, -t2,
# -t4 and -F2.  Direct I/O (-Sh), so each I/O is a device I/O; -o1 so a
# thread issues one at a time.
. "$(dirname "$0")/lib.sh"

plain_pass_only "bursts shared among threads" \
	"counts I/Os per think time, which a sanitizer build does not change" ||
	finish
run_io -c1M -b4K -d1 -W0 -o1 -r -Sh -Rjson "$T/probe.dat"
if [ "$rc" -ne 0 ]; then
	skip "bursts shared among threads" "no direct I/O in $T: $(head -n 1 "$T/err")"
	finish
fi
declare -A got
for th in -t1 -t2 -t4 -F2; do
	run_io -c1M -b4K -d2 -W0 "$th" -o1 -r -i10 -j100 -Sh -Rjson "$T/f.dat"
	check_eq "$th -i10 -j100: exit 0" "$rc" 0
	got[$th]=$(jq '[.totals.targets[] | .read.ios, .write.ios] | add' "$T/out")
done
# 2 s of 100 ms think times: about 20 bursts of 10, whatever the threads
for th in -t1 -t2 -t4 -F2; do
	check_near "$th: total I/Os as -t1's" "${got[$th]}" "${got[-t1]}" 0.10
done
check_near "-t1: about 20 bursts of 10 in 2 s" "${got[-t1]}" 200 0.15
# the text still says the target's burst, as DiskSpd does
run_io -c1M -b4K -d1 -W0 -t4 -o1 -r -i10 -j100 -Sh -Rp "$T/f.dat"
check "-Rp -t4: burst size is the target's" grep -q $'^\t\tburst size: 10$' "$T/out"
finish
