#!/usr/bin/env bash
# test_text_lines.sh - text lines as DiskSpd 2.2 prints them: the target
# blocks of -Rp against tests/diskspd-golden/text-rp-*.expected.txt (sizes
# "1.50KiB" and bare bytes "1000", a template target, an -rdabs bound
# "3.20MiB"), an unknown power scheme, and -v's progress lines on stderr.
. "$(dirname "$0")/lib.sh"

G=$(cd "$(dirname "$0")/../diskspd-golden" && pwd)
cd "$T" || exit 1
for in in "$G"/text-rp-*.input; do
	name=$(basename "$in" .input)
	set -f		# a template target '*1' is an argument, not a glob
	# shellcheck disable=SC2046
	run_io $(cat "$in")
	set +f
	check_eq "$name: exit 0" "$rc" 0
	sed -n '/^\tpath: /,$p' "$T/out" >"$T/block"
	if cmp -s "$T/block" "$G/$name.expected.txt"; then
		ok "$name: the target block as DiskSpd prints it"
	else
		nok "$name: $(diff "$G/$name.expected.txt" "$T/block" | head -n 4 | tr '\n' ' ')"
	fi
done
check "no file created by -Rp" test ! -e "$T/f.dat"

run_io -c1M -d1 -W1 -C1 -v "$T/f.dat"
check_eq "-v: exit 0" "$rc" 0
for line in "starting warm up for 1s..." "starting measurements for 1s..." \
	    "stopped measurements, total measured time" \
	    "starting cool down for 1s..." "finished test..."; do
	check "-v: stderr says '$line'" grep -qF -- "$line" "$T/err"
	check "-v: stdout does not" test "$(grep -cF -- "$line" "$T/out")" = 0
done
check "-v: using verbose mode" grep -q $'^\tusing verbose mode$' "$T/out"
if [ -r /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor ]; then
	gov=$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor)
	check "power scheme: the governor" \
		grep -qx $'\tactive power scheme:\t'"$gov" "$T/out"
else
	check "power scheme: DiskSpd's <unknown>" \
		grep -qx $'\tactive power scheme:\t<unknown>' "$T/out"
fi
finish
