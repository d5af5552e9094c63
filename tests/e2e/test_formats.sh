#!/usr/bin/env bash
# test_formats.sh - several outputs from one run (--output FORMAT:PATH),
# `ioprobe show` re-rendering them byte for byte, each format read by a
# parser independent of ioprobe (jq, python3 json/csv, xmllint), the same
# figures in all of them, atomic files, and clear refusals of bad JSON.
. "$(dirname "$0")/lib.sh"

for tool in jq python3 xmllint; do
	if ! command -v "$tool" >/dev/null; then
		skip "formats" "$tool is not installed"
		exit 77
	fi
done

f=$T/f.dat
"$IOPROBE" -c16M -d2 -W0 -b4K -r -w30 -o4 -t2 -L -D500 -Rtext \
	--output json:"$T/r.json" --output xml:"$T/r.xml" \
	--output csv:"$T/r.csv" "$f" >"$T/out.txt" 2>"$T/err"
rc=$?
check_eq "run with three --output files exits 0" "$rc" 0
if [ "$rc" -ne 0 ]; then
	sed 's/^/  stderr: /' "$T/err"
	finish
fi
check "text report on stdout" grep -q '^Total IO' "$T/out.txt"
for x in json xml csv; do
	check "r.$x written" test -s "$T/r.$x"
done
leftover=$(find "$T" -name '*.tmp.*' | wc -l)
check_eq "no temporary files left" "$leftover" 0
check "no diagnostics in the JSON" bash -c "head -c1 '$T/r.json' | grep -q '{'"
check "XML starts with <Results>" bash -c "head -n1 '$T/r.xml' | grep -qx '<Results>'"

# show: byte for byte what the run wrote
"$IOPROBE" show "$T/r.json" >"$T/show.txt" 2>"$T/show.err"
check_eq "show exits 0" "$?" 0
check "show r.json = the run's stdout, byte for byte" cmp "$T/show.txt" "$T/out.txt"
"$IOPROBE" show "$T/r.json" -Rxml >"$T/show.xml"
check "show -Rxml = r.xml, byte for byte" cmp "$T/show.xml" "$T/r.xml"
"$IOPROBE" show "$T/r.json" -Rjson >"$T/show.json"
check "show -Rjson = r.json" cmp "$T/show.json" "$T/r.json"
"$IOPROBE" show "$T/r.json" -Rcsv >"$T/show.csv"
check "show -Rcsv = r.csv" cmp "$T/show.csv" "$T/r.csv"

# independent parsers
check_eq "jq reads the schema" "$(jq -r .schema "$T/r.json")" "ioprobe-result/1"
check "python3 json loads it" python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$T/r.json"
check "xmllint parses the XML" xmllint --noout "$T/r.xml"
check "python3 csv: 29 columns in every row, 3 rows per target + 3" python3 - "$T/r.csv" <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
assert len(rows[0]) == 29 and rows[0][0] == 'label', rows[0]
assert all(len(r) == 29 for r in rows), [len(r) for r in rows]
assert len(rows) == 1 + 3 + 3, len(rows)
EOF

# The figures: text report vs XML (the DiskSpd script's way), JSON, CSV.
text_total=$(awk '/^Total IO/ {s=1} s && /^total:/ {print; exit}' "$T/out.txt")
t_iops=$(echo "$text_total" | awk -F'|' '{gsub(/ /,"",$4); print $4}')
t_mibs=$(echo "$text_total" | awk -F'|' '{gsub(/ /,"",$3); print $3}')
t_mean=$(echo "$text_total" | awk -F'|' '{gsub(/ /,"",$5); print $5}')
t_p99=$(awk '/^Total latency distribution/ {s=1} s && $1 == "99th" {
	gsub(/ /,""); n = split($0, a, "|"); print a[n]; exit }' "$T/out.txt")
check "text report figures found" test -n "$t_iops" -a -n "$t_mean" -a -n "$t_p99"

xp() { xmllint --xpath "$1" "$T/r.xml"; }
# Sum every matching element exactly (XPath sum() prints 1.2e+06).
xsum() {
	xp "/Results/TimeSpan/Thread/Target/$1/text() | /Results/TimeSpan/Thread/Target/$2/text()" |
		awk '{ s += $1 } END { printf "%.0f", s }'
}
x_time=$(xp 'string(/Results/TimeSpan/TestTimeSeconds)')
x_ios=$(xsum ReadCount WriteCount)
x_bytes=$(xsum ReadBytes WriteBytes)
x_mean=$(xp 'string(/Results/TimeSpan/Latency/AverageTotalMilliseconds)')
x_p99=$(xp 'string(/Results/TimeSpan/Latency/Bucket[Percentile="99"]/TotalMilliseconds)')
x_iops=$(awk -v n="$x_ios" -v t="$x_time" 'BEGIN {printf "%.2f", n / t}')
x_mibs=$(awk -v n="$x_bytes" -v t="$x_time" 'BEGIN {printf "%.2f", n / t / 1048576}')
# TestTimeSeconds is rounded to 0.01 s: allow that much relative error.
tol=$(awk -v t="$x_time" 'BEGIN {printf "%.6f", 0.006 / t}')
check_near "XML IOPS (script's way) = text" "$x_iops" "$t_iops" "$tol"
check_near "XML MB/s (script's way) = text" "$x_mibs" "$t_mibs" "$tol"
check_eq "XML AverageTotalMilliseconds = text AvgLat" "$x_mean" "$t_mean"
check_eq "XML p99 bucket = text 99th" "$x_p99" "$t_p99"

