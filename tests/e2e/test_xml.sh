#!/usr/bin/env bash
# test_xml.sh - DiskSpd XML results (-Rxml) and profiles (-X, -Rpxml):
# shape, well-formedness, the widely shared PowerShell script's numbers
# against the text report of the same run, bad profiles, round trips.
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$0")/profiles" && pwd)

command -v xmllint >/dev/null || { skip "xml" "xmllint not installed"; exit 77; }

x() { xmllint --xpath "$2" "$1" 2>/dev/null; }
# xsum FILE XPATH: exact sum of the text of the selected elements
# (xmllint prints large numbers with 6 digits only).
xsum() {
	xmllint --xpath "$2" "$1" 2>/dev/null | tr -s ' \n' '\n\n' |
		awk '{ s += $1 } END { printf "%.0f\n", s }'
}

W="-b4K -d1 -W0 -r -w30 -o4 -t2 -Sh -L -D100 -c16M"

# --- -Rxml on stdout: the document's shape --------------------------------
run_io $W -Rxml "$T/f.dat"
check_eq "-Rxml run exits 0" "$rc" 0
check_eq "first line is exactly <Results>" "$(head -n1 "$T/out")" "<Results>"
check_eq "ends with </Results> and no newline" "$(tail -c 10 "$T/out")" \
	"</Results>"
check "xmllint finds it well-formed" xmllint --noout "$T/out"
check_eq "no XML declaration" "$(grep -c '<?xml' "$T/out")" 0
check_eq "2-space indent: System at level 1" "$(sed -n 2p "$T/out")" \
	"  <System>"
check_eq "ResultFormat in the profile says xml" \
	"$(x "$T/out" 'string(/Results/Profile/ResultFormat)')" xml
check_eq "108 latency buckets" \
	"$(x "$T/out" 'count(/Results/TimeSpan/Latency/Bucket)')" 108
check_eq "percentile labels 0, 99.9, 99.9999999, 100 present" \
	"$(x "$T/out" 'count(//Latency/Bucket[Percentile="0" or Percentile="99.9" or Percentile="99.9999999" or Percentile="100"])')" 4
check_eq "two Thread elements" "$(x "$T/out" 'count(/Results/TimeSpan/Thread)')" 2
check_eq "ThreadCount 2" "$(x "$T/out" 'string(/Results/TimeSpan/ThreadCount)')" 2
nb=$(x "$T/out" 'count(/Results/TimeSpan/Iops/Bucket)')
check "-D100 over 1 s gives 9 or 10 IOPS buckets (got $nb)" \
	test "$nb" -ge 9 -a "$nb" -le 10
check_eq "first IOPS bucket at 100 ms" \
	"$(x "$T/out" 'string(/Results/TimeSpan/Iops/Bucket[1]/@SampleMillisecond)')" 100
check_eq "IopsStdDev per Thread/Target too" \
	"$(x "$T/out" 'count(//Thread/Target/Iops/IopsStdDev)')" 2
check_eq "no Linux element inside Thread/Target" \
	"$(x "$T/out" 'count(//Thread/Target/Device)')" 0
check_eq "device facts per target in System/Linux, keyed by path" \
	"$(x "$T/out" "count(/Results/System/Linux/Target[Path='$T/f.dat']/LogicalBlockSize)")" 1
check_eq "per-run facts of each thread in TimeSpan/Linux/Target" \
	"$(x "$T/out" "count(/Results/TimeSpan/Linux/Target[Path='$T/f.dat']/Thread/AchievedQueueDepth)")" 2
ni=$(x "$T/out" 'count(/Results/TimeSpan/Linux/IntervalPercentiles/Interval)')
check "-L -D100 over 1 s: 9 or 10 TimeSpan/Linux/IntervalPercentiles/Interval (got $ni)" \
	test "$ni" -ge 9 -a "$ni" -le 10
check "-L -D: each busy interval has its P99" \
	test "$(x "$T/out" 'count(//IntervalPercentiles/Interval/P99Milliseconds)')" -ge 1
