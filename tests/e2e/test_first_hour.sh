#!/usr/bin/env bash
# test_first_hour.sh - what a new user meets first: the demo's label kept
# apart (make run writes its own history; a suite compares with the
# previous label on its PATHs or the --baseline named, never 'demo'; a
# bare compare leaves 'demo' out), the plan naming the device measured, a
# missing PATH refused before anything is created with the nearest
# folder named, an empty mount-point folder on the root disk warned
# about, and help: `ioprobe help [COMMAND]`, -h, "did you mean" for
# subcommands and long options, each creating nothing.
. "$(dirname "$0")/lib.sh"

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
H=$T/h.csv
S=(--duration 1 --warmup 0 --file-size 4M --profiles randread4k
   --engine null --history "$H")
mkdir -p "$T/d" "$T/e"

# ---- the demo apart ------------------------------------------------------
check "make run records to its own history" \
	grep -Eq '^	.*suite \. --label demo --history build/demo-history\.csv' \
	"$ROOT/Makefile"

run_io suite "$T/d" --label demo "${S[@]}"
check_eq "a demo suite (an old history's)" "$rc" 0
run_io suite "$T/d" --label before "${S[@]}"
check_eq "first real suite" "$rc" 0
check "first real suite: not compared with demo" \
	bash -c "! grep -q \"'demo'\" '$T/out'"
check "first real suite: offers the next command" grep -q '^next:' "$T/out"
run_io suite "$T/e" --label elsewhere "${S[@]}"
run_io suite "$T/d" --label after "${S[@]}"
check "second suite on the PATH compares with the first" \
	grep -q "comparison 'before' → 'after'" "$T/out"
run_io suite "$T/d" --label again "${S[@]}"
check "a third compares with the previous label on its PATH" \
	grep -q "comparison 'after' → 'again'" "$T/out"
run_io suite "$T/d" --label named --baseline before "${S[@]}"
check "--baseline names the label compared with" \
	grep -q "comparison 'before' → 'named'" "$T/out"
rows=$(wc -l <"$H")
run_io suite "$T/d" --label x --baseline nope "${S[@]}"
check_eq "unknown --baseline: exit 2" "$rc" 2
check "unknown --baseline: named" grep -q "unknown --baseline 'nope'" "$T/err"
check_eq "unknown --baseline: no row" "$(wc -l <"$H")" "$rows"
check "unknown --baseline: no test file" test -z "$(ls -A "$T/d")"
run_io compare --history "$H"
check "a bare compare leaves demo out" \
	grep -q "comparison 'before' → 'named'" "$T/out"
run_io compare --history "$H" --from demo --to before
check "demo compared when named" grep -q "comparison 'demo' → 'before'" \
	"$T/out"

run_io compare --history "$H" --from before --to before -Rhtml
check "one label's page names the others" \
	grep -q "the history also holds &#39;demo&#39;, &#39;elsewhere&#39;, &#39;after&#39;" "$T/out"
check "one label's page: not 'one label so far'" \
	bash -c "! grep -q 'one label so far' '$T/out'"

# ---- where, and what is not there ---------------------------------------
run_io suite "$T/d" --label where "${S[@]}"
check "plan names the PATH's device and filesystem" \
	grep -Eq "^where: $T/d: .*, [a-z0-9]+ on /.*, (the|not the) root filesystem's disk$" \
	"$T/out"
if [ -d /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ]; then
	run_io suite /dev/shm --label shm "${S[@]}"
	check "tmpfs: the plan says memory speeds" \
		grep -q "^where: /dev/shm: tmpfs on /dev/shm (no disk: memory" \
		"$T/out"
fi
M=/nonexist-ioprobe-$$
rows=$(wc -l <"$H")
run_io suite "$M" --label x "${S[@]}"
check_eq "missing PATH: exit 2" "$rc" 2
check "missing PATH: nothing created" test ! -e "$M"
check_eq "missing PATH: no row" "$(wc -l <"$H")" "$rows"
check "missing PATH: nearest existing folder named" \
	grep -q "'$M' does not exist: .*the nearest existing folder is '/'" \
	"$T/err"
