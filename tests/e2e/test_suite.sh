#!/usr/bin/env bash
# test_suite.sh - ioprobe suite end to end: plan, summary, history rows
# with the right columns, saved JSON results, the test file removed, the
# comparison on a second label, SIGINT/SIGTERM cleanup, ENOSPC on a small
# tmpfs, and the mounted filesystems listed for a missing PATH.
. "$(dirname "$0")/lib.sh"

H=$T/hist/history.csv
S=(--duration 1 --warmup 0 --file-size 16M --history "$H")
mkdir -p "$T/d" "$T/hist"	# an explicit --history needs its folder

run_io suite "$T/d" --label before "${S[@]}"
check_eq "suite exits 0" "$rc" 0
check "plan names the profiles and the file" \
	grep -q "3 tests on $T/d/ioprobe-suite-.*\.dat (16 MiB" "$T/out"
check "summary has a row per test" \
	bash -c "grep -Eq '^randread4k +[0-9,.]+ ' '$T/out' && grep -Eq '^mixed8k ' '$T/out' && grep -Eq '^seqread64k ' '$T/out'"
check "findings printed" grep -q '^findings:' "$T/out"
check "history path printed" grep -q "history: 3 rows appended to $H" "$T/out"
check_eq "test file deleted" "$(ls "$T/d" | wc -l)" 0
# The null engine completes in ioprobe's own loop (a median of 0.1 us):
# no finding may be drawn from that, neither a cache nor a tail stall.
# Its two PATHs share one disk, which the device column names once.
mkdir -p "$T/dn" "$T/dn2"
run_io suite "$T/dn" "$T/dn2" --label null --engine null \
	--profiles latency4k --duration 1 --warmup 0 --file-size 16M \
	--history "$T/hist/null.csv"
check_eq "null engine suite exits 0" "$rc" 0
check "null engine suite draws no finding" \
	bash -c "grep -A1 '^findings:' '$T/out' | tail -n1 | \
		grep -q '^  - nothing stands out'"
dev=$(python3 -c "import csv, sys; print(list(csv.DictReader(open(sys.argv[1])))[0]['device'])" "$T/hist/null.csv")
check "two PATHs on one disk: device column '$dev' names it once" \
	bash -c "[ -n '$dev' ] && [ '$dev' = '${dev%%+*}' ]"
python3 - "$H" >"$T/py" 2>&1 <<'PY'
import csv, json, os, sys
h = sys.argv[1]
with open(h, newline='') as f:
    rows = list(csv.reader(f))
rows = [r for r in rows if r]
hdr = rows[0]
assert hdr[:4] == ['timestamp', 'host', 'label', 'test'], hdr
assert len(hdr) == 25 and hdr[-6:] == ['json', 'engine', 'fill', 'ranks', 'figure', 'window_iops'], hdr
data = [dict(zip(hdr, r)) for r in rows[1:]]
assert all(len(r) == 25 for r in rows), [len(r) for r in rows]
assert [d['test'] for d in data] == ['randread4k', 'mixed8k', 'seqread64k']
for d in data:
    assert d['label'] == 'before'
    assert float(d['iops']) > 0 and float(d['p99_ms']) >= float(d['p50_ms'])
    # behind an apostrophe: a spreadsheet must not run '-b...' as a formula
    assert d['cmdline'].startswith("'-b"), d['cmdline']
    assert int(d['file_size']) == 16 << 20
    assert d['engine'] in ('io_uring', 'libaio', 'sync'), d['engine']
    assert d['fill'] == 'new pattern', d['fill']
    assert d['ranks'] == '1', d['ranks']
    j = json.load(open(os.path.join(os.path.dirname(h), d['json'])))
    assert j.get('schema', '').startswith('ioprobe-result/'), j.get('schema')
m = data[1]
assert abs(float(m['write_pct']) - 30) < 5, m['write_pct']
print('rows ok')
PY
check "history rows have the 25 columns and saved JSON (python csv)" \
	grep -q 'rows ok' "$T/py"
[ -s "$T/py" ] && grep -v 'rows ok' "$T/py" | head -5

# One label only: said plainly, its summary and findings once, exit 0.
run_io compare --history "$H"
check_eq "one-label compare exits 0" "$rc" 0
check "one-label compare says so" \
	grep -q "the history holds one label, 'before': run \`ioprobe suite PATH --label after\` after your change, then compare" "$T/out"
check "one-label compare shows no arrows or x1.00" bash -c "! grep -Eq '→|×1\.00' '$T/out'"
check_eq "one-label findings printed once" "$(grep -c "^findings for 'before':" "$T/out")" 1
check "one-label summary row" grep -Eq '^randread4k +[0-9,.]+ ' "$T/out"
run_io compare --history "$T/none.csv"
check_eq "missing history is a usage error" "$rc" 2
check "missing history: clear message" \
	grep -q "no runs in history '$T/none.csv': run \`ioprobe suite PATH --label before\` first" "$T/err"
echo "$(head -1 "$H")" >"$T/empty.csv"
run_io compare --history "$T/empty.csv"
check_eq "empty history is a usage error" "$rc" 2