check "Linux Kernel element in System" \
	test -n "$(x "$T/out" 'string(/Results/System/Linux/Kernel)')"
check_eq "IOCount = ReadCount + WriteCount" \
	"$(x "$T/out" 'sum(//Thread/Target/IOCount) - sum(//Thread/Target/ReadCount) - sum(//Thread/Target/WriteCount)')" 0

# --- one run, text on stdout and XML in a file: the script's numbers -----
run_io $W --output "xml:$T/r.xml" "$T/f.dat"
check_eq "text + --output xml run exits 0" "$rc" 0
if [ ! -s "$T/r.xml" ]; then
	nok "--output xml:FILE wrote $T/r.xml"
else
	secs=$(x "$T/r.xml" 'string(/Results/TimeSpan/TestTimeSeconds)')
	ios=$(( $(xsum "$T/r.xml" '//Thread/Target/ReadCount/text()') +
		$(xsum "$T/r.xml" '//Thread/Target/WriteCount/text()') ))
	bytes=$(( $(xsum "$T/r.xml" '//Thread/Target/ReadBytes/text()') +
		  $(xsum "$T/r.xml" '//Thread/Target/WriteBytes/text()') ))
	avg=$(x "$T/r.xml" 'string(/Results/TimeSpan/Latency/AverageTotalMilliseconds)')
	p99=$(x "$T/r.xml" 'string(/Results/TimeSpan/Latency/Bucket[Percentile=99]/TotalMilliseconds)')
	iops=$(awk -v n="$ios" -v s="$secs" 'BEGIN { printf "%.2f", n / s }')
	mbs=$(awk -v b="$bytes" -v s="$secs" 'BEGIN { printf "%.2f", b / 1048576 / s }')

	# the text report's "total:" row of Total IO, and its 99th row
	tot=$(awk '/^Total IO/ { f = 1 } f && /^total:/ { print; exit }' "$T/out")
	t_bytes=$(echo "$tot" | awk -F'|' '{ sub(/total:/, "", $1); print $1 + 0 }')
	t_ios=$(echo "$tot" | awk -F'|' '{ print $2 + 0 }')
	t_mbs=$(echo "$tot" | awk -F'|' '{ print $3 + 0 }')
	t_iops=$(echo "$tot" | awk -F'|' '{ print $4 + 0 }')
	t_avg=$(echo "$tot" | awk -F'|' '{ gsub(/ /, "", $5); print $5 }')
	t_p99=$(awk '/^Total latency distribution/ { f = 1 }
		f && $1 == "99th" { gsub(/ /, "", $0); split($0, a, "|"); print a[4]; exit }' "$T/out")

	check_eq "I/Os from XML = text total I/Os" "$ios" "$t_ios"
	check_eq "bytes from XML = text total bytes" "$bytes" "$t_bytes"
	# TestTimeSeconds is rounded to 0.01 s: 0.5 % of a 1 s run
	check_near "IOPS the script's way ~ text I/O per s" "$iops" "$t_iops" 0.006
	check_near "MB/s the script's way ~ text MiB/s" "$mbs" "$t_mbs" 0.006
	check_eq "AverageTotalMilliseconds = text AvgLat" "$avg" "$t_avg"
	check_eq "Bucket[Percentile=99] = text 99th total" "$p99" "$t_p99"
fi

# --- escaping: a path with & < > ' in it ---------------------------------
odd="$T/a&b<c>'d.dat"
run_io -b4K -d1 -W0 -o1 -c1M -Rxml "$odd"
check_eq "run on an odd path exits 0" "$rc" 0
check "results with an odd path are well-formed" xmllint --noout "$T/out"
check_eq "Path text reads back unchanged" \
	"$(x "$T/out" 'string(//Thread[1]/Target/Path)')" "$odd"

# --- -Rpxml -> -X round trip ----------------------------------------------
run_io -Rpxml -b8K -d60 -h -L -o2 -t4 -r -w30 -c100M -D250 -z7 -Z1M "$T/io.dat"
check_eq "-Rpxml exits 0" "$rc" 0
cp "$T/out" "$T/p1.xml"
check_eq "-Rpxml starts with <Profile> at indent 0" "$(head -n1 "$T/p1.xml")" \
	"<Profile>"
check "-Rpxml output is well-formed" xmllint --noout "$T/p1.xml"
check_xsd "-Rpxml output validates against DiskSpd's schema" "$T/p1.xml"
check "-Rpxml did not create the target" test ! -e "$T/io.dat"
run_io -Rpxml -X"$T/p1.xml"
check_eq "-Rpxml -X of it exits 0" "$rc" 0
check "command line -> -Rpxml -> -X -> -Rpxml is identical" \
	cmp -s "$T/p1.xml" "$T/out"

run_io -Rpxml -b64K -si -w0 -t2 -o8 -Su -B4K -f1G -g100i -n "$T/s.dat"
cp "$T/out" "$T/p2.xml"
check_eq "sequential interlocked profile: exit 0" "$rc" 0
run_io -Rpxml -X"$T/p2.xml"
check "sequential interlocked profile round-trips" cmp -s "$T/p2.xml" "$T/out"
check_xsd "sequential interlocked profile validates" "$T/p2.xml"

# --- -Rpxml goldens: command lines, the fuzz corpus, every reader message --
# xmlprofile/golden/ holds the output, messages and exit status of each
# case as written before the element table rework (xmlprofile/golden.sh).
G="$(cd "$(dirname "$0")/xmlprofile" && pwd)"
mkdir -p "$T/golden"
bash "$G/golden.sh" "$IOPROBE" "$T/golden"
for f in "$G"/golden/*.out; do
	n=$(basename "$f" .out)
	if cmp -s "$f" "$T/golden/$n.out"; then ok "golden $n"
	else nok "golden $n: $(diff "$f" "$T/golden/$n.out" | head -n 4)"; fi
done
check_eq "as many cases as goldens" "$(ls "$T/golden" | wc -l)" \
	"$(ls "$G/golden" | wc -l)"
# each command line's profile reads back into the same profile
for f in "$G"/golden/cmd-*.out; do
	n=$(basename "$f" .out)
	sed '/^--- stderr$/,$d' "$f" >"$T/g.xml"
	run_io -Rpxml -X"$T/g.xml"
	check "$n: -X of its -Rpxml writes it again" cmp -s "$T/g.xml" "$T/out"
	[ -s "$T/g.xml" ] && check_xsd "$n: its -Rpxml validates" "$T/g.xml"
done
# the <Profile> of -Rxml is -Rpxml's, one level deeper, ResultFormat xml
run_io --engine=null -d1 -W0 -c64K -b4K -r -w20 -t2 -o2 -a0 -Zr -g100i \
	-Rpxml "$T/pr.dat"
sed -e 's/^/  /' -e 's|<ResultFormat>.*<|<ResultFormat>xml<|' "$T/out" \
	>"$T/want.xml"
run_io --engine=null -d1 -W0 -c64K -b4K -r -w20 -t2 -o2 -a0 -Zr -g100i \
	-Rxml "$T/pr.dat"
sed -n '/^  <Profile>$/,/^  <\/Profile>$/p' "$T/out" >"$T/got.xml"
check "-Rxml <Profile> = -Rpxml indented, ResultFormat xml" \
	cmp -s "$T/want.xml" "$T/got.xml"
check_xsd "the <Profile> of -Rxml validates" "$T/got.xml"

# --- templates --------------------------------------------------------------
run_io -Rpxml -X"$P/template.xml"
check_eq "-Rp keeps template paths" "$rc" 0
check_eq "template path printed as *1" "$(x "$T/out" 'string(//Target/Path)')" "*1"
run_io -Rpxml -X"$P/template.xml" "$T/t.dat"
check_eq "template replaced by the command-line target" \
	"$(x "$T/out" 'string(//Target/Path)')" "$T/t.dat"
run_io -X"$P/template.xml" "$T/t.dat"
check_eq "a run from a template profile exits 0" "$rc" 0
check_eq "its results (profile asks for xml) name the target" \
	"$(x "$T/out" 'string(//Thread[1]/Target/Path)')" "$T/t.dat"
check_eq "and report latency (MeasureLatency)" \
	"$(x "$T/out" 'count(/Results/TimeSpan/Latency/Bucket)')" 108
run_io -X"$P/template.xml" "$T/t.dat" "$T/u.dat"
check_eq "unused substitution: exit 2" "$rc" 2
check "unused substitution names the target" grep -q "unused target '$T/u.dat'" "$T/err"
run_io -X"$P/template.xml"
check_eq "unsubstituted template in a run: exit 2" "$rc" 2
check "message names line 12 and *1" grep -q "template.xml:12: template path '\*1'" "$T/err"

# --- bad profiles: exit 2, file:line and the element ----------------------
bad_profile() {	# FILE EXPECTED-MESSAGE-PART
	run_io -X"$P/$1" "$T/b.dat"
	check_eq "$1: exit 2" "$rc" 2
	if grep -qF "$2" "$T/err"; then ok "$1: message '$2'"
	else nok "$1: message: got '$(cat "$T/err")', want '$2'"; fi
	check "$1: nothing created" test ! -e "$T/b.dat"
}
bad_profile unknown-element.xml "unknown-element.xml:8: unknown element <QueueDepth> in <Target>"
bad_profile out-of-range.xml "out-of-range.xml:7: invalid <WriteRatio> '130': expected an integer from 0 to 100"
bad_profile random-and-stride.xml "random-and-stride.xml:8: <Random> and <StrideSize> in one <Target>"
bad_profile truncated.xml "truncated.xml:7: malformed XML"
run_io -X"$T/missing.xml" "$T/b.dat"
check_eq "missing profile: exit 2" "$rc" 2
check "missing profile: says why" grep -q "cannot read profile" "$T/err"

# -rd: each Thread/Target carries the effective ranges (holes IO="0"),
# covering the whole 100 KiB target.
rm -f "$T/rd.dat"
"$IOPROBE" --engine=null -b4K -d1 -W0 -t1 -r -rdpct10/10:10/10:0/10:80/70 \
	-Rxml -c100K "$T/rd.dat" >"$T/rd.xml" 2>/dev/null
check_eq "-rd: ranges in Thread/Target" "$(xmllint --xpath \
	'count(//Thread/Target/Distribution/Absolute/Range)' "$T/rd.xml")" 4
check_eq "-rd: range bytes cover the target" "$(xmllint --xpath \
	'sum(//Thread/Target/Distribution/Absolute/Range)' "$T/rd.xml")" 102400
check_eq "-rd: hole has IO 0" "$(xmllint --xpath \
	'string(//Thread/Target/Distribution/Absolute/Range[3]/@IO)' "$T/rd.xml")" 0
# DiskSpd places -rdpct ranges on aligned offsets: 10 % of 100 KiB ends
# at 8 KiB, not 10240 bytes
check_eq "-rd: ranges rounded down to the 4 KiB alignment, as DiskSpd" \
	"$(xmllint --xpath '//Thread/Target/Distribution/Absolute/Range/text()' \
		"$T/rd.xml" | tr '\n' ' ')" "8192 12288 8192 73728 "

# -rdabs cut by the end of the target: DiskSpd 2.2's XML keeps each
# range's stated I/O share (10 20 30, the unreachable 40 % tail dropped);
# only its text report renormalises them (16.7 33.3 50.0)
rm -f "$T/rda.dat"
"$IOPROBE" --engine=null -b4K -d1 -W0 -t1 -r -rdabs10/50k:20/10k:30/1G \
	-Rxml -c100K "$T/rda.dat" >"$T/rda.xml" 2>/dev/null
check_eq "-rdabs truncated: the stated I/O shares, as DiskSpd's XML" \
	"$(xmllint --xpath '//Thread/Target/Distribution/Absolute/Range/@IO' \
		"$T/rda.xml" | tr -dc '0-9 ')" " 10 20 30"
check_eq "-rdabs truncated: range bytes" \
	"$(xmllint --xpath '//Thread/Target/Distribution/Absolute/Range/text()' \
		"$T/rda.xml" | tr '\n' ' ')" "51200 10240 40960 "

# --- DiskSpd's profile elements: -Zr, -x, -vs, the -rdpct tail ----------
run_io -Rpxml -Zr -w50 -x -vs "$T/z.dat"
cp "$T/out" "$T/z.xml"
check_xsd "-Rpxml -Zr -x -vs validates" "$T/z.xml"
check_eq "-Zr: RandomWriteData under TimeSpan" \
	"$(x "$T/z.xml" 'string(/Profile/TimeSpans/TimeSpan/RandomWriteData)')" true
check_eq "-Zr: no RandomWriteData in a Target" \
	"$(x "$T/z.xml" 'count(//Target/RandomWriteData)')" 0
check_eq "-x: CompletionRoutines true" \
	"$(x "$T/z.xml" 'string(//TimeSpan/CompletionRoutines)')" true
check_eq "-vs: VerboseStats true" \
	"$(x "$T/z.xml" 'string(/Profile/VerboseStats)')" true
check_eq "-vs: Verbose false (DiskSpd's -vs is not -v)" \
	"$(x "$T/z.xml" 'string(/Profile/Verbose)')" false
run_io -Rpxml -X"$T/z.xml"
check "-Zr -x -vs profile round-trips" cmp -s "$T/z.xml" "$T/out"
run_io -Rpxml -r -rdpct90/10:0/10 "$T/z.dat"
cp "$T/out" "$T/rdp.xml"
check_xsd "-rdpct90/10:0/10 validates" "$T/rdp.xml"
check_eq "-rdpct90/10:0/10: the tail range spans the rest, 80" \
	"$(x "$T/rdp.xml" 'string(//Distribution/Percent/Range[3])')/$(x "$T/rdp.xml" 'string(//Distribution/Percent/Range[3]/@IO)')" 80/10
run_io -Rpxml -r -rdpct90/10 "$T/z.dat"
check_eq "-rdpct90/10: <Range IO=\"10\">90</Range>" \
	"$(grep -c '<Range IO="10">90</Range>' "$T/out")" 1

# a DiskSpd-valid profile: RandomWriteData in the TimeSpan, explicit tail
check_xsd "zr-timespan.xml is DiskSpd-valid" "$P/zr-timespan.xml"
run_io -Rptext -X"$P/zr-timespan.xml" "$T/zt.dat"
check_eq "-X of TimeSpan/RandomWriteData: exit 0" "$rc" 0
check "-X of TimeSpan/RandomWriteData: writes random data (-Zr)" \
	grep -q "generating random data for each write IO" "$T/out"
run_io -Rpxml -X"$P/zr-timespan.xml" "$T/zt.dat"
check_eq "-X then -Rpxml keeps RandomWriteData under TimeSpan" \
	"$(x "$T/out" 'string(/Profile/TimeSpans/TimeSpan/RandomWriteData)')" true
check_eq "-X then -Rpxml keeps the tail span 90" \
	"$(grep -c '<Range IO="10">90</Range>' "$T/out")" 1
run_io --engine=null -X"$P/zr-timespan.xml" "$T/zt.dat"
check_eq "a run of the DiskSpd-valid profile exits 0" "$rc" 0

# --- DiskSpd's Target profile goldens, byte for byte ----------------------
Gd="$(cd "$(dirname "$0")/../diskspd-golden" && pwd)"
for c in no-limit:"-Sh" iops:"-Sh -g1000i" bpms:"-Sh -g1000"; do
	n=${c%%:*}
	# shellcheck disable=SC2086
	"$IOPROBE" -Rpxml ${c#*:} testfile1.dat 2>/dev/null |
		sed -n '/^        <Target>$/,/^        <\/Target>$/p' |
		sed 's/^        //' >"$T/tg.xml"
	check "golden xml-target-profile-$n: Target byte for byte" \
		cmp -s "$T/tg.xml" "$Gd/xml-target-profile-$n.expected.xml"
done

# --- the results read the way a generic consumer reads them --------------
run_io --engine=null -b4K -d1 -W0 -t2 -o2 -w30 -L -c1M -Rxml "$T/gc.dat"
check_eq "generic consumer: run exits 0" "$rc" 0
cat >"$T/consumer.py" <<'PY'
import sys
import xml.etree.ElementTree as ET
text = open(sys.argv[1]).read()
assert text.split("\n", 1)[0] == "<Results>", "first line is not <Results>"
root = ET.fromstring(text)
n = 0
for tt in root.iter("Thread"):
    for tg in tt.findall("Target"):
        for child in tg:
            if child.tag == "Path":
                continue
            float(child.text)	# raises on anything but a number
            n += 1
assert n > 0, "no Thread/Target children"
lat = root.find("TimeSpan/Latency")
p = {float(b.find("Percentile").text): b for b in lat.findall("Bucket")}
float(p[99.0].find("TotalMilliseconds").text)
float(p[99.9].find("ReadMilliseconds").text)
print("ok", n)
PY
check "generic consumer: every Thread/Target child is a number, Latency/Bucket by Percentile" \
	quiet python3 "$T/consumer.py" "$T/out"
run_io --engine=null -b4K -d1 -W0 -t1 -o2 -D200 -c1M -Rxml "$T/gc.dat"
cat >"$T/iops.py" <<'PY'
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
b = root.findall("TimeSpan/Iops/Bucket")
assert b, "no Iops/Bucket"
for e in b:
    int(e.get("SampleMillisecond"))
    for k in ("Read", "Write", "Total", "ReadMinLatencyMilliseconds",
              "WriteLatencyStdDev"):
        float(e.get(k))
PY
check "generic consumer: Iops/Bucket attributes are numbers" \
	python3 "$T/iops.py" "$T/out"

# --- a faked topology: two sockets, two nodes, SMT siblings apart --------
S="$T/sysfs-x10xml"
mkdir -p "$S/devices/system/cpu" "$S/devices/system/node/node0" \
	"$S/devices/system/node/node1"
echo 0-7 >"$S/devices/system/cpu/online"
for c in 0 1 2 3 4 5 6 7; do
	mkdir -p "$S/devices/system/cpu/cpu$c/topology"
	echo $((c / 4)) >"$S/devices/system/cpu/cpu$c/topology/physical_package_id"
	echo $((c % 2)) >"$S/devices/system/cpu/cpu$c/topology/core_id"
done
echo 0-3 >"$S/devices/system/node/node0/cpulist"
echo 4-7 >"$S/devices/system/node/node1/cpulist"
IOPROBE_TEST_SYSFS="$S" run_io --engine=null -b4K -d1 -W0 -c64K \
	--output "json:$T/topo.json" --output "xml:$T/topo.xml" "$T/tp.dat"
check_eq "faked topology: run exits 0" "$rc" 0
check_eq "CPU table header gains Socket, Node and Core" \
	"$(grep -m1 'CPU |  Usage' "$T/out")" \
	"Socket | Node | Core | CPU |  Usage |  User  | Kernel |  Idle"
rule=$(awk '/CPU \|  Usage/ { getline; print length($0); exit }' "$T/out")
check_eq "CPU table rule: 40 + 9 + 7 + 7 dashes" "$rule" 63
check "CPU rows: %7u| %5u| %5u| before the CPU number" \
	grep -Eq '^      0\|     0\|     0\|    0\| ' "$T/out"
check "avg. row indented by the prefix width (23)" \
	grep -Eq '^ {23}avg\.\| ' "$T/out"
check_eq "ProcessorTopology: 2 nodes, 2 sockets, 4 cores" \
	"$(x "$T/topo.xml" 'count(//ProcessorTopology/Node)') $(x "$T/topo.xml" 'count(//ProcessorTopology/Socket)') $(x "$T/topo.xml" 'count(//ProcessorTopology/Core)')" "2 2 4"
check_eq "Node 1 holds CPUs 4-7" \
	"$(x "$T/topo.xml" 'string(//ProcessorTopology/Node[@Node=1]/Group/@Mask)')" 0xf0
check_eq "SMT siblings 0 and 2 share core 0" \
	"$(x "$T/topo.xml" 'string(//ProcessorTopology/Core[@Core=0]/@Mask)')" 0x5
check_eq "Core 3 is CPUs 5 and 7" \
	"$(x "$T/topo.xml" 'string(//ProcessorTopology/Core[@Core=3]/@Mask)')" 0xa0
check_eq "ProcessorTopology children in DiskSpd's order" \
	"$(sed -n '/<ProcessorTopology/,/<\/ProcessorTopology>/p' "$T/topo.xml" |
		sed -n 's/^      <\([A-Za-z][A-Za-z]*\).*/\1/p' | uniq | tr '\n' ' ')" \
	"Group Node Socket Core "
"$IOPROBE" show "$T/topo.json" -Rxml >"$T/topo2.xml" 2>/dev/null
check "show re-renders the XML with its topology byte for byte" \
	cmp -s "$T/topo.xml" "$T/topo2.xml"
"$IOPROBE" show "$T/topo.json" >"$T/topo2.txt" 2>/dev/null
check_eq "show re-renders the CPU table header" \
	"$(grep -m1 'CPU |  Usage' "$T/topo2.txt")" \
	"Socket | Node | Core | CPU |  Usage |  User  | Kernel |  Idle"
# the real machine (no test hook) with one socket and no SMT keeps
# DiskSpd's plain table
run_io --engine=null -b4K -d1 -W0 -c64K "$T/tp.dat"
if [ "$(grep -m1 'CPU |  Usage' "$T/out")" = "CPU |  Usage |  User  | Kernel |  Idle" ]; then
	ok "plain CPU table on this host"
else
	ok "this host has SMT or several sockets: $(grep -m1 'CPU |  Usage' "$T/out")"
fi
# -Rpxml keeps what DiskSpd writes: <ETW> from -e, <PrecreateFiles> from a
# profile, -O without -F as RequestCount (DiskSpd keeps it, unused)
"$IOPROBE" -Rpxml -eDISK_IO -ep -O4 '*1' >"$T/etw.xml" 2>/dev/null
check_eq "-Rpxml -eDISK_IO: <ETW><DiskIO>true" \
	"$(x "$T/etw.xml" 'string(/Profile/ETW/DiskIO)')" true
check_eq "-Rpxml -ep: <ETW><UsePagedMemory>true" \
	"$(x "$T/etw.xml" 'string(/Profile/ETW/UsePagedMemory)')" true
check_eq "-Rpxml -O4 without -F: RequestCount 4" \
	"$(x "$T/etw.xml" 'string(//TimeSpan/RequestCount)')" 4
check_xsd "-Rpxml with <ETW> validates" "$T/etw.xml"
sed 's|<Verbose>false</Verbose>|&\n  <PrecreateFiles>CreateOnlyFilesWithConstantSizes</PrecreateFiles>|' \
	"$T/etw.xml" >"$T/pre.xml"
"$IOPROBE" -Rpxml -X"$T/pre.xml" >"$T/pre2.xml" 2>"$T/err"
check "-X with <ETW> and <PrecreateFiles>: -Rpxml gives it back" \
	cmp -s "$T/pre.xml" "$T/pre2.xml"
check_xsd "<PrecreateFiles> profile validates" "$T/pre2.xml"
check "-X <ETW>: a warning that nothing is traced" grep -q 'nothing is traced' "$T/err"

finish
