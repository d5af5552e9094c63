#!/usr/bin/env bash
# test_compare_html.sh - the before/after page from a two-label history
# built by two short suites: `compare -Rhtml` and `suite --html` write one
# self-contained page (XML-parseable, inline SVG, no script, nothing
# fetched) with the headline, IOPS, MiB/s and P99 bars, IOPS over time,
# percentile curves, table, findings and when, where and how;
# a one-label history gives that label's page; a gone JSON result is
# noted and the page still renders.
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
	bash -c "grep -q '<th>faster ×</th>' '$T/cmp.html' && grep -Eq '<td class=\"(good|bad|flat)\">(faster|slower|no clear change|mixed)</td>' '$T/cmp.html'"
check "findings for both labels" \
	bash -c "grep -q 'Findings for .before&lt;&amp;&gt;.' '$T/cmp.html' && grep -q 'Findings for .after.' '$T/cmp.html'"
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
finish
