#!/usr/bin/env bash
# test_compare_html.sh - the before/after page from a two-label history
# built by two short suites: `compare -Rhtml` and `suite --html` write one
# self-contained page (XML-parseable, inline SVG, no script, nothing
# fetched) with the headline, IOPS, MiB/s and P99 bars, IOPS over time,
# percentile curves, table, findings and when, where and how;
# a one-label history gives that label's page; a gone JSON result is
# noted and the page still renders.  One disk against two (suite A B):
# the per-target section, in the page, the text, CSV and JSON, says the
# target sets differ; a single-target page has none.
. "$(dirname "$0")/lib.sh"

H=$T/hist/history.csv
S=(--duration 1 --warmup 0 --file-size 16M --history "$H"
	--profiles randread4k,seqread64k)
mkdir -p "$T/d" "$T/hist"	# an explicit --history needs its folder

run_io suite "$T/d" --label 'before<&>' "${S[@]}" --html "$T/one.html"
check_eq "first suite with --html exits 0" "$rc" 0
check "one-label page written" test -s "$T/one.html"
check "suite names the page" grep -q "report: $T/one.html (this run as a page)" "$T/out"
check "one-label page parses as XML" xmllint --noout "$T/one.html"
check "one-label page names the label, escaped" \
	grep -q "Storage benchmark: 'before&lt;&amp;&gt;'" "$T/one.html"
check "one-label page says how to get a comparison" grep -q -- '--label after' "$T/one.html"

run_io suite "$T/d" --label after "${S[@]}" --html "$T/two.html"
check_eq "second suite with --html exits 0" "$rc" 0
check "suite page is the comparison" grep -q "report: $T/two.html (the comparison as a page)" "$T/out"
check "no temporary page left" bash -c "! ls '$T' | grep -q 'two.html.tmp'"

run_io compare --history "$H" -Rhtml
check "compare -Rhtml exits 0 or 3 (got $rc$(grep -o 'not comparable[^<]*' "$T/out" | head -1 | sed 's/^/: /'))" \
	bash -c "[ $rc = 0 ] || [ $rc = 3 ]"
cp "$T/out" "$T/cmp.html"
check "page parses as XML (xmllint)" xmllint --noout "$T/cmp.html"
# Two runs of the same tmpfs folder may differ or not: both headlines are
# right, and the page must carry one of them.
check "headline judges each test by its metric, or no clear change" \
	grep -Eq '<h1>([12] of 2 tests (faster|slower)(, 1 slower)?: .*(randread4k IOPS ×[0-9.]+|seqread64k MiB/s ×[0-9.]+)|no clear change from .* in all 2 tests)' "$T/cmp.html"
bars=$(xmllint --xpath 'count(//*[local-name()="rect"][@class="bar"])' "$T/cmp.html")
check_eq "a bar per test, label and metric (IOPS, MiB/s, P99)" "$bars" 12
PCT='count(//*[local-name()="svg"][not(@aria-label)]//*[local-name()="polyline"])'
TIME='count(//*[local-name()="svg"][contains(@aria-label,"IOPS over time")]//*[local-name()="polyline"])'
curves=$(xmllint --xpath "$PCT" "$T/cmp.html")
check_eq "percentile curves from the saved histograms" "$curves" 4
lines=$(xmllint --xpath "$TIME" "$T/cmp.html")
check_eq "IOPS over time, before and after overlaid per test" "$lines" 4
check "MiB/s bars" grep -q '<h2>MiB/s (higher is better)</h2>' "$T/cmp.html"
check "when, where and how: host, kernel, version per label" \
	bash -c "grep -q '<h2>When, where and how</h2>' '$T/cmp.html' &&
		grep -q '<tr><td>kernel</td><td>$(uname -s)' '$T/cmp.html' &&
		grep -q '<tr><td>ioprobe version</td><td>' '$T/cmp.html'"
check "each test's switches and date" \
	bash -c "grep -q '<tr><td>randread4k: switches</td><td><code>ioprobe -b4K -r -w0 -t4 -o32' '$T/cmp.html' &&
		grep -Eq '<tr><td>seqread64k: date</td><td>[0-9]{4}/[0-9]{2}/[0-9]{2} ' '$T/cmp.html'"
check "file size from the saved results" \
	grep -q '<tr><td>file size</td><td>16MiB</td>' "$T/cmp.html"
check "table with factors and verdicts" \
	bash -c "grep -q '<th>P99 change</th>' '$T/cmp.html' && grep -Eq '<td class=\"(good|bad|flat)\">(faster|slower|no clear change|mixed)</td>' '$T/cmp.html'"
