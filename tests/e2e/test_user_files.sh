#!/usr/bin/env bash
# test_user_files.sh - the user's files and streams are safe: every
# subcommand that writes stdout fails (exit 1, "cannot write ... to
# stdout") on /dev/full, with -Rjson and -Rcsv too; a --history that is a
# text file or a symbolic link is refused before anything runs, its bytes
# unchanged (sha256) and no results/ folder made; a label over 127 bytes
# is refused, never cut; an =HYPERLINK(...) label is written behind an
# apostrophe in history.csv, -Rcsv and compare -Rcsv, and read back whole;
# a history holding invalid UTF-8 gives JSON that jq parses, with U+FFFD;
# a --series or a suite JSON that cannot be saved leaves no empty file.
. "$(dirname "$0")/lib.sh"

sha() { sha256sum "$1" | cut -d' ' -f1; }
truncate -s 8M "$T/t.dat"
mkdir "$T/s"
SU=(suite "$T/s" --engine null --duration 1 --warmup 0 --file-size 4M
	--profiles randread4k)
RUN=(--engine=null -d1 -W0 -b4K)

# ---- stdout on /dev/full, every subcommand
full() {	# DESC ARGS...: exit 1 with the message, on /dev/full
	local d=$1
	shift
	"$IOPROBE" "$@" >/dev/full 2>"$T/err"
	rc=$?
	check_eq "$d > /dev/full: exit 1" "$rc" 1
	check "$d > /dev/full: says it cannot write to stdout" \
		grep -q "^ioprobe: error: cannot write .* to stdout: " "$T/err"
}
full "run" "${RUN[@]}" "$T/t.dat"
full "run -Rjson" "${RUN[@]}" -Rjson "$T/t.dat"
full "suite" "${SU[@]}" --history "$T/full.csv" --label a
full "suite -Rjson" "${SU[@]}" --history "$T/full.csv" --label b -Rjson
full "suite -Rcsv" "${SU[@]}" --history "$T/full.csv" --label c -Rcsv
full "sweep" sweep -b4K,8K "${RUN[@]:0:3}" --history "$T/full.csv" "$T/t.dat"
full "sweep -Rjson" sweep -b4K,8K "${RUN[@]:0:3}" --history "$T/full.csv" -Rjson "$T/t.dat"
full "compare" compare --history "$T/full.csv" --from a --to b
full "compare -Rjson" compare --history "$T/full.csv" --from a --to b -Rjson
full "compare -Rcsv" compare --history "$T/full.csv" --from a --to b -Rcsv
"$IOPROBE" "${RUN[@]}" --output=json:"$T/r.json" "$T/t.dat" >/dev/null 2>&1
full "show" show "$T/r.json"
full "--help" --help
full "suite --help" suite --help

# ---- a history that is not one
printf 'my notes about the disks\nsecond line\n' >"$T/notes.txt"
before=$(sha "$T/notes.txt")
mkdir "$T/n"
cp "$T/notes.txt" "$T/n/notes.txt"
"$IOPROBE" "${SU[@]}" --history "$T/n/notes.txt" --label x >"$T/out" 2>"$T/err"
check_eq "suite --history TEXT: exit 2" "$?" 2
check "suite --history TEXT: says it is not a history" \
	grep -q "^ioprobe: error: refusing to append to history '$T/n/notes.txt': it is not an ioprobe history" "$T/err"
check_eq "suite --history TEXT: the file's bytes unchanged" "$(sha "$T/n/notes.txt")" "$before"
check "suite --history TEXT: no results/ folder, no test file" \
	test "$(ls -A "$T/n")" = notes.txt -a -z "$(ls -A "$T/s")"
run_io sweep -b4K,8K "${RUN[@]:0:3}" --history "$T/n/notes.txt" --label x "$T/t.dat"
check_eq "sweep --history TEXT: exit 2" "$rc" 2
check_eq "sweep --history TEXT: the file's bytes unchanged" "$(sha "$T/n/notes.txt")" "$before"

# ---- a history reached through a symbolic link
"$IOPROBE" "${SU[@]}" --history "$T/real.csv" --label first >/dev/null 2>&1
ln -s "$T/real.csv" "$T/link.csv"
before=$(sha "$T/real.csv")
run_io "${SU[@]}" --history "$T/link.csv" --label x
check_eq "suite --history LINK: exit 2" "$rc" 2
check "suite --history LINK: says it is a symbolic link" \
	grep -q "^ioprobe: error: refusing to append to history '$T/link.csv': it is a symbolic link" "$T/err"
check_eq "suite --history LINK: the history's bytes unchanged" "$(sha "$T/real.csv")" "$before"

