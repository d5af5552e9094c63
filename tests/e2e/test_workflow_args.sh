#!/usr/bin/env bash
# test_workflow_args.sh - bad arguments of `ioprobe suite` and `ioprobe
# compare`: exit 2 and exactly one stderr line naming the argument (a
# missing PATH may add the mount list), nothing created; --help prints the
# usage on stdout with exit 0; a badly damaged history names two lines and
# counts the rest.  Every subcommand reads its long options as a run does
# (--opt=VALUE and --opt VALUE), and a missing value, an unknown option,
# an abbreviation or a value given to a flag is exactly one line, exit 2.
. "$(dirname "$0")/lib.sh"

mkdir -p "$T/d" "$T/h"
mkfifo "$T/fifo"
echo keep >"$T/file"
G=$(cd "$(dirname "$0")" && pwd)/bad_input/good.csv
SU=(suite "$T/d" --duration 1 --warmup 0 --file-size 1M --history "$T/h/h.csv")

# refused RC MESSAGE ARGS...: exit RC, one stderr line holding MESSAGE,
# nothing written in $T/d or $T/h
refused() {
	local want=$1 msg=$2
	shift 2
	run_io "$@"
	local what="${*:1:1} ... ${*: -1}"
	what=${what:0:80}
	check_eq "$what: exit $want" "$rc" "$want"
	check_eq "$what: one stderr line" "$(wc -l <"$T/err")" 1
	check "$what: says \"$msg\"" grep -qF -- "$msg" "$T/err"
	check "$what: nothing created" \
		test -z "$(ls -A "$T/d"; ls -A "$T/h")"
}

refused 2 "ioprobe: error: missing PATH: expected a folder on the disk under test (see 'ioprobe suite --help')" suite
run_io suite --help
check_eq "suite --help: exit 0" "$rc" 0
check "suite --help: usage on stdout" grep -q '^usage: ioprobe suite PATH' "$T/out"
refused 2 "'$T/file' already exists" suite "$T/file"
refused 2 "'$T/fifo' already exists" suite "$T/fifo"
refused 2 ": file name too long (" \
	suite "$T/d/$(printf 'a%.0s' $(seq 4998))"
run_io suite "$T/missing/deeper"
check_eq "suite in a missing folder: exit 2" "$rc" 2
check "suite in a missing folder: names it" \
	grep -qF "'$T/missing/deeper' does not exist" "$T/err"
refused 2 "invalid --profiles 'randread4k,': empty profile name" \
	"${SU[@]}" --profiles 'randread4k,'
refused 2 "invalid --profiles 'randread4k, ,mixed8k': empty profile name" \
	"${SU[@]}" --profiles 'randread4k, ,mixed8k'
refused 2 "invalid --expect 'iops=1,iops=2': a key is given twice" \
	"${SU[@]}" --expect iops=1,iops=2
refused 2 "invalid --history '$T/missing/h.csv': folder '$T/missing' does not exist" \
	"${SU[@]}" --history "$T/missing/h.csv"
check "suite --history in a missing folder: not created" test ! -e "$T/missing"
refused 2 "invalid --label 'a\\nb': control characters are not allowed" \
	"${SU[@]}" --label $'a\nb'
refused 2 "invalid --label 'a\\x1b[31m': control characters are not allowed" \
	"${SU[@]}" --label $'a\x1b[31m'

refused 2 "ioprobe: error: missing value for '--history'" compare --history
refused 2 "ioprobe: error: missing value for '--from'" compare --history "$G" --from
refused 2 "ioprobe: error: missing value for '--to'" compare --history "$G" --to
refused 2 "ioprobe: error: invalid format '-Rbogus': expected -Rtext, -Rcsv, -Rjson or -Rhtml" \
	compare --history "$G" -Rbogus
