#!/usr/bin/env bash
# test_pages.sh - every HTML page as a browser draws it: headless Chromium
# screenshots of the run page (two targets, -D series, P99 over time),
# the page `show` re-renders from the saved JSON, the suite's
# before/after page, the one-label compare page, a compare page of one
# disk against two (its per-target section), a run whose latency steps up
# (a loop device throttled mid-run, as root) and, when the build has it,
# the sweep page.  A
# screenshot must not be blank (more than MIN_COLOURS distinct colours),
# the DOM Chromium builds must hold the numbers of the text report, and
# each page must say when, where and how it was measured.  Skipped, with
# the reason shown, when chromium is not installed.
# timeout: 400
. "$(dirname "$0")/lib.sh"

MIN_COLOURS=40
export XDG_DATA_HOME=$T/xdg	# the sweep saves each point's JSON there

if [ ! -x "$IOPROBE" ]; then
	skip "html pages" "no ioprobe binary at $IOPROBE"
	exit 77
fi
# every page is also written, by this build, in test_html, test_compare_html
# and test_sweep; how Chromium draws it does not depend on the build
plain_pass_only "html pages in chromium" "Chromium's drawing of a page does not depend on the build" ||
	exit 77
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
	skip "html pages in chromium" "chromium is not installed (scripts/deps.sh installs it for make check)"
	exit 77
fi
if ! command -v python3 >/dev/null; then
	skip "html pages in chromium" "python3 is not installed"
	exit 77
fi

# chromium PAGE ARGS...: headless, its own profile folder (other runs of
# chromium may be going on), nothing from the network.
chrome() {
	local page=$1
	shift
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
		--user-data-dir="$T/chrome" --no-first-run \
		--window-size=1200,2000 "$@" "file://$page" 2>/dev/null
}

# Distinct colours of a PNG (8-bit RGB or RGBA, as Chromium writes them).
cat >"$T/colours.py" <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n'
pos, idat, w = 8, b'', 0
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR':
        w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
        bpp = {2: 3, 6: 4}[ctype]
        assert depth == 8
    elif kind == b'IDAT':
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride = w * bpp
prev = bytearray(stride)
seen = set()
for y in range(h):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if f == 1:
            line[i] = (line[i] + a) & 255
        elif f == 2:
            line[i] = (line[i] + b) & 255
        elif f == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
            line[i] = (line[i] + pr) & 255
    if y % 4 == 0:
        for i in range(0, stride, bpp * 2):
            seen.add(bytes(line[i:i + 3]))
    prev = line
print(len(seen))
EOF

# shot NAME PAGE: a screenshot that is not blank, and the DOM in
# $T/NAME.dom.  The PNG stays in $T/NAME.png (PAGES_KEEP=DIR copies them).
shot() {
	local name=$1 page=$2 n
	rm -f "$T/$name.png"
	(cd "$T" && chrome "$page" --screenshot="$T/$name.png" >/dev/null)
	check "$name: chromium writes a screenshot" test -s "$T/$name.png"
	n=$(python3 "$T/colours.py" "$T/$name.png" 2>/dev/null || echo 0)
	check "$name: the screenshot is not blank ($n colours > $MIN_COLOURS)" \
		test "$n" -gt "$MIN_COLOURS"
	chrome "$page" --dump-dom >"$T/$name.dom"
	check "$name: chromium builds the DOM" grep -q '</html>' "$T/$name.dom"
	if [ -n "${PAGES_KEEP:-}" ]; then cp "$T/$name.png" "$PAGES_KEEP/"; fi
}

# in_dom NAME WHAT STRING...: every STRING is in the DOM of NAME.
in_dom() {
	local name=$1 what=$2 s missing=""
	shift 2
	for s in "$@"; do
		grep -qF -- "$s" "$T/$name.dom" || missing="$missing '$s'"
	done
	check "$name: $what in the DOM${missing:+ (missing:$missing)}" \
		test -z "$missing"
}

# where NAME: the when, where and how rows.
where() {
	in_dom "$1" "when, where and how" "When, where and how" \
		"$(uname -n)" "$(uname -r)" "ioprobe version"
}

# The run page: two targets, a -D series, text report on stdout.
run_io --engine=null -d2 -W0 -L -D500 -t1 -o4 -r -w30 -b4K -c4M \
	--output "html:$T/run.html" --output "json:$T/run.json" \
	"$T/a.dat" "$T/b.dat"
check_eq "run: exit status" "$rc" 0
shot run "$T/run.html"
# The per-thread I/O counts, IOPS and MiB/s of the text report's Total IO
# table are the page's per-thread table, with thousands separators.
mapfile -t nums < <(sed -n '/^Total IO$/,/^total:/p' "$T/out" |
	awk -F'|' '$1 ~ /^ *[0-9]+ *$/ { gsub(/ /, "", $3); gsub(/ /, "", $4);
		gsub(/ /, "", $5); print $3; print $4; print $5 }' |
	python3 -c "import sys
