#!/usr/bin/env bash
# test_cli_errors.sh - bad command lines: exit status 2, one or two lines on
# stderr that name the switch and the value as typed, nothing on stdout and
# no file or folder created.
. "$(dirname "$0")/lib.sh"

if [ ! -x "$IOPROBE" ]; then
	skip "command line errors" "no ioprobe binary at $IOPROBE"
	exit 77
fi

D=$T/d			# must never be created
F=$D/io.dat

# bad DESC 'TEXT THE MESSAGE MUST CONTAIN'... -- ARGS...
bad() {
	local desc=$1 want=() w n
	shift
	while [ "$1" != "--" ]; do want+=("$1"); shift; done
	shift
	run_io "$@"
	check_eq "$desc: exit status 2" "$rc" 2
	n=$(wc -l <"$T/err")
	check "$desc: one or two stderr lines (got $n)" test "$n" -ge 1 -a "$n" -le 2
	for w in "${want[@]}"; do
		if grep -qF -- "$w" "$T/err"; then
			ok "$desc: message names '$w'"
		else
			nok "$desc: message does not name '$w': $(head -c 300 "$T/err")"
		fi
	done
	check "$desc: nothing on stdout" test ! -s "$T/out"
	check "$desc: no file created" test ! -e "$D"
	rm -rf "$D"	# keep the cases independent
}

bad "bad size suffix" -b "'4X'" -- -b4X -c1M "$F"
bad "size overflow" -c '99999999999T' -- -c99999999999T "$F"
bad "write share over 100" -w "'150'" -- -w150 -c1M "$F"
bad "negative write share" -w "'-5'" -- -w-5 -c1M "$F"
bad "zero threads" -t "'0'" -- -t0 -c1M "$F"
bad "unknown cache letter" -S "'x'" -- -Sx -c1M "$F"
bad "unknown switch" '-Q' -- -Q -c1M "$F"
bad "switch after target" '-b4K' -- -c1M "$F" -b4K
bad "-F with -t2" '-F' '-t' -- -F2 -t2 -c1M "$F"
bad "-r with -s" '-r' '-s' -- -r -s -c1M "$F"
bad "-i without -j" '-i' '-j' -- -i4 -c1M "$F"
bad "-T with one thread" '-T' -- -T1M -t1 -c1M "$F"
bad "-Z source below block size" '-Z' '1K' -- -Z1K -b4K -w50 -c1M "$F"
bad "zero duration" -d "'0'" -- -d0 -c1M "$F"
bad "no target" 'target' -- -b4K -c1M
bad "unknown engine" 'bogus' -- --engine=bogus -c1M "$F"

# A valid command line still works afterwards (the checks above are not
# passing merely because nothing ever runs).
run_io --engine=null -d1 -W0 -c1M "$F"
check_eq "valid command line runs" "$rc" 0
check "valid command line created the file" test -f "$F"

# A flag among the long options does not swallow the switch after it:
# -b4K after --overwrite or --continue-on-error is the block size.
for flag in --overwrite --continue-on-error; do
	run_io --engine=null -d1 -W0 $flag -b4K "$F"
	check "$flag -b4K: 4KiB blocks" grep -q 'block size: 4KiB' "$T/out"
done
run_io --engine null -d1 -W0 -b4K "$F"
check "--engine null -b4K: the value is the next token, -b still read" \
	grep -q 'block size: 4KiB' "$T/out"
finish
