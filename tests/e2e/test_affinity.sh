#!/usr/bin/env bash
# test_affinity.sh - -n and -a reported as DiskSpd reports them, and our
# own line telling where the threads really ran.  DiskSpd prints
# "affinity disabled" and writes DisableAffinity true only for -n, and
# "advanced affinity round robin (group/core): ..." plus the Affinity
# block only when -a lists CPUs.  ioprobe pins only with -a; "worker
# CPUs:" and each thread's WorkerCpu (-1 = not pinned) say so.
. "$(dirname "$0")/lib.sh"

truncate -s 4M "$T/f.dat"
io() { run_io --engine=null -b4K -r -d1 -W0 "$@"; }
xml() {	# $1 = element -> its texts, one a line
	python3 -c "
import sys, xml.etree.ElementTree as E
for e in E.parse('$T/out').getroot().iter('$1'):
    print(e.text)"
}

# No switch: DiskSpd's default (DisableAffinity false), not pinned.
io -t1 "$T/f.dat"
check_eq "no switch: exit 0" "$rc" 0
check "no switch: no 'affinity disabled' line" \
	bash -c "! grep -q 'affinity disabled' '$T/out'"
check "no switch: no advanced affinity line" \
	bash -c "! grep -q 'advanced affinity' '$T/out'"
check "no switch: our line says not pinned" \
	grep -Eq $'^worker CPUs:\t\t[0-9,-]+ \\(not pinned, as seen\\)$' "$T/out"
io -t1 -Rxml "$T/f.dat"
check_eq "no switch: DisableAffinity false" "$(xml DisableAffinity)" false
check_eq "no switch: no Affinity block" "$(xml Affinity)" ""
check_eq "no switch: WorkerCpu -1" "$(xml WorkerCpu)" -1

# -n: the DiskSpd line right after the cool down time, DisableAffinity.
io -t1 -n "$T/f.dat"
check_eq "-n: exit 0" "$rc" 0
check "-n: 'affinity disabled' after 'cool down time'" \
	grep -Pzq '\tcool down time: 0s\n\taffinity disabled\n\trandom seed' \
	"$T/out"
check "-n: not pinned" grep -q '(not pinned, as seen)$' "$T/out"
io -t1 -n -Rxml "$T/f.dat"
check_eq "-n: DisableAffinity true" "$(xml DisableAffinity)" true
check_eq "-n: WorkerCpu -1" "$(xml WorkerCpu)" -1
run_io -n -Rpxml "$T/f.dat"
check_eq "-n -Rpxml: DisableAffinity true" "$(xml DisableAffinity)" true
run_io -Rpxml "$T/f.dat"
check_eq "-Rpxml: DisableAffinity false" "$(xml DisableAffinity)" false

# An XML profile saying DisableAffinity reads back as -n.
run_io -n -Rpxml "$T/f.dat"
cp "$T/out" "$T/n.xml"
run_io -X"$T/n.xml" -Rp
check "-X DisableAffinity true: 'affinity disabled'" \
	grep -q $'^\taffinity disabled$' "$T/out"

# -n with -a: DiskSpd refuses the pair; nothing is created.
run_io -n -a0 -c1M "$T/new.dat"
check_eq "-n -a: usage error" "$rc" 2
check "-n -a: nothing created" test ! -e "$T/new.dat"

if [ "$(nproc)" -lt 2 ]; then
	skip "-a over two CPUs" "needs 2 CPUs, this machine has $(nproc)"
	finish
fi
# -a0,1: DiskSpd's line and block; each thread on its CPU.
io -t2 -a0,1 "$T/f.dat"
check_eq "-a0,1: exit 0" "$rc" 0
check "-a0,1: DiskSpd's advanced affinity line" \
	grep -q $'^\tadvanced affinity round robin (group/core): 0/0, 0/1$' \
	"$T/out"
check "-a0,1: no 'affinity disabled'" \
	bash -c "! grep -q 'affinity disabled' '$T/out'"
check "-a0,1: our line says pinned" \
	grep -q $'^worker CPUs:\t\t0-1 (pinned with -a)$' "$T/out"
io -t2 -a0,1 -Rxml "$T/f.dat"
check_eq "-a0,1: DisableAffinity false" "$(xml DisableAffinity)" false
check_eq "-a0,1: two AffinityGroupAssignment" \
	"$(grep -c '<AffinityGroupAssignment Group="0" Processor="[01]"/>' "$T/out")" 2
check_eq "-a0,1: WorkerCpu of threads 0 and 1" "$(xml WorkerCpu | tr '\n' ' ')" \
	"0 1 "
# bare -a: round robin, no list, so no DiskSpd line; pinned.
io -t2 -a "$T/f.dat"
check "bare -a: no advanced affinity line" \
	bash -c "! grep -q 'advanced affinity' '$T/out'"
check "bare -a: no 'affinity disabled'" \
	bash -c "! grep -q 'affinity disabled' '$T/out'"
check "bare -a: pinned" grep -q '(pinned with -a)$' "$T/out"
finish
