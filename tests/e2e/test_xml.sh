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
check "-Rpxml did not create the target" test ! -e "$T/io.dat"
run_io -Rpxml -X"$T/p1.xml"
check_eq "-Rpxml -X of it exits 0" "$rc" 0
check "command line -> -Rpxml -> -X -> -Rpxml is identical" \
	cmp -s "$T/p1.xml" "$T/out"

run_io -Rpxml -b64K -s -si -w0 -t2 -o8 -T0 -Su -B4K -f1G -g100i -n "$T/s.dat"
cp "$T/out" "$T/p2.xml"
run_io -Rpxml -X"$T/p2.xml"
check "sequential interlocked profile round-trips" cmp -s "$T/p2.xml" "$T/out"

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
finish