refused 2 "ioprobe: error: invalid format '-R':" compare --history "$G" -R
refused 2 "ioprobe: error: unknown option '--bogus'" compare --history "$G" --bogus
refused 2 "ioprobe: error: unexpected argument 'extra'" compare --history "$G" extra
refused 2 "history '$T/fifo' is not a regular file (a FIFO)" compare --history "$T/fifo"
refused 2 "history '/dev/null' is not a regular file" compare --history /dev/null
run_io compare --help
check_eq "compare --help: exit 0" "$rc" 0
check "compare --help: usage on stdout" grep -q '^usage: ioprobe compare' "$T/out"

# exact RC LINE ARGS...: exit RC, stderr exactly LINE, nothing created
exact() {
	local want=$1 line=$2
	shift 2
	run_io "$@"
	local what="${*:1:1} ${*:2:1} ... ${*: -1}"
	what=${what:0:80}
	check_eq "$what: exit $want" "$rc" "$want"
	check_eq "$what: the one line" "$(cat "$T/err")" "$line"
	check "$what: nothing created" \
		test -z "$(ls -A "$T/d"; ls -A "$T/h")"
}
E="ioprobe: error:"
exact 2 "$E missing value for '--label': expected --label LABEL or --label=LABEL" \
	suite "$T/d" --label
exact 2 "$E missing value for '--duration': expected --duration S or --duration=S" \
	suite "$T/d" --duration --warmup 0
exact 2 "$E invalid --label '': expected LABEL, not an empty value" \
	suite "$T/d" --label=
exact 2 "$E unknown option '--bogus': see 'ioprobe suite --help'" \
	suite "$T/d" --bogus
exact 2 "$E unknown option '--bogus=1': see 'ioprobe suite --help'" \
	suite "$T/d" --bogus=1
exact 2 "$E unknown option '--lab=x': did you mean '--label'?" \
	suite "$T/d" --lab=x
exact 2 "$E unknown option '--profile': did you mean '--profiles' or '--profile-file'?" \
	suite "$T/d" --profile x
exact 2 "$E option '--keep-file' takes no value: '--keep-file=yes'" \
	suite "$T/d" --keep-file=yes
exact 2 "$E invalid --engine 'bogus': expected io_uring, libaio, sync or null" \
	suite "$T/d" --engine=bogus
exact 2 "$E invalid --engine 'bogus': expected io_uring, libaio, sync or null" \
	suite "$T/d" --engine bogus
exact 2 "$E invalid --duration '0': expected whole seconds, 1 or more" \
	suite "$T/d" --duration=0
exact 2 "$E invalid --file-size '1K': expected a size of 1M or more, such as 256M or 4G" \
	suite "$T/d" --file-size 1K
exact 2 "$E invalid format '-Rxml': expected -Rtext, -Rcsv or -Rjson" \
	suite "$T/d" -Rxml
# the = form reaches the same checks as the space form
for form in "--history=$T/missing/h.csv" "--history $T/missing/h.csv"; do
	# shellcheck disable=SC2086
	exact 2 "$E invalid --history '$T/missing/h.csv': folder '$T/missing' does not exist" \
		suite "$T/d" $form
done

exact 2 "$E missing value for '--from': expected --from LABEL or --from=LABEL" \
	compare --history "$G" --from
exact 2 "$E missing value for '--from': expected --from LABEL or --from=LABEL" \
	compare --history="$G" --from --to x
exact 2 "$E invalid --to '': expected LABEL, not an empty value" \
	compare --history "$G" --to=
exact 2 "$E unknown option '--bogus': see 'ioprobe compare --help'" \
	compare --history "$G" --bogus
exact 2 "$E unknown option '--fro': did you mean '--from'?" \
	compare --history "$G" --fro before
run_io compare --history "$G"
cp "$T/out" "$T/space.out"
run_io compare --history="$G"
check_eq "compare --history=FILE: exit 0" "$rc" 0
check "compare --history=FILE: as --history FILE" cmp -s "$T/out" "$T/space.out"
run_io compare --history "$G" --from nosuch
want=$(cat "$T/err")
run_io compare --history "$G" --from=nosuch
check_eq "compare --from=LABEL: read as --from LABEL" "$(cat "$T/err")" "$want"