j_iops=$(jq -r '.totals.all.total.iops' "$T/r.json" | awk '{printf "%.2f", $1}')
j_mibs=$(jq -r '.totals.all.total.mib_s' "$T/r.json" | awk '{printf "%.2f", $1}')
read -r j_mean j_p99 < <(python3 - "$T/r.json" <<'EOF'
import json, sys
t = json.load(open(sys.argv[1]))['totals']['all']['total']
print('%.3f %.3f' % (t['latency_mean_ns'] / 1e6, t['percentiles_ns']['99'] / 1e6))
EOF
)
check_eq "JSON IOPS = text" "$j_iops" "$t_iops"
check_eq "JSON MiB/s = text" "$j_mibs" "$t_mibs"
check_eq "JSON mean = text AvgLat" "$j_mean" "$t_mean"
check_eq "JSON p99 = text 99th" "$j_p99" "$t_p99"

read -r c_iops c_mibs c_mean c_p99 < <(python3 - "$T/r.csv" <<'EOF'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    if r['target'] == '(all targets)' and r['direction'] == 'total':
        print(r['iops'], r['mib_s'], r['mean_ms'], r['p99_ms'])
EOF
)
check_eq "CSV IOPS = text" "$c_iops" "$t_iops"
check_eq "CSV MiB/s = text" "$c_mibs" "$t_mibs"
# The text rounds to 3 decimals; the CSV keeps more: equal within the
# text's half unit (rounding the CSV again could land on the other side).
near3() { awk -v c="$2" -v t="$3" 'BEGIN { d = c - t; if (d < 0) d = -d;
	exit !(d <= 0.0005 + 1e-9) }' && ok "$1 ($2 ~ $3)" || nok "$1: $2 vs $3"; }
near3 "CSV mean = text AvgLat" "$c_mean" "$t_mean"
near3 "CSV p99 = text 99th" "$c_p99" "$t_p99"
check_eq "CSV I/Os = XML I/Os" \
	"$(python3 -c "import csv,sys; print([r['ios'] for r in csv.DictReader(open(sys.argv[1])) if r['target']=='(all targets)' and r['direction']=='total'][0])" "$T/r.csv")" \
	"$x_ios"

# --output json:- puts JSON alone on stdout
run_io -c16M -d1 -W0 -b4K -r --output json:- "$f"
check_eq "--output json:- exits 0" "$rc" 0
check "--output json:- stdout is one JSON document" \
	bash -c "jq -e '.schema == \"ioprobe-result/1\"' '$T/out' >/dev/null"

# -Rjson / -Rcsv: stdout holds that format alone
run_io -c16M -d1 -W0 -b4K -r -Rjson "$f"
check "-Rjson stdout is one JSON document" \
	python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$T/out"
run_io -c16M -d1 -W0 -b4K -r -Rcsv "$f"
check "-Rcsv stdout is CSV only" python3 - "$T/out" <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
assert rows[0][:3] == ['label', 'target', 'direction'] and len(rows) == 7
assert all(len(r) == 29 for r in rows)
EOF

# A killed run leaves neither the file nor a temporary.
"$IOPROBE" -c16M -d30 -W0 -b4K -r --output json:"$T/k.json" "$f" \
	>/dev/null 2>&1 &
pid=$!
sleep 1.5
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
check "kill -9 leaves no k.json" test ! -e "$T/k.json"
check_eq "kill -9 leaves no temporary" "$(find "$T" -name 'k.json.tmp.*' | wc -l)" 0

# An --output into a missing folder: refused before the run (usage, exit 2).
run_io -c16M -d1 -W0 -b4K --output json:"$T/no/such/dir/r.json" "$f"
check_eq "unwritable --output exits 2" "$rc" 2
check "unwritable --output names the path" grep -q "$T/no/such/dir/r.json" "$T/err"

# Bad JSON: exit 2 and a clear message, never a crash.
sed 's|"ioprobe-result/1"|"ioprobe-result/2"|' "$T/r.json" >"$T/v2.json"
run_io show "$T/v2.json"
check_eq "other schema version: exit 2" "$rc" 2
check "other schema version: clear message" grep -q \
	"has schema 'ioprobe-result/2', this ioprobe reads 'ioprobe-result/1'" "$T/err"
check_eq "other schema version: nothing on stdout" "$(wc -c <"$T/out")" 0
head -c "$(($(wc -c <"$T/r.json") / 2))" "$T/r.json" >"$T/half.json"
run_io show "$T/half.json"
check_eq "truncated JSON: exit 2" "$rc" 2
check "truncated JSON: message with position" grep -q "is not valid JSON at line" "$T/err"
jq 'del(.rows[0].write.bytes)' "$T/r.json" >"$T/miss.json"
run_io show "$T/miss.json"
check_eq "missing field: exit 2" "$rc" 2
check "missing field: named" grep -q "missing field 'rows\[0\].write.bytes'" "$T/err"
run_io show "$T/nonexistent.json"
check_eq "missing file: exit 2" "$rc" 2
run_io show
check_eq "show without a file: exit 2" "$rc" 2
check_eq "show without a file: one message line" "$(wc -l <"$T/err")" 1
run_io show "$T/r.json" -Rpdf
check_eq "show with an unknown format: exit 2" "$rc" 2
check "unknown format named" grep -q "'pdf'" "$T/err"

finish
