#!/usr/bin/env bash
# test_html.sh - -Rhtml and --output html:PATH on a short null-engine run:
# a self-contained page with the charts that parses with xmllint (as XML,
# and as HTML with no complaint beyond the SVG element names libxml2's
# HTML 4 parser does not know).
. "$(dirname "$0")/lib.sh"

if [ ! -x "$IOPROBE" ]; then
	skip "html report" "no ioprobe binary at $IOPROBE"
	exit 77
fi
if ! command -v xmllint >/dev/null; then
	skip "html report" "xmllint is not installed"
	exit 77
fi

F="$T/a<b>&c.dat"
run_io --engine=null -Rhtml -d2 -W0 -L -D500 -t2 -o4 -r -w30 -b4K -c4M "$F"
check_eq "-Rhtml: exit status" "$rc" 0
cp "$T/out" "$T/page.html"
check "-Rhtml: starts with a doctype" grep -q '^<!DOCTYPE html>' "$T/page.html"
check_eq "-Rhtml: five charts (latency, IOPS, MiB/s, P99 and latency over time)" \
	"$(grep -c '<svg ' "$T/page.html")" 5
check "-Rhtml: MiB/s over time beside IOPS" \
	bash -c "grep -q 'aria-label=\"IOPS over time\"' '$T/page.html' &&
		grep -q 'aria-label=\"MiB/s over time\"' '$T/page.html'"
check "-Rhtml: log scale named on the latency axis" \
	grep -q '>latency (log scale)</text>' "$T/page.html"
check "-Rhtml: when, where and how" \
	bash -c "grep -q '<h2>When, where and how</h2>' '$T/page.html' &&
		grep -q '<tr><td>kernel</td><td>$(uname -s)' '$T/page.html' &&
		grep -q '<tr><td>  file size</td><td>4MiB</td>' '$T/page.html' &&
		grep -q '<tr><td>switches</td><td><code>' '$T/page.html'"
check "-Rhtml: parses as XML" xmllint --noout "$T/page.html"
xmllint --html --noout "$T/page.html" 2>"$T/lint"
check_eq "-Rhtml: xmllint --html status" "$?" 0
check_eq "-Rhtml: no HTML error beyond SVG element names" \
	"$(grep 'error' "$T/lint" | grep -vcE 'Tag (svg|line|text|polyline|circle) invalid')" 0
check "-Rhtml: the path is escaped" grep -qF 'a&lt;b&gt;&amp;c.dat' "$T/page.html"
check "-Rhtml: the raw path never appears" \
	test "$(grep -cF 'a<b>&c' "$T/page.html")" -eq 0
check "-Rhtml: no script, no external resource" \
	test "$(grep -ciE '<script|src=|href=' "$T/page.html")" -eq 0
check "-Rhtml: IOPS headline" grep -q '<div class="k">IOPS</div>' "$T/page.html"

# The page's IOPS headline agrees with the text report of the same kind
# of run (the null engine differs run to run, so only its presence and
# magnitude are checked): positive and not absurd.
iops=$(sed -n 's/.*<div class="k">IOPS<\/div><div class="v">\([0-9,]*\) .*/\1/p' \
	"$T/page.html" | tr -d ,)
check "-Rhtml: IOPS headline is a positive number ($iops)" \
	test "${iops:-0}" -gt 1000

run_io --engine=null --output "html:$T/r.html" -d1 -W0 -L -c4M "$F"
check_eq "--output html: exit status" "$rc" 0
check "--output html: text report still on stdout" \
	grep -q '^Total IO$' "$T/out"
check "--output html: file written" grep -q '<svg ' "$T/r.html"
check "--output html: no temporary file left" \
	test "$(find "$T" -name 'r.html?*' | wc -l)" -eq 0
finish
