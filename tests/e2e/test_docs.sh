#!/usr/bin/env bash
# test_docs.sh - the man page renders without a warning and has the
# sections a user looks for; --help names the subcommands and shows
# examples; the bash completion completes subcommands, switches, long
# options and their values; `make install` puts the man page and the
# completion where man and bash-completion find them.  (That every option
# of every table is in the man page and the completion is
# tests/unit/test_opt_table.c.)
. "$(dirname "$0")/lib.sh"

SRC=$(cd "$(dirname "$0")/../.." && pwd)
MAN=$SRC/docs/ioprobe.1
COMP=$SRC/completion/ioprobe.bash

if command -v groff >/dev/null; then
	groff -ww -z -man "$MAN" 2>"$T/groff.err"
	check_eq "groff -ww -man: exit 0" "$?" 0
	check_eq "groff -ww -man: no warning" "$(cat "$T/groff.err")" ""
else
	skip "groff -ww -man" "no groff"
fi
if command -v man >/dev/null; then
	MANWIDTH=80 man -l "$MAN" >"$T/man.txt" 2>"$T/man.err"
	check_eq "man -l: exit 0" "$?" 0
	check_eq "man -l: no warning" "$(cat "$T/man.err")" ""
	for sec in SYNOPSIS 'DISKSPD SWITCHES' OPTIONS SUBCOMMANDS \
		   'PROFILE FILE' FILES ENVIRONMENT 'EXIT STATUS' EXAMPLES; do
		check "man page: section $sec" grep -qx "$sec" "$T/man.txt"
	done
	check "man page: XDG_DATA_HOME" grep -q XDG_DATA_HOME "$T/man.txt"
	check "man page: the history file" \
		grep -q 'ioprobe/history.csv' "$T/man.txt"
	check "man page: exit status 3" grep -q 'found a regression' "$T/man.txt"
else
	skip "man -l" "no man"
fi

run_io --help
check_eq "--help: exit 0" "$rc" 0
for c in suite compare show; do
	check "--help: names ioprobe $c" grep -q "ioprobe $c" "$T/out"
done
check "--help: examples" grep -q '^examples:' "$T/out"
check "--help: a suite example" grep -q '^  ioprobe suite /data --label' "$T/out"

# comp WORD...: the completion of the last WORD, as bash splits a line
# (--opt=VALUE arrives as --opt, =, VALUE)
comp() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_ioprobe 2>/dev/null; echo "${COMPREPLY[*]}"' _ "$COMP" "$@"
}
check_eq "completion: subcommand" "$(cd "$T" && comp ioprobe su)" suite
check_eq "completion: compare options" "$(comp ioprobe compare --)" \
	"--history= --from= --to= --min-effect= --allow-different --disk= --vm= --help"
check_eq "completion: suite --e" "$(comp ioprobe suite --e)" \
	"--expect= --engine="
check_eq "completion: --engine = value" "$(comp ioprobe suite --engine = l)" \
	libaio
check_eq "completion: --engine VALUE" "$(comp ioprobe --engine s)" sync
check_eq "completion: --profiles list" \
	"$(comp ioprobe suite . --profiles = randread4k,mi)" randread4k,mixed8k
check_eq "completion: run long option" "$(comp ioprobe -b8K --ov)" \
	--overwrite
check_eq "completion: -S letters" "$(comp ioprobe -S)" \
	"-S -Sb -Sh -Sm -Sr -Su -Sw"
check_eq "completion: show -R" "$(comp ioprobe show x.json -Rj)" -Rjson
check_eq "completion: suite has no DiskSpd switches" \
	"$(comp ioprobe suite -b)" ""
printf 'timestamp,host,label\n1,h,before\n2,h,after\n' >"$T/h.csv"
check_eq "completion: compare --from labels of --history" \
	"$(comp ioprobe compare --history "$T/h.csv" --from a)" after
# the label column found by its header name, the fields split by the
# history's CSV rules (a quoted comma is no separator), CRLF lines
printf '%s\r\n' 'host,"test",timestamp,label,cmdline' \
	'"h,1",t,1,"x,y",-b4K' 'h,t,2,old,"-b8K ""a,b"""' \
	'h,t,3,new,-b1M' >"$T/moved.csv"
check_eq "completion: the label column by its header" \
	"$(comp ioprobe compare --history "$T/moved.csv" --to '')" \
	"new old x,y"
printf 'label,test\nolder,t\n' >"$T/old.csv"
check_eq "completion: an old history with fewer columns" \
	"$(comp ioprobe compare --history="$T/old.csv" --from o)" older
printf 'timestamp,host,test\n1,h,t\n' >"$T/nolabel.csv"
check_eq "completion: no label column, no labels" \
	"$(comp ioprobe compare --history "$T/nolabel.csv" --from '')" ""
if [ -x "$IOPROBE" ]; then
	"$IOPROBE" suite "$T" --label real-1 --engine null --duration 1 \
		--warmup 0 --file-size 1M --profiles randread4k --quiet \
		--history "$T/real.csv" >/dev/null 2>&1
	check_eq "completion: labels of a history the suite wrote" \
		"$(comp ioprobe compare --history "$T/real.csv" --from r)" \
		real-1
fi

if command -v make >/dev/null && [ -x "$SRC/ioprobe" ]; then
	(cd "$SRC" && make -s -n install DESTDIR="$T/inst" PREFIX=/usr |
		grep '^install' | sh)
	check "make install: the man page" test -f "$T/inst/usr/share/man/man1/ioprobe.1"
	check "make install: the completion" \
		cmp -s "$T/inst/usr/share/bash-completion/completions/ioprobe" "$COMP"
else
	skip "make install" "no make or no ./ioprobe built"
fi
finish