check "findings for both labels" \
	bash -c "grep -q 'Findings for .before&lt;&amp;&gt;.' '$T/cmp.html' && grep -q 'Findings for .after.' '$T/cmp.html'"
check "a P99 factor under 1 is never labelled faster" \
	bash -c "! grep -Eq '×0\.[0-9]+ faster|faster ×0\.' '$T/cmp.html'"
check "label escaped everywhere" bash -c "! grep -q 'before<&>' '$T/cmp.html'"
check "no script, nothing fetched" \
	bash -c "! grep -Eqi '<script|src=\"http|href=\"http|<link ' '$T/cmp.html'"
check "suite page equals compare's" cmp -s "$T/two.html" "$T/cmp.html"

# A gone JSON result: said once, the page still renders with fewer curves.
first=$(python3 -c "
import csv; print([r for r in csv.DictReader(open('$H'))][0]['json'])")
rm -f "$T/hist/$first"
run_io compare --history "$H"
check "gone JSON result noted once" \
	bash -c "[ \$(grep -c 'saved JSON result is unreadable' '$T/out') = 1 ]"
run_io compare --history "$H" -Rhtml
check "page without one JSON parses" xmllint --noout "$T/out"
curves=$(xmllint --xpath "$PCT" "$T/out")
check_eq "one curve fewer" "$curves" 3
lines=$(xmllint --xpath "$TIME" "$T/out")
check_eq "one IOPS-over-time line fewer" "$lines" 3
check "a single-target page has no per-target section" \
	bash -c "! grep -q 'Per target' '$T/cmp.html'"

# One disk, then the same profile on it and a second one (null engine:
# the figures do not matter, the breakdown does).
H2=$T/hist2/history.csv
S2=(--duration 1 --warmup 0 --file-size 1M --history "$H2" --engine null
	--profiles randread4k --quiet)
mkdir -p "$T/hist2" "$T/disk-a" "$T/disk-b"
run_io suite "$T/disk-a" --label one "${S2[@]}"
check_eq "suite on one folder exits 0" "$rc" 0
run_io suite "$T/disk-a" "$T/disk-b" --label two "${S2[@]}"
check_eq "suite on two folders exits 0" "$rc" 0
run_io compare --history "$H2" -Rhtml
cp "$T/out" "$T/targets.html"
check "two-target page parses as XML" xmllint --noout "$T/targets.html"
check_eq "one per-target section" "$(grep -c '<h2>Per target</h2>' "$T/targets.html")" 1
IOPS_T='count(//*[local-name()="svg"][@aria-label="randread4k: IOPS per target"]//*[local-name()="rect"][@class="bar"])'
check_eq "IOPS bars: disk-a before and after, disk-b after, all targets both" \
	"$(xmllint --xpath "$IOPS_T" "$T/targets.html")" 5
check "P99 bars per target" \
	grep -q 'aria-label="randread4k: P99 latency per target"' "$T/targets.html"
check "the table names both folders" \
	bash -c "grep -q '>$T/disk-a</td>' '$T/targets.html' && grep -q '>$T/disk-b</td>' '$T/targets.html'"
check "the page says the target sets differ" \
	grep -q "the target sets differ: 'one' ran on 1 target, 'two' on 2" "$T/targets.html"
run_io compare --history "$H2"
check "text: per-target rows after the table" \
	bash -c "grep -q '^per target (newest run of each label):' '$T/out' &&
		grep -Eq '^randread4k +0 +[0-9,.]+ → [0-9,.]+ \(×[0-9.]+\) .* $T/disk-a\$' '$T/out' &&
		grep -Eq '^ +1 +– → [0-9,.]+ .* $T/disk-b\$' '$T/out'"
check "text: the main table's row is unchanged" \
	grep -Eq '^randread4k   [0-9,.]+ → [0-9,.]+ \(×[0-9.]+( \[[0-9.]+-[0-9.]+\])?\) ' "$T/out"
run_io compare --history "$H2" -Rcsv
check "csv: a target column, the test's row and one per target" \
	bash -c "head -1 '$T/out' | grep -q ',differences,target\$' &&
		[ \$(grep -c '^randread4k,one,two,' '$T/out') = 3 ] &&
		grep -q ',all\$' '$T/out' && grep -q ',$T/disk-b\$' '$T/out'"
run_io compare --history "$H2" -Rjson
check "json: targets per test, a missing one is null" \
	bash -c "jq -e '.tests[0].targets | length == 2 and .[1].from == null and (.[1].to.name | endswith(\"/disk-b\"))' '$T/out' >/dev/null &&
		jq -e '.tests[0].targets_differ' '$T/out' >/dev/null"
finish
