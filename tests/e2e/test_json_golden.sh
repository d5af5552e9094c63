#!/usr/bin/env bash
# test_json_golden.sh - result files saved by earlier builds stay readable
# and exact: `ioprobe show F.json -Rjson` gives F.json back byte for byte
# (key order, shortest exact doubles, null for NaN, 64-bit integers,
# \u00XX escapes), and the text and XML reports shown from it are the
# ones those builds showed.  The files in json_golden/ are real runs: two
# targets with -D intervals, a -rdpct distribution, a -F pool with -a,
# -Z, --label and --output, and a --continue-on-error run whose writes
# failed with ENOSPC.
. "$(dirname "$0")/lib.sh"

G=$(dirname "$0")/json_golden
n=0
for j in "$G"/*.json; do
	b=$(basename "$j" .json)
	n=$((n + 1))
	"$IOPROBE" show "$j" -Rjson >"$T/$b.json" 2>"$T/err"
	check_eq "$b: show -Rjson exits 0" "$?" 0
	check "$b: show -Rjson gives the file back byte for byte" \
		cmp "$j" "$T/$b.json"
	"$IOPROBE" show "$j" >"$T/$b.txt" 2>"$T/err"
	check "$b: text report as saved" cmp "$G/$b.txt" "$T/$b.txt"
	"$IOPROBE" show "$j" -Rxml >"$T/$b.xml" 2>"$T/err"
	check "$b: XML report as saved" cmp "$G/$b.xml" "$T/$b.xml"
	# read back what it wrote: the second generation is the same
	"$IOPROBE" show "$T/$b.json" -Rjson 2>"$T/err" |
		cmp -s - "$j"
	check_eq "$b: a file written by show reads back the same" "$?" 0
done
check_eq "four golden result files" "$n" 4
finish