run_io suite "$T/d" --label after --profiles randread4k,seqread64k "${S[@]}"
check_eq "second suite exits 0" "$rc" 0
check "second label prints the comparison" \
	grep -q "comparison 'before' → 'after' (2 tests" "$T/out"
check "comparison row with factors" \
	grep -Eq '^randread4k +[0-9,.]+ → [0-9,.]+ \(×[0-9.]+( \[[0-9.]+-[0-9.]+\])?\)' "$T/out"
hl=$(grep '^headline: ' "$T/out")
echo "# $hl"
check "headline judges every test by its metric" bash -c "
	grep -Eq '^headline: (no clear change from .before. to .after. in all 2 tests|[12] of 2 tests (faster|slower))' <<<\"\$1\" &&
	grep -Eq 'randread4k IOPS' <<<\"\$1\" &&
	grep -Eq 'seqread64k MiB/s' <<<\"\$1\"" _ "$hl"

run_io compare --history "$H" -Rcsv
check_eq "compare exit status is 0 or 3" "$([ "$rc" = 0 ] || [ "$rc" = 3 ]; echo $?)" 0
check "compare -Rcsv has a row per common test" \
	bash -c "[ \$(grep -c '^randread4k,before,after,' '$T/out') = 1 ] && [ \$(grep -c '^seqread64k,' '$T/out') = 1 ]"
run_io compare --history "$H" -Rjson
check "compare -Rjson parses" bash -c "jq -e '.tests | length == 2' '$T/out' >/dev/null"
run_io compare --history "$H" --from nosuch
check_eq "unknown label is a usage error" "$rc" 2
check "unknown label message lists the labels" \
	grep -q "unknown label 'nosuch': history '$H' holds 'before', 'after'" "$T/err"
run_io compare --history "$H" --from after --to after
check_eq "--from X --to X exits 0" "$rc" 0
check "--from X --to X says so" grep -q "name the same label, 'after'" "$T/out"
check_eq "--from X --to X: findings once" "$(grep -c "^findings for 'after':" "$T/out")" 1
run_io compare --history "$H"
check "a test under one label only is named" grep -q "^only in 'before': mixed8k" "$T/out"

# Signals mid-suite: no test file, no partial row, status 128+N.
for sig in INT TERM; do
	rows_before=$(grep -c . "$H")
	"$IOPROBE" suite "$T/d" --label sig "${S[@]}" --duration 3 \
		>"$T/out" 2>"$T/err" &
	pid=$!
	sleep 1.5
	kill -s $sig $pid
	wait $pid
	rc=$?
	want=$((128 + $(kill -l $sig)))
	check_eq "SIG$sig mid-suite exits $want" "$rc" "$want"
	check_eq "SIG$sig leaves no test file" "$(ls "$T/d" | wc -l)" 0
	check "SIG$sig: no row for the interrupted test" \
		bash -c "[ \$(grep -c ',sig,' '$H') -le 1 ] && [ \$(grep -c . '$H') -le \$(( $rows_before + 1 )) ]"
	python3 -c "
import csv,sys
rows=[r for r in csv.reader(open('$H')) if r]
sys.exit(0 if all(len(r)==25 for r in rows) else 1)" &&
		ok "SIG$sig: every history row whole" || nok "SIG$sig: torn row"
	sed -i '/,sig,/d' "$H"
done

# Missing PATH: say so and list mounted filesystems.
run_io suite "$T/nope/deeper" --label x "${S[@]}"
check_eq "missing PATH is a usage error" "$rc" 2
check "missing PATH is named" grep -q "'$T/nope/deeper' does not exist" "$T/err"
check "mounted filesystems listed" grep -q "^mounted filesystems:" "$T/err"
check "the root filesystem is among them" grep -Eq ' /$' "$T/err"

# An existing file is never taken over.
echo keep >"$T/d/mine"
run_io suite "$T/d/mine" --label x "${S[@]}"
check_eq "existing file refused (usage error)" "$rc" 2
check_eq "existing file untouched" "$(cat "$T/d/mine")" keep
rm -f "$T/d/mine"

run_io suite "$T/d" --label x --profiles nosuch "${S[@]}"
check_eq "unknown profile is a usage error" "$rc" 2

# ENOSPC on a small tmpfs: a clear message and nothing left behind.
if ! need_root; then
	skip "ENOSPC on a small tmpfs" "needs root to mount a tmpfs"
else
	mkdir -p "$T/small"
	if mount -t tmpfs -o size=8m tmpfs "$T/small"; then
		at_exit "unmount '$T/small'"
		run_io suite "$T/small" --label full "${S[@]}"
		check_eq "ENOSPC: suite fails" "$rc" 1
		check "ENOSPC: clear message" \
			grep -q "not enough free space in '$T/small'" "$T/err"
		check_eq "ENOSPC: nothing left behind" "$(ls -A "$T/small" | wc -l)" 0
		check "ENOSPC: no history row" bash -c "! grep -q ',full,' '$H'"
	else
		skip "ENOSPC on a small tmpfs" "mount -t tmpfs failed"
	fi
fi
finish