# ---- labels: whole or refused
long=$(printf 'l%.0s' $(seq 200))
run_io "${SU[@]}" --history "$T/real.csv" --label "$long"
check_eq "a 200-byte label: exit 2" "$rc" 2
check "a 200-byte label: says at most 127 bytes" \
	grep -q "^ioprobe: error: invalid --label '.*': expected at most 127 bytes$" "$T/err"
check_eq "a 200-byte label: the history unchanged" "$(sha "$T/real.csv")" "$before"
l127=$(printf 'é%.0s' $(seq 63))x
run_io "${SU[@]}" --history "$T/real.csv" --label "$l127"
check_eq "a 127-byte label: exit 0" "$rc" 0
run_io compare --history "$T/real.csv" --from first --to "$l127"
check "a 127-byte label: compare finds it whole" test "$rc" -ne 2

# ---- formulas: written so a spreadsheet does not run them
hl='=HYPERLINK("http://example.invalid/x","click")'
"$IOPROBE" "${SU[@]}" --history "$T/f.csv" --label "$hl" -Rcsv >"$T/rows.csv" 2>"$T/err"
check_eq "=HYPERLINK label: the suite runs" "$?" 0
cell=$(python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
print(rows[1][rows[0].index("label")])' "$T/f.csv")
check_eq "=HYPERLINK label: history.csv holds it behind an apostrophe" "$cell" "'$hl"
cell=$(python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
print(rows[1][rows[0].index("label")])' "$T/rows.csv")
check_eq "=HYPERLINK label: suite -Rcsv holds it behind an apostrophe" "$cell" "'$hl"
check "=HYPERLINK label: no cell of history.csv starts with = + - @" \
	python3 -c 'import csv, sys
for row in csv.reader(open(sys.argv[1])):
    for c in row:
        if c[:1] in ("=", "+", "-", "@"):
            sys.exit(1)' "$T/f.csv"
"$IOPROBE" "${SU[@]}" --history "$T/f.csv" --label after >/dev/null 2>&1
run_io compare --history "$T/f.csv" --from "$hl" --to after -Rcsv
check "=HYPERLINK label: compare reads the label back whole" test "$rc" -ne 2
cell=$(python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
print(rows[1][rows[0].index("from")])' "$T/out")
check_eq "=HYPERLINK label: compare -Rcsv writes it behind an apostrophe" "$cell" "'$hl"
run_io compare --history "$T/f.csv" --from "$hl" --to after -Rjson
check_eq "=HYPERLINK label: compare -Rjson gives the label as typed" \
	"$(jq -r '.from' "$T/out")" "$hl"

# ---- invalid UTF-8 in a history: JSON stays JSON
python3 - "$T/real.csv" "$T/bad8.csv" <<'PY'
import sys
data = open(sys.argv[1], "rb").read().split(b"\n")
row = data[1].replace(b",first,", b",bad\xc3(\xff,", 1)
open(sys.argv[2], "wb").write(b"\n".join([data[0], row, data[1]]) + b"\n")
PY
run_io compare --history "$T/bad8.csv" --from $'bad\xc3(\xff' --to first -Rjson
check_eq "invalid UTF-8 label: compare -Rjson exit 0" "$rc" 0
check "invalid UTF-8 label: jq parses the JSON" quiet jq -e . "$T/out"
check_eq "invalid UTF-8 label: the bad bytes are U+FFFD" \
	"$(jq -r '.from' "$T/out")" "bad�(�"

# ---- no empty file left by a refusal
if need_root && mkdir "$T/full" &&
	mount -t tmpfs -o size=64k ioprobe-user-files-$$ "$T/full" 2>/dev/null; then
	at_exit "unmount '$T/full'"
	head -c 65536 /dev/zero >"$T/full/filler" 2>/dev/null
	run_io "${RUN[@]}" --series="$T/full/s.csv" "$T/t.dat"
	check_eq "--series on a full disk: exit 2" "$rc" 2
	check "--series on a full disk: no empty file left" test ! -e "$T/full/s.csv"
	run_io "${SU[@]}" --history "$T/full/h.csv" --label x
	check_eq "suite, JSON result on a full disk: the test fails (exit 1)" "$rc" 1
	check "suite, JSON result on a full disk: said" \
		grep -q "^ioprobe: error: randread4k: the JSON result was not saved: .*No space left on device: no history row written for it$" "$T/err"
	check "suite, JSON result on a full disk: no empty history" test ! -e "$T/full/h.csv"
else
	skip "no empty file on a full disk" "needs root to mount a tmpfs"
fi
# a results/ that is a file: the JSON cannot be saved, the test fails
mkdir "$T/r" && : >"$T/r/results"
run_io "${SU[@]}" --history "$T/r/h.csv" --label x
check_eq "suite, results/ is a file: exit 1" "$rc" 1
check "suite, results/ is a file: no history row" test ! -e "$T/r/h.csv"
finish