check "missing PATH: mounted filesystems listed" \
	grep -q "^mounted filesystems:" "$T/err"
run_io suite "$T/d/deeper/x" --label x "${S[@]}"
check "missing PATH below a folder: that folder named" \
	grep -q "nearest existing folder is '$T/d'" "$T/err"
check "missing PATH below a folder: nothing created" \
	test -z "$(ls -A "$T/d")"

# the root filesystem's whole disk, as sysfs names it
root_disk() {
	local mm node
	mm=$(mountpoint -d / 2>/dev/null) || return 1
	node=$(readlink -f "/sys/dev/block/$mm") || return 1
	[ -e "$node/partition" ] && node=$(dirname "$node")
	basename "$node"
}
if need_root && RD=$(root_disk) && [ "$RD" ]; then
	E=/mnt/ioprobe-first-hour-$$
	mkdir "$E"
	at_exit "rm -rf '$E'"
	run_io suite "$E" --label empty "${S[@]}"
	check "empty mount point on the root disk: warned" \
		grep -q "'$E' is an empty folder on the root filesystem's disk ($RD," \
		"$T/err"
	check "empty mount point: the plan names the root disk" \
		grep -q "^where: $E: $RD .*the root filesystem's disk" "$T/out"
else
	skip "empty mount point" "needs root and a root filesystem on a disk"
fi
if need_root && command -v losetup >/dev/null &&
	truncate -s 160M "$T/disk.img" && L=$(losetup -f --show "$T/disk.img" \
	2>/dev/null); then
	at_exit "losetup -d $L"
	mkdir -p "$T/mnt"
	if mkfs.ext4 -q -F "$L" >/dev/null 2>&1 && mount "$L" "$T/mnt"; then
		at_exit "unmount '$T/mnt'"
		run_io suite "$T/mnt" --label loop "${S[@]}"
		check "a mounted loop disk: named with its backing file" \
			grep -q "^where: $T/mnt: ${L#/dev/} (loop device backed by $T/disk.img, 160.0 MiB), ext4 on $T/mnt, not the root filesystem's disk$" \
			"$T/out"
		check "a mounted loop disk: no empty-folder warning" \
			bash -c "! grep -q 'empty folder' '$T/err'"
	else
		skip "loop disk in the plan" "mkfs.ext4 or mount failed"
	fi
else
	skip "loop disk in the plan" "needs root and a loop device"
fi

# ---- the run page: findings, and tables that print whole ---------------
run_io -c4M -d2 -W0 -b4K -r -o4 -L -D1000 --engine=null \
	--output=html:"$T/run.html" "$T/run.dat"
check_eq "a run with an HTML page" "$rc" 0
check "run page: a findings section" grep -q '<h2>Findings</h2>' "$T/run.html"
check "run page: each finding an item" grep -q '<li class="finding">' \
	"$T/run.html"
check "run page: the interval table scrolls only on screen" \
	grep -q 'class="ipct scroll"' "$T/run.html"
check "run page: a print rule lets it grow" \
	grep -q '@media print{.scroll{max-height:none;overflow:visible}}' \
	"$T/run.html"
check "run page: no inline scroll box" \
	bash -c "! grep -q 'overflow:auto\\\"' '$T/run.html'"
rm -f "$T/run.dat"

# ---- the compare page: labels in the headers, no colour without a verdict
H2=$T/h2.csv
S2=(--warmup 0 --file-size 4M --profiles randread4k --engine null
    --history "$H2")
run_io suite "$T/d" --label "old disk" --duration 1 "${S2[@]}"
run_io suite "$T/d" --label "new disk" --duration 2 "${S2[@]}" \
	--html "$T/cmp.html"
check "not comparable: the suite says so" grep -q "not comparable" "$T/out"
check "compare page: headers carry the labels" \
	grep -q '<th>IOPS old disk</th><th>IOPS new disk</th>' "$T/cmp.html"
