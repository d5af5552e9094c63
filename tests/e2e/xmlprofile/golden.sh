#!/usr/bin/env bash
# golden.sh - the -Rpxml goldens of test_xml.sh: one .out per line of
# cmdlines (NAME SWITCHES...) and per profile of the fuzz corpus and of
# in/ (read with -X), each holding the output, the messages and the exit status.
#   golden.sh IOPROBE DIR   writes DIR/cmd-NAME.out, DIR/x-NAME.out, DIR/in-NAME.out
# The goldens here were written with the profile code before its table
# rework; test_xml.sh writes them again into a temporary folder and
# compares byte for byte.
set -u
ioprobe=$1
out=$(cd "$2" && pwd) || exit 1
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(cd "$here/../../fuzz/corpus/xmlprofile" && pwd)

one() {	# FILE COMMAND...: output, messages, exit status into FILE
	local f=$1 rc
	shift
	"$@" >"$f" 2>"$f.err"
	rc=$?
	{ echo "--- stderr"; cat "$f.err"; echo "--- exit $rc"; } >>"$f"
	rm -f "$f.err"
}

while read -r name args; do
	# word-split the switches, no globbing or shell syntax
	read -r -a argv <<<"$args"
	one "$out/cmd-$name.out" "$ioprobe" -Rpxml "${argv[@]}"
done <"$here/cmdlines"

cd "$corpus" || exit 1
for f in *.xml; do
	one "$out/x-${f%.xml}.out" "$ioprobe" -Rpxml -X"$f"
done
one "$out/x-template-subst.out" "$ioprobe" -Rpxml -Xtemplate.xml /tmp/t.dat

# hand-written profiles: every handler's messages, read-only elements
cd "$here/in" || exit 1
for f in *.xml; do
	one "$out/in-${f%.xml}.out" "$ioprobe" -Rpxml -X"$f"
done
