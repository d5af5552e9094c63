#!/usr/bin/env bash
# Runs every unit test binary (cmocka, TAP output) and every end-to-end
# script in tests/e2e/, and ends with one line: "N passed, N failed,
# N skipped".  Skips are printed with their reason; each test's line ends
# with the seconds it took.
# Env: IOPROBE (binary), UNIT_DIR (unit test binaries), ONLY (regex filter).
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${IOPROBE:?IOPROBE must name the ioprobe binary}"
: "${UNIT_DIR:?UNIT_DIR must name the unit test folder}"
export IOPROBE
pass=0 fail=0 skip=0
failed_names=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT

tally() {	# $1 = name, reads $log
	local p f s
	p=$(grep -c '^ok ' "$log")
	s=$(grep -c '^not ok .*# SKIP' "$log")
	f=$(grep '^not ok ' "$log" | grep -vc '# SKIP')
	if [ "$2" -ne 0 ] && [ "$2" -ne 77 ] && [ "$f" -eq 0 ]; then
		f=1	# crashed or failed outside a test case
		echo "not ok - $1 exited with status $2"
	fi
	if [ "$2" -eq 77 ] && [ "$p$f$s" = "000" ]; then
		s=1
	fi
	grep '^not ok' "$log" | sed "s|^|  [$1] |"
	grep -i '^skipped' "$log" | sed "s|^|  [$1] |"
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	[ "$f" -gt 0 ] && failed_names+=("$1")
	printf '%-34s %3d passed, %d failed, %d skipped  %4ds\n' "$1" "$p" "$f" "$s" \
		$((SECONDS - started))
}

for t in "$UNIT_DIR"/test_*; do
	[ -x "$t" ] || continue
	name=unit/$(basename "$t")
	[[ -n "${ONLY:-}" && ! "$name" =~ ${ONLY} ]] && continue
	started=$SECONDS
	CMOCKA_MESSAGE_OUTPUT=TAP "$t" >"$log" 2>&1
	tally "$name" $?
done
for t in "$here"/e2e/test_*.sh; do
	[ -f "$t" ] || continue
	name=e2e/$(basename "$t" .sh)
	[[ -n "${ONLY:-}" && ! "$name" =~ ${ONLY} ]] && continue
	started=$SECONDS
	bash "$t" >"$log" 2>&1
	rc=$?
	tally "$name" $rc
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then
		tail -n 20 "$log" | sed 's/^/    | /'
	fi
done
[ ${#failed_names[@]} -gt 0 ] && echo "failed: ${failed_names[*]}"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