check "compare page: no 'IOPS before' header" \
	bash -c "! grep -q '<th>IOPS before</th>' '$T/cmp.html'"
python3 - "$T/cmp.html" <<'PY' && ok "compare page: a test without a verdict has no colour" || nok "compare page: a test without a verdict has no colour"
import re, sys
page = open(sys.argv[1]).read()
cards = re.search(r'<div class="cards">(.*?)</div>\n(?!<div class="card")', page, re.S)
assert cards, "no cards"
assert 'not comparable' in cards.group(1), "card does not say not comparable"
assert not re.search(r'class="[^"]*\b(good|bad)\b', page), "a colour class"
PY
check "compare page: a findings section" grep -q '<ul class="findings">' \
	"$T/cmp.html"
check "compare page: axis ticks short (no 24,000,000 by the title)" \
	bash -c "! grep -Eq 'text-anchor=\"end\">[0-9]{1,3}(,[0-9]{3}){2,}</text>' \
	'$T/cmp.html'"

# two labels 20x apart over time: a log axis on which both are visible
if [ -n "${IOPROBE_SANITIZED:-}" ]; then
	skip "time chart: log axis" "a sanitized null engine is not 20x the sync engine"
elif [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
	H3=$T/h3.csv
	S3=(--duration 2 --warmup 0 --file-size 4M --profiles randread4k
	    --history "$H3")
	run_io suite /dev/shm --label slow "${S3[@]}" --engine sync
	run_io suite /dev/shm --label fast "${S3[@]}" --engine null \
		--html "$T/far.html"
	python3 - "$T/far.html" <<'PY' && ok "time chart: log axis for labels far apart" || nok "time chart: log axis for labels far apart"
import sys
page = open(sys.argv[1]).read()
i = page.index("IOPS and P99 over time")
j = page.index("P99 over time", i + 25)
assert "IOPS (log scale)" in page[i:j], "linear IOPS-over-time axis"
PY
fi

# ---- help and typos: nothing created --------------------------------------
mkdir "$T/cwd"
cd "$T/cwd" || exit 1
helped() {	# DESC RC PATTERN(stdout or stderr) ARGS...
	local d=$1 want=$2 pat=$3
	shift 3
	run_io "$@"
	check_eq "$d: exit $want" "$rc" "$want"
	check "$d: says '$pat'" grep -qF -- "$pat" "$T/out" "$T/err"
	check "$d: nothing created" test -z "$(ls -A "$T/cwd")"
}
helped "ioprobe compar" 2 "did you mean 'ioprobe compare'?" compar
helped "ioprobe sute" 2 "did you mean 'ioprobe suite'?" sute . --label x
helped "ioprobe hlep" 2 "did you mean 'ioprobe help'?" hlep
helped "ioprobe help" 0 "commands: suite, compare, show, sweep, " help
helped "ioprobe help suite" 0 "usage: ioprobe suite PATH..." help suite
helped "ioprobe help compare" 0 "usage: ioprobe compare" help compare
helped "ioprobe help compar" 2 "did you mean 'compare'?" help compar
helped "suite -h" 0 "usage: ioprobe suite PATH..." suite -h
helped "compare -h" 0 "usage: ioprobe compare" compare -h
helped "show -h" 0 "usage: ioprobe show" show -h
helped "sweep --help" 0 "usage: ioprobe sweep" sweep --help
helped "--lable" 2 "unknown option '--lable': did you mean '--label'?" \
	suite . --lable x
helped "--duraton" 2 "did you mean '--duration'?" suite . --duraton=3
helped "compare --form" 2 "did you mean '--from'?" compare --form x
helped "a run's --outptu" 2 "did you mean '--output'?" --outptu=json:x x
# a file named like a command is a run's target, not a typo
touch "$T/compar"
cd "$T" && run_io -c1M -d1 -W0 --engine=null compar
check_eq "an existing file named 'compar' is a run's target" "$rc" 0
finish