for x in sys.stdin.read().split():
    print(format(float(x), ',.2f') if '.' in x else format(int(x), ','))")
check "run: the text report has per-thread rows" test "${#nums[@]}" -ge 6
in_dom run "the text report's per-thread I/Os, MiB/s and IOPS" "${nums[@]}"
total=$(sed -n 's/^total: *[0-9]* *| *\([0-9]*\) *|.*/\1/p' "$T/out" | head -1)
in_dom run "the total I/Os with thousands separators" \
	"$(python3 -c "print(f'{${total:-0}:,} I/Os')")"
in_dom run "the charts" "IOPS over time" "MiB/s over time" \
	"IOPS over time per target" "Latency over time" "latency (log scale)"
where run
in_dom run "both targets' device and file size" "$T/a.dat" "$T/b.dat" \
	"4MiB"

# p99.py JSON: each interval's P99 of all I/Os as the page's table writes
# it (three significant figures, chart_fmt_ms's units), one a line.
cat >"$T/p99.py" <<'EOF'
import json, math, sys
r = json.load(open(sys.argv[1]))
for e in r.get('interval_percentiles', []):
    if e['target'] != -1 or e['dir'] != 'total' or not e['p99_ns']:
        continue
    ms = e['p99_ns'] / 1e6
    p = 10 ** (math.floor(math.log10(ms)) - 2)
    ms = math.floor(ms / p + 0.5) * p
    if ms >= 1000:
        print('%g s' % (ms / 1000))
    elif ms >= 1:
        print('%g ms' % ms)
    elif ms >= 0.001:
        print('%g \u00b5s' % (ms * 1000))
    else:
        print('%g ns' % (ms * 1e6))
EOF
mapfile -t p99s < <(python3 "$T/p99.py" "$T/run.json")
check "run: the JSON has a P99 for each of the 4 intervals" \
	test "${#p99s[@]}" -eq 4
in_dom run "the P99 over time chart and each interval's P99" \
	"P99 over time" "P50, P99 and max of each of the 4 intervals" \
	"${p99s[@]/#/<td>}"

# `show` draws the same page from the saved JSON.
run_io show "$T/run.json" -Rhtml
cp "$T/out" "$T/show.html"
check "show: the page re-rendered from JSON is the run's, byte for byte" \
	cmp -s "$T/show.html" "$T/run.html"

# The suite's before/after page (suite --html), and compare's one-label
# page, from a history of two short suites.
H=$T/hist/history.csv
S=(--duration 1 --warmup 0 --file-size 8M --history "$H"
	--profiles randread4k,seqread64k)
mkdir -p "$T/d" "$T/hist"
run_io suite "$T/d" --label before "${S[@]}"
check_eq "suite before: exit status" "$rc" 0
cp "$T/out" "$T/before.txt"
run_io compare --history "$H" --from before -Rhtml
cp "$T/out" "$T/one.html"
shot one "$T/one.html"
iops=$(awk '$1 == "randread4k" && $2 ~ /^[0-9,.]+$/ { print $2; exit }' \
	"$T/before.txt")
in_dom one "the suite's randread4k IOPS" "${iops:-none}"
where one

run_io suite "$T/d" --label after "${S[@]}" --html "$T/suite.html"
check_eq "suite after --html: exit status" "$rc" 0
shot suite "$T/suite.html"
mapfile -t nums < <(sed -n '/^comparison /,/^headline/p' "$T/out" |
	awk '$1 ~ /^(randread4k|seqread64k)$/ { print $2; print $4 }')
check "suite: the text comparison has both tests" test "${#nums[@]}" -eq 4
in_dom suite "the text comparison's IOPS before and after" "${nums[@]}"
in_dom suite "the charts" "MiB/s (higher is better)" \
	"randread4k: IOPS over time" "seqread64k: IOPS over time" \
	"randread4k: P99 over time" "seqread64k: P99 over time" \
	"randread4k: switches" "-b64K -s -w0 -t1 -o8"
where suite

# One folder against two (suite A B): the compare page's per-target
# section holds the text comparison's per-target IOPS.
H2=$T/hist2/history.csv
S2=(--duration 1 --warmup 0 --file-size 1M --history "$H2" --engine null
	--profiles randread4k --quiet)
