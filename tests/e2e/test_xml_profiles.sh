#!/usr/bin/env bash
# test_xml_profiles.sh - ten hand-written DiskSpd profiles
# (tests/xml-profiles/), each valid against DiskSpd's schema, are accepted
# by -X and run as written: several <TimeSpan>s give one result each (text
# and XML, the XML's <Profile> valid against the schema), <ThreadTargets>
# choose the threads of a target and their weights, <GroupAffinity> is
# ignored (said under -v), IOPriority, Random distributions, per-target
# ThreadsPerFile and an IOPS Throughput take effect.
. "$(dirname "$0")/lib.sh"

P=$(cd "$(dirname "$0")/../xml-profiles" && pwd)
here=$(cd "$(dirname "$0")/../.." && pwd)
XSD=$here/tests/diskspd-schema/diskspd.xsd
[ -r "$XSD" ] || XSD=$(cd "$here/.." && pwd)/shared/spec/diskspd.xsd
if ! command -v xmllint >/dev/null || [ ! -r "$XSD" ]; then
	skip "hand-written DiskSpd profiles" "no xmllint or no schema at $XSD"
	finish
fi
check_eq "ten profiles" "$(ls "$P"/*.xml | wc -l)" 10
truncate -s 4M "$T/a.dat" "$T/b.dat"
x() { xmllint --xpath "$2" "$1" 2>/dev/null; }
valid() { xmllint --noout --schema "$XSD" "$1" 2>/dev/null; }
targets() {	# the targets a profile's templates *1, *2 take
	if grep -q '<Path>\*2</Path>' "$1"; then
		echo "$T/a.dat $T/b.dat"
	else
		echo "$T/a.dat"
	fi
}
for f in "$P"/*.xml; do
	n=$(basename "$f" .xml)
	check "$n: valid against DiskSpd's schema" \
		valid "$f"
	spans=$(x "$f" 'count(/Profile/TimeSpans/TimeSpan)')
	# shellcheck disable=SC2046
	run_io -X"$f" -Rxml $(targets "$f")
	cp "$T/out" "$T/$n.xml"
	check_eq "$n: -X runs it (exit 0)" "$rc" 0
	check_eq "$n: one XML result per TimeSpan ($spans)" \
		"$(x "$T/$n.xml" 'count(/Results/TimeSpan)')" "$spans"
	check_eq "$n: no <Error>" "$(x "$T/$n.xml" 'count(//TimeSpan/Error)')" 0
	check_eq "$n: every TimeSpan has thread results" \
		"$(x "$T/$n.xml" 'count(/Results/TimeSpan[Thread])')" "$spans"
	x "$T/$n.xml" '/Results/Profile' >"$T/$n.prof.xml"
	check "$n: the results' <Profile> is valid against the schema" \
		valid "$T/$n.prof.xml"
	# shellcheck disable=SC2046
	"$IOPROBE" -Rpxml -X"$f" $(targets "$f") >"$T/$n.rp.xml" 2>/dev/null
	check "$n: -Rpxml of it is valid" \
		valid "$T/$n.rp.xml"
	check_eq "$n: -Rpxml keeps every TimeSpan" \
		"$(x "$T/$n.rp.xml" 'count(//TimeSpan)')" "$spans"
	"$IOPROBE" -Rpxml -X"$T/$n.rp.xml" >"$T/$n.rp2.xml" 2>/dev/null
	check "$n: -Rpxml reads back the same" cmp -s "$T/$n.rp.xml" "$T/$n.rp2.xml"
done

# as written: what each profile sets shows in its results
r=$T/01-thread-targets.xml
check_eq "ThreadTargets: thread 0 drives a.dat only" \
	"$(x "$r" 'count(//TimeSpan/Thread[Id=0]/Target)')" 1
check_eq "ThreadTargets: thread 1 drives b.dat only" \
	"$(x "$r" 'string(//TimeSpan/Thread[Id=1]/Target/Path)')" "$T/b.dat"
check_eq "ThreadTargets: thread 2 drives both" \
	"$(x "$r" 'count(//TimeSpan/Thread[Id=2]/Target)')" 2
check_near "ThreadTargets: thread 2's Weight 3 to 1 (a.dat : b.dat)" \
	"$(x "$r" "//TimeSpan/Thread[Id=2]/Target[Path='$T/a.dat']/IOCount div //TimeSpan/Thread[Id=2]/Target[Path='$T/b.dat']/IOCount")" 3 0.15

run_io -X"$P/03-group-affinity.xml" -v "$T/a.dat"
check_eq "GroupAffinity: runs (exit 0)" "$rc" 0
check "GroupAffinity: -v says it is ignored" grep -q 'GroupAffinity> is ignored' "$T/err"
run_io -X"$P/03-group-affinity.xml" "$T/a.dat"
check "GroupAffinity: silent without -v" test "$(grep -c GroupAffinity "$T/err")" = 0

run_io -X"$P/04-io-priority.xml" "$T/a.dat" "$T/b.dat"
check "IOPriority 1: very low" grep -q $'^\t\tIO priority: very low$' "$T/out"
check "IOPriority 2: low" grep -q $'^\t\tIO priority: low$' "$T/out"

check_eq "Percent distribution: effective ranges in the results" \
	"$(x "$T/05-random-dist-percent.xml" 'count(//Thread/Target/Distribution/Absolute/Range)')" 2
check "Absolute distribution: ranges in the results" \
	test "$(x "$T/06-random-dist-absolute.xml" 'count(//Thread/Target/Distribution/Absolute/Range)')" -ge 2
check_eq "RandomRatio 70 kept" \
	"$(x "$T/06-random-dist-absolute.xml" 'string(//Profile//Target/RandomRatio)')" 70

r=$T/07-threads-per-file.xml
check_eq "ThreadsPerFile 3 + 1: four threads" "$(x "$r" 'string(/Results/TimeSpan/ThreadCount)')" 4
check_eq "ThreadsPerFile: threads 0-2 on a.dat" \
	"$(x "$r" "count(//TimeSpan/Thread[Target/Path='$T/a.dat'])")" 3
check_eq "ThreadsPerFile: thread 3 on b.dat" \
	"$(x "$r" 'string(//TimeSpan/Thread[Id=3]/Target/Path)')" "$T/b.dat"

r=$T/08-throughput-iops.xml
check_near "Throughput unit=IOPS 200: about 200 IOPS" \
	"$(x "$r" 'sum(//TimeSpan/Thread/Target/IOCount) div //TimeSpan/TestTimeSeconds')" 200 0.10

r=$T/09-three-timespans.xml
check_eq "three TimeSpans: the second writes only" \
	"$(x "$r" 'sum(/Results/TimeSpan[2]/Thread/Target/ReadCount)')" 0
check_eq "three TimeSpans: the second has its IOPS buckets (-D250)" \
	"$(x "$r" 'count(/Results/TimeSpan[2]/Iops)')" 1
check_eq "three TimeSpans: the third measures latency" \
	"$(x "$r" 'count(/Results/TimeSpan[3]/Latency)')" 1
check_eq "three TimeSpans: the first none" \
	"$(x "$r" 'count(/Results/TimeSpan[1]/Latency)')" 0
run_io -X"$P/09-three-timespans.xml" "$T/a.dat"
check_eq "three TimeSpans, text: exit 0" "$rc" 0
check_eq "text: three timespan blocks" "$(grep -c $'^\ttimespan:   [123]$' "$T/out")" 3
check_eq "text: Results for timespan 1, 2, 3" \
	"$(grep '^Results for timespan' "$T/out" | tr -d '\n')" \
	"Results for timespan 1:Results for timespan 2:Results for timespan 3:"
check "text: DiskSpd's Totals" grep -q '^Totals:$' "$T/out"
check "text: total test time of the three" \
	grep -Eq $'^total test time:\t(2\\.9|3\\.0)[0-9]s$' "$T/out"
run_io -X"$P/09-three-timespans.xml" -d1 -Rjson "$T/a.dat"
check_eq "several TimeSpans with -Rjson: refused (exit 2)" "$rc" 2

r=$T/10-mixed-timespans.xml
check_eq "mixed: the first TimeSpan's thread 1 drives b.dat only" \
	"$(x "$r" 'count(/Results/TimeSpan[1]/Thread[Id=1]/Target)')" 1
check_near "mixed: the second TimeSpan at 500 IOPS" \
	"$(x "$r" 'sum(/Results/TimeSpan[2]/Thread/Target/IOCount) div /Results/TimeSpan[2]/TestTimeSeconds')" 500 0.10
finish