exact 2 "$E unknown option '--bogus': see 'ioprobe show --help'" \
	show x.json --bogus
exact 2 "$E option '--help' takes no value: '--help=1'" show --help=1
run_io show --help
check_eq "show --help: exit 0" "$rc" 0

# the run's own options: the same parser
exact 2 "$E missing value for '--engine': expected --engine NAME or --engine=NAME" \
	--engine
exact 2 "$E unknown option '--eng=sync': did you mean '--engine'?" \
	--eng=sync -d1 "$T/d/f"

# a suite with every valued option in the = form, and --engine
run_io suite "$T/d" --duration=1 --warmup=0 --file-size=1M \
	--profiles=latency4k --engine=sync --label=eq --history="$T/h/h.csv"
check_eq "suite with --opt=VALUE: exit 0" "$rc" 0
check "suite --engine=sync: the test runs on sync" \
	grep -q -- "-D1000 --engine=sync" "$T/out"
check "suite --label=eq: the history row's label" \
	grep -q ",eq,latency4k," "$T/h/h.csv"
check "suite: its test file removed" test -z "$(ls -A "$T/d")"
rm -rf "${T:?}/h/"*

# sweep: its own options in both forms; the run's long options pass on
SW=(sweep -b4K,8K -d1 -W0 --engine=null --history "$T/h/h.csv" "$T/d")
exact 2 "$E missing value for '--slo': expected --slo P99:T or --slo=P99:T" \
	"${SW[@]}" --slo
exact 2 "$E invalid --slo 'P50:1ms': expected P99:TIME such as P99:5ms, P99:800us or P99:1s" \
	"${SW[@]}" --slo=P50:1ms
exact 2 "$E invalid --slo 'P50:1ms': expected P99:TIME such as P99:5ms, P99:800us or P99:1s" \
	"${SW[@]}" --slo P50:1ms
exact 2 "$E unknown option '--bogus': see 'ioprobe sweep --help'" \
	"${SW[@]}" --bogus
exact 2 "$E unknown option '--sl=1': did you mean '--slo'?" "${SW[@]}" --sl=1
exact 2 "$E option '--quiet' takes no value: '--quiet=1'" "${SW[@]}" --quiet=1
exact 2 "$E invalid --engine 'bogus': expected io_uring, libaio, sync or null" \
	sweep -b4K,8K -d1 "$T/d" --engine bogus
exact 2 "$E missing value for '--batch': expected --batch N or --batch=N" \
	sweep -b4K,8K -d1 --batch
f=$T/sw.dat
truncate -s 1M "$f"
run_io sweep -b4K,8K -d1 -W0 --batch 2 --quiet "$f" --engine null \
	--label=sw --history="$T/h/h.csv"
check_eq "sweep --opt=VALUE, --opt VALUE, --engine after the target: exit 0" "$rc" 0
check_eq "sweep --label=sw: a history row per point" \
	"$(grep -c ',sw,sweep-b' "$T/h/h.csv")" 2
check_eq "sweep --engine null after the target: every point on null" \
	"$(grep -c -- '--batch 2 --engine null .*sw.dat' "$T/h/h.csv")" 2
rm -rf "${T:?}/h/"* "$f"

# 30 damaged lines: two named, 28 counted
{ cat "$G"; for i in $(seq 30); do echo "bad,line,$i"; done; } >"$T/many.csv"
run_io compare --history "$T/many.csv"
check_eq "damaged history: exit 0" "$rc" 0
check_eq "damaged history: three stderr lines" "$(wc -l <"$T/err")" 3
check_eq "damaged history: two lines named" \
	"$(grep -c "history '$T/many.csv' line [0-9]*: skipped a damaged line" "$T/err")" 2
check "damaged history: the rest counted" \
	grep -qx "ioprobe: warning: history '$T/many.csv': 28 more damaged lines skipped" "$T/err"
finish