mkdir -p "$T/hist2" "$T/pa" "$T/pb"
run_io suite "$T/pa" --label one "${S2[@]}"
run_io suite "$T/pa" "$T/pb" --label two "${S2[@]}"
check_eq "suite on two folders: exit status" "$rc" 0
run_io compare --history "$H2"
cp "$T/out" "$T/targets.txt"
run_io compare --history "$H2" -Rhtml
cp "$T/out" "$T/targets.html"
shot targets "$T/targets.html"
mapfile -t nums < <(sed -n '/^per target/,/^$/p' "$T/targets.txt" |
	awk '$NF ~ /\/p[ab]$/ { for (i = 1; i <= NF; i++)
		if ($i == "→") { print $(i + 1); break } }')
check "targets: the text has both targets' IOPS after" test "${#nums[@]}" -eq 2
in_dom targets "the per-target section and its IOPS" "Per target" \
	"randread4k: IOPS per target" "the target sets differ" "${nums[@]}"
where targets

# A known latency step: a loop device throttled by cgroup v1 blkio to 200
# IOPS once the first interval has ended (the --series file has its
# line).  At queue depth 8 its P99 goes from about a millisecond (a few
# on a busy machine) to 40-250 ms (the throttle's slices): the saved P99 must rise in the interval where the exact
# per-interval max (the -D series) rose, and the page must say so.
cat >"$T/step.py" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
p99 = [e['p99_ns'] for e in r['interval_percentiles']
       if e['target'] == -1 and e['dir'] == 'total']
mx = [0] * r['interval_count']
for row in r['rows']:
    for k, iv in enumerate(row['read']['intervals']):
        mx[k] = max(mx[k], iv['lat_max_ns'])
rise = next((k for k, v in enumerate(p99) if v > 30e6), -1)
jump = next((k for k, v in enumerate(mx) if v > 30e6), -1)
print(p99[0] * 4 < p99[-1], p99[-1] > 30e6, rise >= 1,
      rise in (jump, jump + 1))
print(' '.join('%.3f' % (v / 1e6) for v in p99))
EOF
step_run() {
	local blk=/sys/fs/cgroup/blkio cg mm L i
	if ! need_root || [ ! -e "$blk/blkio.throttle.read_iops_device" ]; then
		skip "latency step page" "needs root and cgroup v1 blkio"
		return
	fi
	truncate -s 64M "$T/step.img"
	if ! L=$(losetup -f --show "$T/step.img" 2>"$T/err"); then
		skip "latency step page" "losetup failed: $(cat "$T/err")"
		return
	fi
	at_exit "losetup -d $L"
	mm=$(lsblk -dno MAJ:MIN "$L" | tr -d ' ')
	cg=$blk/ioprobe-pages-$$
	mkdir "$cg" && at_exit "rmdir '$cg'"
	bash -c "echo \$\$ >'$cg/cgroup.procs'; exec '$IOPROBE' -b4K -r -w0 \
		-t1 -o8 -Sh -L -D500 -d3 -W0 --series '$T/step.csv' \
		-Rjson --output 'html:$T/step.html' '$L'" >"$T/step.json" \
		2>"$T/err" &
	for i in $(seq 200); do
		[ -f "$T/step.csv" ] && [ "$(wc -l <"$T/step.csv")" -ge 2 ] &&
			break
		sleep 0.05
	done
	echo "$mm 200" >"$cg/blkio.throttle.read_iops_device"
	wait $!
	check_eq "step: exit status" "$?" 0
	echo "$mm 0" >"$cg/blkio.throttle.read_iops_device"
	python3 "$T/step.py" "$T/step.json" >"$T/step.out" 2>&1
	check_eq "step: P99 over 30 ms last and 4x the first, rising where the max rose ($(tail -1 "$T/step.out") ms)" \
		"$(head -1 "$T/step.out")" "True True True True"
	mapfile -t p99s < <(python3 "$T/p99.py" "$T/step.json")
	shot step "$T/step.html"
	in_dom step "each interval's P99 under the P99 chart, on a log axis" \
		"P99 over time" "P99 latency (log scale)" "${p99s[@]/#/<td>}"
}
step_run

# The sweep page, when this build has `ioprobe sweep`.
if "$IOPROBE" sweep --help 2>&1 | grep -q '^usage: ioprobe sweep'; then
	run_io sweep -o1,4 -r -w0 -t1 -b4K -d1 -W0 --engine=null \
		--file-size 4M --html "$T/sweep.html" "$T/d"
	check_eq "sweep: exit status" "$rc" 0
	shot sweep "$T/sweep.html"
	mapfile -t nums < <(awk '$1 ~ /^(1|4)$/ && $2 ~ /^[0-9,.]+$/ { print $2 }' "$T/out")
	check "sweep: the text table has both points" test "${#nums[@]}" -eq 2
	in_dom sweep "the sweep table's IOPS" "${nums[@]}"
	where sweep
else
	skip "sweep page in chromium" "this build has no ioprobe sweep"
fi
finish
