# lib.sh - helpers for end-to-end tests.  Source it; each check prints a
# TAP-like line that tests/run.sh counts:
#   ok - what          (passed)
#   not ok - what      (failed; the script goes on, exits 1 at the end)
#   not ok - what # SKIP why   (skipped, reason shown)
# A test script runs ioprobe as "$IOPROBE" and works in "$T" (a fresh
# temporary folder, removed at exit).
set -u
IOPROBE=${IOPROBE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/ioprobe}
T=$(mktemp -d "${TMPDIR:-/tmp}/ioprobe-e2e.XXXXXX")
_failures=0
_cleanups=()
_lib_exit() {
	local c
	for c in "${_cleanups[@]+"${_cleanups[@]}"}"; do eval "$c" || true; done
	rm -rf "$T"
}
trap _lib_exit EXIT
# Register a command to run at exit (loop devices, mounts, cgroups).
at_exit() { _cleanups=("$1" "${_cleanups[@]+"${_cleanups[@]}"}"); }
# unmount DIR: a mount of a test, at exit.  Right after ioprobe exits the
# kernel may still hold the file for a moment (io_uring's workers), so it
# retries for up to 5 s, then detaches lazily: a test never leaves a mount
# (and with it a loop device) behind.
unmount() {
	local i
	for i in 1 2 3 4 5 6 7 8 9 10; do
		umount "$1" 2>/dev/null && return 0
		sleep 0.5
	done
	umount -l "$1"
}

ok()   { echo "ok - $*"; }
nok()  { echo "not ok - $*"; _failures=$((_failures + 1)); }
skip() { echo "not ok - $1 # SKIP $2"; echo "skipped: $1: $2" >&2; }
# plain_pass_only WHAT WHY: true in the plain pass; in CI's second pass
# (the same tests under ASan+UBSan, IOPROBE_SANITIZED=1) a visible skip and
# false.  For checks whose outcome does not depend on the build (Chromium's
# rendering, a fuzz build of its own) or that a sanitizer build cannot
# meet (throughput against a throttled disk, resident memory).
plain_pass_only() {
	[ -z "${IOPROBE_SANITIZED:-}" ] && return 0
	skip "$1" "run in the plain pass only: $2"
	return 1
}
# check DESC CMD...: passes when CMD succeeds.
check() { local d=$1; shift; if "$@"; then ok "$d"; else nok "$d"; fi; }
# quiet CMD...: CMD with its stdout discarded, for check (a redirection
# after check would discard check's own "ok" line too).
quiet() { "$@" >/dev/null; }
# check_eq DESC GOT WANT
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else nok "$1: got '$2', want '$3'"; fi
}
# check_near DESC GOT WANT TOL_FRACTION: |got-want| <= tol*|want|
check_near() {
	if awk -v g="$2" -v w="$3" -v t="$4" 'BEGIN {
		d = g - w; if (d < 0) d = -d; a = w < 0 ? -w : w;
		exit !(d <= t * a + 1e-9) }'; then
		ok "$1 ($2 ~ $3)"
	else
		nok "$1: got $2, want $3 within $4"
	fi
}
# run_io ARGS...: runs ioprobe, output in $T/out, errors in $T/err, status in $rc
run_io() { "$IOPROBE" "$@" >"$T/out" 2>"$T/err"; rc=$?; }
need_root() { [ "$(id -u)" -eq 0 ]; }
finish() { [ "$_failures" -eq 0 ]; exit $?; }
# check_xsd DESC FILE: FILE (a -Rpxml profile) validates against DiskSpd's
# own profile schema (DISKSPD_XSD, default the copy in
# tests/diskspd-schema/), with xmllint's first complaint when it does not.
# A missing schema fails; a missing xmllint is a visible skip.
check_xsd() {
	local xsd=${DISKSPD_XSD:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/diskspd-schema/diskspd.xsd}
	if ! command -v xmllint >/dev/null; then
		skip "$1" "no xmllint (libxml2-utils)"
	elif [ ! -r "$xsd" ]; then
		nok "$1: no schema at $xsd"
	elif xmllint --noout --schema "$xsd" "$2" >"$T/xsd.out" 2>&1; then
		ok "$1"
	else
		nok "$1: $(grep -v 'fails to validate' "$T/xsd.out" | head -n 1)"
	fi
}
