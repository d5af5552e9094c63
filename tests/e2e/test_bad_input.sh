#!/usr/bin/env bash
# test_bad_input.sh - a battery of hostile command lines.  Every numeric
# switch meets empty, negative, huge, hex, scientific, half-suffixed,
# unicode, control-character, format-string, 5000-character and binary
# values; targets of every file type; damaged XML profiles, history CSVs and
# JSON results; bad options of suite, compare and show.  For each case:
#   - the exit status is the one in the table (2 usage error, 1 run failed,
#     0 ran), never a signal or a timeout (each case runs under
#     timeout -k 2 10, with stdin from /dev/null),
#   - at most 3 lines on stderr (a sanitizer report is longer),
#   - nothing in the test folder is created, removed or changed (a listing
#     of every path, type, size and mtime, and the sha256 of every small
#     file, before and after each case; every file's sha256 at the end).
# Cases that run use --engine=null -d1 -W0 on a 64 KiB file.
# timeout: 600
. "$(dirname "$0")/lib.sh"

if [ ! -x "$IOPROBE" ]; then
	skip "bad input battery" "no ioprobe binary at $IOPROBE"
	exit 77
fi
FX=$(cd "$(dirname "$0")" && pwd)/bad_input
IOPROBE=$(cd "$(dirname "$IOPROBE")" && pwd)/$(basename "$IOPROBE")

# Outputs of each case live outside $T so they do not count as changes.
O=$(mktemp -d "${TMPDIR:-/tmp}/ioprobe-battery-out.XXXXXX")
at_exit "rm -rf '$O'"

# A small loop device for refusal cases (never written), shared by workers.
LOOP=
if need_root && command -v losetup >/dev/null 2>&1; then
	head -c 1048576 /dev/zero >"$O/loop.img"
	LOOP=$(losetup -f --show "$O/loop.img" 2>/dev/null) || LOOP=
	[ -n "$LOOP" ] && at_exit "losetup -d '$LOOP'"
fi
LONGV=$(printf '9%.0s' $(seq 5000))
BIN=$'\x01\x02\x1b[31m\x7f\x80\xfe\xff'

# The cases run in NW workers, each in its own copy of the fixtures
# ($T/wK), each taking every NW-th case of the table.
NW=${BAD_INPUT_WORKERS:-4}

# ---------------------------------------------------------------- fixtures
fixtures() {
chmod 711 "$T"			# the unreadable-file case runs as nobody
S=$T/small.dat			# the read target of every case that runs
head -c 65536 /dev/urandom >"$S"
N=$T/new.dat			# must never be created
mkdir "$T/dir"
mkfifo "$T/fifo"
# Copies of the device nodes, so a case that renames a file over its
# output path replaces a copy here, never the machine's /dev/null.
mknod -m 666 "$T/null" c 1 3
mknod -m 666 "$T/zero" c 1 5
mknod -m 666 "$T/full" c 1 7
DNULL=$T/null DZERO=$T/zero DFULL=$T/full
LOOPN=
if [ -n "$LOOP" ]; then
	LOOPN=$T/loopdev
	mknod -m 660 "$LOOPN" b $(stat -c '0x%t 0x%T' "$LOOP")
fi
ln -s "$T/loop-b" "$T/loop-a"
ln -s "$T/loop-a" "$T/loop-b"
ln -s "$T/missing" "$T/dangling"
head -c 65536 /dev/urandom >"$T/secret.dat"
chmod 000 "$T/secret.dat"
NL=$T/$'new\nline.dat'
cp "$S" "$NL"
LONGNAME=$T/$(printf 'a%.0s' $(seq 5000))
LONGPATH=$T$(printf '/.%.0s' $(seq 2500))/small.dat
SOCK=
if command -v python3 >/dev/null 2>&1 &&
   python3 -c 'import socket,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1])' "$T/sock" 2>/dev/null; then
	SOCK=$T/sock
fi
cp "$FX"/good.xml "$FX"/good.json "$FX"/good.csv "$T"/
mkdir "$T/xml" "$T/json" "$T/csv"

# damaged XML profiles
X=$T/xml
head -c 700 "$FX/good.xml" >"$X/truncated.xml"
iconv -f UTF-8 -t UTF-16 "$FX/good.xml" >"$X/utf16-no-decl.xml" 2>/dev/null ||
	printf '\xff\xfe<\0P\0' >"$X/utf16-no-decl.xml"
{ echo '<?xml version="1.0" encoding="UTF-16"?>'; cat "$FX/good.xml"; } >"$X/wrong-decl.xml"
{ echo '<?xml version="1.0" encoding="EBCDIC-US"?>'; cat "$FX/good.xml"; } >"$X/ebcdic-decl.xml"
printf '\xc3\x28\xa0\xa1<Profile>\xff\xfe</Profile>\n' >"$X/bad-utf8.xml"
{
	echo '<?xml version="1.0"?>'
	echo '<!DOCTYPE Profile ['
	echo ' <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">'
	p=a
	for e in b c d e f g h i j k; do
		echo " <!ENTITY $e \"&$p;&$p;&$p;&$p;&$p;&$p;&$p;&$p;&$p;&$p;\">"
		p=$e
	done
	echo ']>'
	echo '<Profile><Progress>&k;</Progress></Profile>'
} >"$X/billion-laughs.xml"
sed 's|<Duration>1</Duration>|<Duration>\&lol9;</Duration>|' "$FX/good.xml" |
	sed '1i <!DOCTYPE Profile [ <!ENTITY lol0 "1"> <!ENTITY lol1 "\&lol0;\&lol0;\&lol0;\&lol0;\&lol0;\&lol0;\&lol0;\&lol0;\&lol0;\&lol0;"> <!ENTITY lol2 "\&lol1;\&lol1;\&lol1;\&lol1;\&lol1;\&lol1;\&lol1;\&lol1;\&lol1;\&lol1;"> <!ENTITY lol3 "\&lol2;\&lol2;\&lol2;\&lol2;\&lol2;\&lol2;\&lol2;\&lol2;\&lol2;\&lol2;"> <!ENTITY lol4 "\&lol3;\&lol3;\&lol3;\&lol3;\&lol3;\&lol3;\&lol3;\&lol3;\&lol3;\&lol3;"> <!ENTITY lol5 "\&lol4;\&lol4;\&lol4;\&lol4;\&lol4;\&lol4;\&lol4;\&lol4;\&lol4;\&lol4;"> <!ENTITY lol6 "\&lol5;\&lol5;\&lol5;\&lol5;\&lol5;\&lol5;\&lol5;\&lol5;\&lol5;\&lol5;"> <!ENTITY lol7 "\&lol6;\&lol6;\&lol6;\&lol6;\&lol6;\&lol6;\&lol6;\&lol6;\&lol6;\&lol6;"> <!ENTITY lol8 "\&lol7;\&lol7;\&lol7;\&lol7;\&lol7;\&lol7;\&lol7;\&lol7;\&lol7;\&lol7;"> <!ENTITY lol9 "\&lol8;\&lol8;\&lol8;\&lol8;\&lol8;\&lol8;\&lol8;\&lol8;\&lol8;\&lol8;"> ]>' \
	>"$X/laughs-in-duration.xml"
# 10 MB of nesting
python3 -c 'import sys; n=1000000; sys.stdout.write("<Profile>" + "<a>"*n + "</a>"*n + "</Profile>\n")' \
	>"$X/deep.xml" 2>/dev/null ||
	{ printf '<Profile>'; for _ in $(seq 100000); do printf '<a><a><a><a><a>'; done; } >"$X/deep.xml"
python3 -c 'import sys; n=1000000; sys.stdout.write("<Profile><TimeSpans>" + "<TimeSpan>"*n + "\n")' \
	>"$X/deep-unclosed.xml" 2>/dev/null || cp "$X/deep.xml" "$X/deep-unclosed.xml"
echo "CANARY-battery-$$" >"$T/canary"
for ent in 'SYSTEM "file:///etc/shadow"' 'SYSTEM "file://'"$T"'/canary"' 'SYSTEM "/etc/shadow"' \
	   'SYSTEM "http://127.0.0.1:9/x"' 'SYSTEM "'"$T"'/fifo"' \
	   'SYSTEM "/dev/zero"'; do
	i=$((${i:-0} + 1))
	sed 's|<Duration>1</Duration>|<Duration>\&x;</Duration>|' "$FX/good.xml" |
		sed "1i <!DOCTYPE Profile [ <!ENTITY x $ent> ]>" >"$X/xxe$i.xml"
done
sed 's|<Profile>|<!DOCTYPE Profile SYSTEM "file:///etc/shadow">\n<Profile>|' "$FX/good.xml" >"$X/xxe-dtd.xml"
sed "s|<Profile>|<!DOCTYPE Profile [ <!ENTITY % p SYSTEM \"file:///etc/shadow\"> %p; ]>\n<Profile>|" "$FX/good.xml" >"$X/xxe-param.xml"
printf '<?xml version="1.0"?>\n<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/shadow" parse="text"/>\n' >"$X/xinclude.xml"
sed 's|Profile>|Results>|g' "$FX/good.xml" >"$X/wrong-root.xml"
sed 's|Profile>|profile>|g' "$FX/good.xml" >"$X/lower-root.xml"
printf '<?xml version="1.0"?>\n' >"$X/decl-only.xml"
: >"$X/empty.xml"
printf '\n\n   \n' >"$X/blank.xml"
cat "$FX/good.xml" "$FX/good.xml" >"$X/two-roots.xml"
printf '<Profile>\0<TimeSpans/></Profile>\n' >"$X/nul.xml"
head -c 4096 /dev/urandom | tr -d '\0' >"$X/binary.xml"
# one element out of range per file
oor() {	# NAME ELEMENT VALUE
	sed "s|<$2>[^<]*</$2>|<$2>$3</$2>|" "$FX/good.xml" >"$X/$1.xml"
}
oor bs-zero BlockSize 0
oor bs-neg BlockSize -1
oor bs-huge BlockSize 99999999999999999999
oor bs-hex BlockSize 0x10
oor bs-sci BlockSize 1e9
oor bs-text BlockSize four
oor bs-empty BlockSize ''
oor bs-2g BlockSize 2147483648
oor wr-101 WriteRatio 101
oor wr-neg WriteRatio -1
oor wr-huge WriteRatio 4294967296
oor dur-zero Duration 0
oor dur-neg Duration -1
oor dur-huge Duration 99999999999999999999
oor dur-fullwidth Duration '４'
oor warm-neg Warmup -5
oor cool-huge Cooldown 18446744073709551616
oor rc-zero RequestCount 0
oor rc-huge RequestCount 4294967296
oor tpf-zero ThreadsPerFile 0
oor tpf-huge ThreadsPerFile 65536
oor tput-neg Throughput -1
oor prio-9 IOPriority 9
oor weight-neg Weight -1
oor random-zero Random 0
oor random-huge Random 99999999999999999999
oor base-neg BaseFileOffset -1
oor base-huge BaseFileOffset 99999999999999999999
oor max-neg MaxFileSize -1
oor seed-neg RandSeed -1
oor bucket-zero IoBucketDuration 0
oor progress-neg Progress -1
oor verbose-int Verbose 7
oor sseq-int SequentialScan 2
oor path-empty Path ''
oor path-long Path "$(printf 'p%.0s' $(seq 5000))"
oor format-bad ResultFormat '%n%s'
oor thread-huge ThreadCount 4294967296

# damaged history CSVs
C=$T/csv
H="$(head -1 "$FX/good.csv")"
ROW="$(sed -n 2p "$FX/good.csv")"
ROW2="$(sed -n 3p "$FX/good.csv")"
: >"$C/empty.csv"
echo "$H" >"$C/header-only.csv"
head -c 300 "$FX/good.csv" >"$C/truncated.csv"
{ echo "$H"; echo "${ROW:0:100}"; } >"$C/truncated-row.csv"
{ echo "$H"; echo "$ROW" | sed 's/,0\.796,/,99999999999999999999999999999999999,/'; echo "$ROW2"; } >"$C/huge-iops.csv"
{ echo "$H"; echo "$ROW" | sed 's/,0\.796,/,-1,/'; echo "$ROW2" | sed 's/,0\.796,/,nan,/'; } >"$C/neg-nan.csv"
{ echo "$H"; echo "$ROW" | sed 's/,0\.796,/,inf,/'; echo "$ROW2" | sed 's/,0\.796,/,1e308,/'; } >"$C/inf.csv"
{ echo "$H"; echo "$ROW" | sed 's/,0\.796,/,abc,/'; echo "$ROW2" | sed 's/,0\.796,/,,/'; } >"$C/wrong-types.csv"
{ echo "$H"; echo "$ROW" | sed 's/,vm,a,/,vm,%n%s%n%s,/'; echo "$ROW2"; } >"$C/format-label.csv"
{ echo "$H"; echo "$ROW" | sed "s/,vm,a,/,vm,$(printf 'L%.0s' $(seq 5000)),/"; echo "$ROW2"; } >"$C/long-label.csv"
{ echo "$H"; printf '%s\0%s\n' "${ROW:0:50}" "${ROW:50}"; echo "$ROW2"; } >"$C/nul.csv"
{ echo "$H"; echo "$ROW" | tr ',' ';'; echo "$ROW2" | tr ',' ';'; } >"$C/semicolons.csv"
{ echo "$H"; echo "$ROW,extra,extra,extra"; echo "$ROW2"; } >"$C/extra-fields.csv"
{ echo "$H"; echo "\"$ROW"; echo "$ROW2"; } >"$C/open-quote.csv"
{ echo "$H"; for _ in $(seq 50); do echo "garbage,line"; done; echo "$ROW"; echo "$ROW2"; } >"$C/many-bad-lines.csv"
{ echo "$H"; for _ in $(seq 20000); do echo "$ROW"; echo "$ROW2"; done; } >"$C/many-rows.csv"
{ echo "$H"; printf '%s' "$ROW" | head -c 200; head -c 200000 /dev/zero | tr '\0' 'x'; echo; echo "$ROW2"; } >"$C/long-line.csv"
{ echo "$H"; echo "$ROW" | sed 's|results/gone.json|/etc/shadow|'; echo "$ROW2" | sed "s|results/gone.json|$T/fifo|"; } >"$C/json-shadow-fifo.csv"
{ echo "$H"; echo "$ROW" | sed 's|results/gone.json|/dev/zero|'; echo "$ROW2" | sed 's|results/gone.json|../../../../../../../../proc/self/mem|'; } >"$C/json-zero-mem.csv"
printf '%s\r\n%s\r\n%s\r\n' "$H" "$ROW" "$ROW2" >"$C/crlf.csv"
head -c 4096 /dev/urandom | tr -d '\0' >"$C/binary.csv"
printf '\xef\xbb\xbf%s\n%s\n%s\n' "$H" "$ROW" "$ROW2" >"$C/bom.csv"
{ echo "timestamp,label"; echo "x,a"; echo "y,b"; } >"$C/wrong-header.csv"
{ echo "$ROW"; echo "$ROW2"; } >"$C/no-header.csv"
# files that are not a history, and a history reached through a link
printf 'my notes\nsecond line\n' >"$T/notes.txt"
printf '%s' "${H:0:40}" >"$T/half-header.csv"
ln -s "$T/good.csv" "$T/link.csv"

# damaged JSON results
J=$T/json
: >"$J/empty.json"
head -c 1000 "$FX/good.json" >"$J/truncated.json"
echo '[]' >"$J/array.json"
echo '"a string"' >"$J/string.json"
echo 'null' >"$J/null.json"
echo '{}' >"$J/object.json"
python3 -c 'import sys; n=1000000; sys.stdout.write("["*n + "]"*n + "\n")' >"$J/deep-array.json" 2>/dev/null ||
	{ for _ in $(seq 100000); do printf '[[[[['; done; } >"$J/deep-array.json"
python3 -c 'import sys; n=200000; sys.stdout.write("{\"a\":"*n + "1" + "}"*n + "\n")' >"$J/deep-object.json" 2>/dev/null ||
	cp "$J/deep-array.json" "$J/deep-object.json"
python3 -c 'import sys; sys.stdout.write("["*1000000 + "\n")' >"$J/deep-unclosed.json" 2>/dev/null ||
	cp "$J/deep-array.json" "$J/deep-unclosed.json"
sed 's/"duration_seconds": 1,/"duration_seconds": 99999999999999999999999999999999999999,/' "$FX/good.json" >"$J/huge-duration.json"
sed 's/"duration_seconds": 1,/"duration_seconds": 1e999,/' "$FX/good.json" >"$J/inf-duration.json"
sed 's/"duration_seconds": 1,/"duration_seconds": -1,/' "$FX/good.json" >"$J/neg-duration.json"
sed 's/"duration_seconds": 1,/"duration_seconds": "one",/' "$FX/good.json" >"$J/string-duration.json"
sed 's/"duration_seconds": 1,/"duration_seconds": [1],/' "$FX/good.json" >"$J/array-duration.json"
sed 's/"duration_seconds": 1,/"duration_seconds": NaN,/' "$FX/good.json" >"$J/nan-duration.json"
sed 's/"profile": {/"profile": 7, "x": {/' "$FX/good.json" >"$J/profile-int.json"
sed 's/"schema": "ioprobe-result\/1"/"schema": "ioprobe-result\/999"/' "$FX/good.json" >"$J/schema-999.json"
sed 's/"schema": "ioprobe-result\/1",//' "$FX/good.json" >"$J/no-schema.json"
sed 's/"version": "0.1.0"/"version": "%n%s%n%s%n"/' "$FX/good.json" >"$J/format-string.json"
sed "s/\"engine_note\": \"\"/\"engine_note\": \"$(printf 'n%.0s' $(seq 100000))\"/" "$FX/good.json" >"$J/long-string.json"
sed 's/"engine_note": ""/"engine_note": "\\u0000\\ud800\\uffff"/' "$FX/good.json" >"$J/escapes.json"
{ head -c 500 "$FX/good.json"; printf '\0'; tail -c +501 "$FX/good.json"; } >"$J/nul.json"
sed 's/"engine": "null"/"engine": "null", "engine": "io_uring"/' "$FX/good.json" >"$J/dup-key.json"
{ cat "$FX/good.json"; echo '{}'; } >"$J/trailing.json"
head -c 4096 /dev/urandom | tr -d '\0' >"$J/binary.json"
printf '\xef\xbb\xbf' | cat - "$FX/good.json" >"$J/bom.json"
python3 -c 'import sys; sys.stdout.write("[" + ",".join(["1"]*2000000) + "]\n")' >"$J/wide-array.json" 2>/dev/null ||
	cp "$J/deep-array.json" "$J/wide-array.json"

}

# --------------------------------------------------------------- the runner

snap() {
	find "$T" -printf '%p %y %s %T@ %m\n' | sort
	find "$T" -type f -size -1000k -perm -u=r -exec sha256sum {} + 2>/dev/null | sort
}
full_sums() { find "$T" -type f -exec sha256sum {} + 2>/dev/null | sort; }
# restore: put the fixtures back after a case changed them
restore() {
	find "$T" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
	cp -a "$PRISTINE/." "$T/"
	SNAP=$(snap)
}

# expect_rc WANT [--max-lines N] [--as-nobody] -- ARGS...: run ioprobe ARGS
# and check the exit status is WANT, no signal, no timeout, <= 3 (or N)
# stderr lines, no change.
expect_rc() {
	local want=$1 as=() desc why=() lines after maxl=3
	shift
	if [ "$1" = --max-lines ]; then
		maxl=$2
		shift 2
	fi
	if [ "$1" = --as-nobody ]; then
		as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
		shift
	fi
	[ "$1" = -- ] && shift
	ncase=$((ncase + 1))
	[ $((ncase % NW)) -eq "$WORKER" ] || return 0
	desc=$(printf '%q ' "$@")
	[ ${#desc} -gt 160 ] && desc="${desc:0:150}...(${#desc} chars)"
	desc="case $ncase: ${as:+[as nobody] }$desc"
	timeout -k 2 10 "${as[@]+"${as[@]}"}" "$IOPROBE" "$@" \
		</dev/null >"$O/out.$WORKER" 2>"$O/err.$WORKER"
	rc=$?
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		why+=("timed out after 10 s")
	elif [ "$rc" -ge 128 ]; then
		why+=("killed by signal $((rc - 128))")
	elif [ "$rc" -ne "$want" ]; then
		why+=("exit status $rc, want $want")
	fi
	if grep -qaE 'CANARY-battery|^root:|[^a-z]root:[*!$]' "$O/out.$WORKER" "$O/err.$WORKER"; then
		why+=("printed the text of a file it must not read")
	fi
	lines=$(wc -l <"$O/err.$WORKER")
	[ "$lines" -gt "$maxl" ] && why+=("$lines lines on stderr")
	after=$(snap)
	if [ "$after" != "$SNAP" ]; then
		why+=("test folder changed: $(diff <(echo "$SNAP") <(echo "$after") |
			grep '^[<>]' | grep -v " d [0-9]* [0-9.]* [0-7]*$" |
			head -4 | tr '\n' ' ' | cut -c1-400)")
		restore
	fi
	if [ ${#why[@]} -eq 0 ]; then
		ok "$desc"
	else
		local IFS=';'
		nok "$desc: ${why[*]}; stderr: $(head -c 400 "$O/err.$WORKER" | tr '\n\t' '|>' | cat -v)"
		failed_cases+=("$ncase")
	fi
}

# battery: the whole table, in worker $WORKER's folder $T
battery() {
fixtures
PRISTINE=$O/p$WORKER
mkdir "$PRISTINE" && cp -a "$T/." "$PRISTINE/"
export HOME=$T/home XDG_DATA_HOME=$T/xdg XDG_CONFIG_HOME=$T/xdg-config
cd "$T" || exit 1
SUMS0=$(full_sums)
SNAP=$(snap)
ncase=0
RUN=(--engine=null -d1 -W0)

# ------------------------------------------------- switches x hostile values
# The hostile values, in the order of the table's columns.
VALS=('' -1 0 99999999999999999999 1e9 0x10 1K5 K 4k4k - '４' $'\t' '%n%s' "$LONGV" "$BIN")
#   columns: ''  -1  0  huge  1e9  0x10  1K5  K  4k4k  -  ４  tab  %n%s  5000  bin

# matrix SWITCH "WANTS" PRE... -- POST...: runs PRE SWITCHvalue POST for
# every hostile value; WANTS has one expected status per value.
matrix() {
	local sw=$1 wants=($2) pre=() post=() i
	shift 2
	while [ "$1" != "--" ]; do pre+=("$1"); shift; done
	shift
	post=("$@")
	for i in "${!VALS[@]}"; do
		expect_rc "${wants[$i]}" -- "${pre[@]+"${pre[@]}"}" "$sw${VALS[$i]}" \
			"${post[@]+"${post[@]}"}"
	done
}

# -W, -C, -D and -P read their value as DiskSpd's atoi does (no digits
# is 0), and -L and -h ignore what follows the letter, as DiskSpd does
# (the README's Switches)
#	switch	''  -1  0  huge 1e9 0x10 1K5 K 4k4k -  ４ tab %n%s 5000 bin
matrix -b	"2  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -B	"2  2   0  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -c	"2  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$N"
matrix -d	"2  2   2  2    0   2    0   2 0    2  2  2   2    2    2" --engine=null -W0 -- "$S"
matrix -W	"0  2   0  2    0   0    0   0 0    2  0  0   0    2    0" --engine=null -d1 -- "$S"
matrix -C	"0  2   0  2    0   0    0   0 0    2  0  0   0    2    0" "${RUN[@]}" -- "$S"
matrix -o	"2  2   2  2    0   2    0   2 0    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -t	"2  2   2  2    0   2    0   2 0    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -T	"2  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -t2 -- "$S"
matrix -s	"0  2   0  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -r	"0  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -w	"2  2   0  2    0   0    0   2 0    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -g	"2  2   2  2    0   2    0   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -D	"0  2   0  2    0   0    0   0 0    2  0  0   0    2    0" "${RUN[@]}" -- "$S"
matrix -P	"0  2   0  2    0   0    0   0 0    2  0  0   0    2    0" "${RUN[@]}" -- "$S"
matrix -z	"0  2   0  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -Z	"0  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -w50 -- "$S"
matrix -a	"0  2   0  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -f	"2  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -F	"2  2   2  2    0   2    0   2 0    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -O	"2  2   2  2    0   2    0   2 0    2  2  2   2    2    2" "${RUN[@]}" -F1 -- "$S"
matrix -j	"2  2   2  2    0   2    0   2 0    2  2  2   2    2    2" "${RUN[@]}" -i4 -- "$S"
matrix -i	"2  2   2  2    0   2    0   2 0    2  2  2   2    2    2" "${RUN[@]}" -j10 -- "$S"
matrix -R	"2  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -S	"0  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -L	"0  0   0  0    0   0    0   0 0    0  0  0   0    0    0" "${RUN[@]}" -- "$S"
matrix -h	"0  0   0  0    0   0    0   0 0    0  0  0   0    0    0" "${RUN[@]}" -- "$S"
matrix -rdpct	"2  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -r -- "$S"
matrix -rdabs	"2  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -r -- "$S"
matrix -rs	"2  2   2  2    0   2    0   2 0    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix -X	"2  2   2  2    2   2    2   2 2    2  2  2   2    2    2" -- "$S"
matrix --engine= "2 2   2  2    2   2    2   2 2    2  2  2   2    2    2" -d1 -W0 -- "$S"
matrix --batch=	"2  2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix --output= "2 2   2  2    2   2    2   2 2    2  2  2   2    2    2" "${RUN[@]}" -- "$S"
matrix --label=	"2  0   0  0    0   0    0   0 0    0  0  2   0    0    2" "${RUN[@]}" -- "$S"
matrix --allow-device-writes= "2 0 0 0  0   0    0   0 0    0  0  0   0    0    0" "${RUN[@]}" -- "$S"

# long options given as the next word, or with nothing after them
expect_rc 2 -- --engine "${RUN[@]:1}" "$S"
expect_rc 2 -- --engine '' -d1 -W0 "$S"
expect_rc 2 -- "${RUN[@]}" --batch
expect_rc 2 -- "${RUN[@]}" --batch -1 "$S"
expect_rc 2 -- "${RUN[@]}" --output
expect_rc 2 -- "${RUN[@]}" --output '' "$S"
expect_rc 2 -- "${RUN[@]}" --label
expect_rc 2 -- "${RUN[@]}" --allow-device-writes
expect_rc 2 -- "${RUN[@]}" --no-such-option "$S"
expect_rc 2 -- "${RUN[@]}" --engine=null=null "$S"
expect_rc 2 -- "${RUN[@]}" --batch=4097 "$S"
expect_rc 2 -- "${RUN[@]}" --batch=18446744073709551617 "$S"
expect_rc 2 -- "${RUN[@]}" --output=text "$S"
expect_rc 2 -- "${RUN[@]}" --output=text: "$S"
expect_rc 2 -- "${RUN[@]}" --output=bogus:x "$S"
expect_rc 2 -- "${RUN[@]}" --output=:x "$S"
expect_rc 0 -- "${RUN[@]}" --output=json:- "$S"
expect_rc 2 -- "${RUN[@]}" --output=json:"$T/dir" "$S"
expect_rc 2 -- "${RUN[@]}" --output=json:"$T/missing/r.json" "$S"
# devices and FIFOs are written through (never replaced): a FIFO nobody
# reads and /dev/full fail when written, /dev/zero and /dev/null take it
expect_rc 1 -- "${RUN[@]}" --output=json:"$T/fifo" "$S"
expect_rc 1 -- "${RUN[@]}" --output=json:"$DFULL" "$S"
expect_rc 0 -- "${RUN[@]}" --output=json:"$DZERO" "$S"
expect_rc 0 -- "${RUN[@]}" --output=text:"$DNULL" "$S"
expect_rc 2 -- "${RUN[@]}" --output=json:"$T/loop-a" "$S"
expect_rc 2 -- "${RUN[@]}" --output=json:"$LONGNAME" "$S"
[ -n "$SOCK" ] && expect_rc 2 -- "${RUN[@]}" --output=json:"$SOCK" "$S"
[ -n "$LOOPN" ] && expect_rc 2 -- "${RUN[@]}" --output=json:"$LOOPN" "$S"
expect_rc 2 -- "${RUN[@]}" $(for k in $(seq 9); do echo --output=json:-; done) "$S"
# two --output to one file: the last would replace the first
expect_rc 2 -- "${RUN[@]}" --output=json:"$O/two.json" --output=xml:"$O/two.json" "$S"
expect_rc 2 -- "${RUN[@]}" --output=json:"$T/good.json" --output=xml:"$T/dir/../good.json" "$S"
expect_rc 2 -- "${RUN[@]}" --output=json:- --output=xml:- "$S"
# a series that cannot be written leaves nothing (a character device)
expect_rc 2 -- "${RUN[@]}" --series="$DFULL" "$S"

# other single-letter oddities
expect_rc 2 -- "${RUN[@]}" -Q "$S"
expect_rc 2 -- "${RUN[@]}" - "$S"
expect_rc 2 -- "${RUN[@]}" -- "$S"
expect_rc 2 -- "${RUN[@]}" -rd "$S"
expect_rc 2 -- "${RUN[@]}" -r -rdfoo "$S"
expect_rc 2 -- "${RUN[@]}" -r -rdpct10/10:10/10:10/10:10/10:10/10:10/10:10/10:10/10:10/10:10/10:10/10 "$S"
expect_rc 2 -- "${RUN[@]}" -r -rdpct101/100 "$S"
expect_rc 2 -- "${RUN[@]}" -r -rdabs50/99999999999999999999T "$S"
expect_rc 2 -- "${RUN[@]}" -Sbuhmrw "$S"
expect_rc 2 -- "${RUN[@]}" -Sbb "$S"
expect_rc 2 -- "${RUN[@]}" -B1M:99999999999999999999 "$S"
expect_rc 2 -- "${RUN[@]}" -B: "$S"
expect_rc 2 -- "${RUN[@]}" -B0: "$S"
expect_rc 2 -- "${RUN[@]}" -ag99,0 "$S"
expect_rc 2 -- "${RUN[@]}" -ag0, "$S"
expect_rc 2 -- "${RUN[@]}" -a0,,1 "$S"
expect_rc 2 -- "${RUN[@]}" -a5 "$S"
expect_rc 2 -- "${RUN[@]}" -a4294967296 "$S"
expect_rc 2 -- "${RUN[@]}" -gi "$S"
expect_rc 2 -- "${RUN[@]}" -g0i "$S"
expect_rc 2 -- "${RUN[@]}" -I0 "$S"
expect_rc 2 -- "${RUN[@]}" -I4 "$S"
expect_rc 2 -- "${RUN[@]}" -I-1 "$S"
expect_rc 2 -- "${RUN[@]}" -Nx -Sm "$S"
expect_rc 2 -- "${RUN[@]}" -Rpbogus "$S"
expect_rc 2 -- "${RUN[@]}" -ybogus "$S"
expect_rc 2 -- "${RUN[@]}" -:-1 "$S"
expect_rc 2 -- "${RUN[@]}" -:99999999999999999999 "$S"
expect_rc 2 -- "${RUN[@]}" -Zr,x "$S"
expect_rc 2 -- "${RUN[@]}" -w50 -Z64K,"$T/missing" "$S"
expect_rc 2 -- "${RUN[@]}" -w50 -Z64K,"$T/fifo" "$S"
expect_rc 0 -- "${RUN[@]}" -w50 -Z64K,"$DZERO" "$S"
expect_rc 2 -- "${RUN[@]}" -w50 -Z64K,"$T/dir" "$S"
expect_rc 0 -- "${RUN[@]}" -w50 -Z64K, "$S"
expect_rc 2 -- "${RUN[@]}" -s -si "$S"
expect_rc 0 -- "${RUN[@]}" -rs50 -rs60 "$S"
expect_rc 2 -- "${RUN[@]}" -f1M -f2M "$S"
expect_rc 2 -- "${RUN[@]}" -frx "$S"
expect_rc 2 -- "${RUN[@]}" -X"$T/good.xml" -b4K "$S"
expect_rc 2 -- "${RUN[@]}" -X"$T/good.xml" -X"$T/good.xml" "$S"

# known problems: combinations that must be refused before the -c file is
# created, and sizes that would exhaust memory
expect_rc 2 -- "${RUN[@]}" -c16M -Sr "$N"
expect_rc 2 -- "${RUN[@]}" -c1 -b4K "$N"
expect_rc 2 -- "${RUN[@]}" -c1M -B2M "$N"
expect_rc 2 -- "${RUN[@]}" -c1000 -Su -b4K "$N"
expect_rc 2 -- "${RUN[@]}" -c1M -b3000 -Su "$N"
expect_rc 2 -- "${RUN[@]}" -c1M -a5 "$N"
expect_rc 2 -- "${RUN[@]}" -c1M "$LONGNAME"
expect_rc 2 -- "${RUN[@]}" -b64M -t4 -o32 "$S"
# 4 GiB of write source fits this machine's memory with writes; without
# writes it is never allocated
expect_rc 0 -- "${RUN[@]}" -w0 -Z4294967296 "$S"
expect_rc 2 -- "${RUN[@]}" -w50 -Z1T "$S"
expect_rc 2 -- --engine=null -t65536 -o1 -d1 -W0 "$S"
expect_rc 2 -- --engine=null -t1 -o1000000 -d1 -W0 "$S"
expect_rc 2 -- --engine=null -F100000 -O1 -d1 -W0 "$S"
expect_rc 2 -- "${RUN[@]}" -b1G -o64 "$S"
# -c on files that are not ioprobe's: must not be touched
expect_rc 2 -- "${RUN[@]}" -c1M "$S"
expect_rc 2 -- "${RUN[@]}" -c1M "$T/good.xml"
expect_rc 2 -- "${RUN[@]}" -c1M "$NL"
expect_rc 2 -- "${RUN[@]}" -c1M "$T/dir"
expect_rc 2 -- "${RUN[@]}" -c1M "$T/fifo"
expect_rc 2 -- "${RUN[@]}" -c1M "$T/dangling"
expect_rc 2 -- "${RUN[@]}" -c1M "$T/loop-a"
expect_rc 2 -- "${RUN[@]}" -c1M "$DFULL"
expect_rc 2 -- "${RUN[@]}" -c1M "$DNULL"
[ -n "$SOCK" ] && expect_rc 2 -- "${RUN[@]}" -c1M "$SOCK"

# ----------------------------------------------------- targets of every type
# a target that cannot be one (not a regular file or block device, a
# name the kernel refuses, a link loop) is a usage error, found up front;
# one that cannot be opened (missing, no permission) fails the run
for w in 0 50; do
	expect_rc 1 -- "${RUN[@]}" -w$w "$T/missing"
	expect_rc 2 -- "${RUN[@]}" -w$w "$T/dir"
	expect_rc 2 -- "${RUN[@]}" -w$w "$T/fifo"
	expect_rc 2 -- "${RUN[@]}" -w$w "$DNULL"
	expect_rc 2 -- "${RUN[@]}" -w$w "$DZERO"
	expect_rc 2 -- "${RUN[@]}" -w$w "$DFULL"
	expect_rc 2 -- "${RUN[@]}" -w$w "$T/loop-a"
	expect_rc 1 -- "${RUN[@]}" -w$w "$T/dangling"
	[ -n "$SOCK" ] && expect_rc 2 -- "${RUN[@]}" -w$w "$SOCK"
	expect_rc 1 -- "${RUN[@]}" -w$w /proc/self/mem
	expect_rc 1 --as-nobody -- "${RUN[@]}" -w$w "$T/secret.dat"
	expect_rc 2 -- "${RUN[@]}" -w$w "$LONGNAME"
	expect_rc 2 -- "${RUN[@]}" -w$w "$LONGPATH"
	expect_rc 2 -- "${RUN[@]}" -w$w ''
done
expect_rc 0 -- "${RUN[@]}" "$NL"
expect_rc 0 -- "${RUN[@]}" "$S" "$NL"
expect_rc 0 --as-nobody -- "${RUN[@]}" "$S"
expect_rc 1 -- "${RUN[@]}" "$S" "$T/missing"
expect_rc 2 -- "${RUN[@]}" "$S" "$T/fifo"
expect_rc 1 -- "${RUN[@]}" /proc/self/status
expect_rc 2 -- "${RUN[@]}" /proc/self/fd/0
expect_rc 0 -- "${RUN[@]}" -b4K /sys/kernel/mm/transparent_hugepage/enabled
if [ -n "$LOOPN" ]; then
	expect_rc 1 -- "${RUN[@]}" -w50 "$LOOPN"
	expect_rc 1 -- "${RUN[@]}" -w50 -c1M "$LOOPN"
	expect_rc 1 -- "${RUN[@]}" --allow-device-writes="$DNULL" -w50 "$LOOPN"
	expect_rc 1 -- "${RUN[@]}" --allow-device-writes="$S" -w50 "$LOOPN"
	expect_rc 1 --as-nobody -- "${RUN[@]}" "$LOOPN"
	expect_rc 2 -- "${RUN[@]}" -B2M "$LOOPN"
	expect_rc 2 -- "${RUN[@]}" -b3000 -Su "$LOOPN"
else
	[ "$WORKER" -eq 0 ] && skip "loop device cases" "no loop device"
fi

# ----------------------------------------------------------- XML profiles -X
for f in "$X"/*.xml; do
	case $(basename "$f") in
	utf16-no-decl.xml|xxe-dtd.xml|xxe-param.xml)
		want=0 ;;	# valid UTF-16; DTDs are never loaded
	*)	want=2 ;;
	esac
	expect_rc $want -- -X"$f" --engine=null "$S"
done
expect_rc 2 -- -X"$T/fifo" "$S"
expect_rc 2 -- -X"$DZERO" "$S"
expect_rc 2 -- -X"$DNULL" "$S"
expect_rc 2 -- -X"$DFULL" "$S"
expect_rc 2 -- -X"$T/dir" "$S"
expect_rc 2 -- -X"$T/missing.xml" "$S"
expect_rc 2 -- -X"$T/dangling" "$S"
expect_rc 2 -- -X"$T/loop-a" "$S"
expect_rc 2 -- -X/proc/self/mem "$S"
expect_rc 2 -- -X"$LONGNAME" "$S"
expect_rc 2 --as-nobody -- -X"$T/secret.dat" "$S"
[ -n "$SOCK" ] && expect_rc 2 -- -X"$SOCK" "$S"
expect_rc 2 -- -X"$T/good.xml"
expect_rc 2 -- -X"$T/good.xml" "$S" "$S"
expect_rc 0 -- -X"$T/good.xml" --engine=null "$S"

# ------------------------------------------------------- ioprobe show FILE
for f in "$J"/*.json; do
	case $(basename "$f") in
	dup-key.json|escapes.json|format-string.json)
		want=0 ;;	# valid JSON, odd text
	*)	want=2 ;;
	esac
	expect_rc $want -- show "$f"
done
expect_rc 0 -- show "$T/good.json"
expect_rc 2 -- show
expect_rc 2 -- show ''
expect_rc 2 -- show "$T/missing.json"
expect_rc 2 -- show "$T/dir"
expect_rc 2 -- show "$T/fifo"
expect_rc 2 -- show "$DZERO"
expect_rc 2 -- show "$DNULL"
expect_rc 2 -- show /proc/self/mem
expect_rc 2 -- show "$T/loop-a"
expect_rc 2 -- show "$LONGNAME"
expect_rc 2 --as-nobody -- show "$T/secret.dat"
expect_rc 2 -- show "$T/good.xml"
expect_rc 2 -- show "$T/good.json" "$T/good.json"
expect_rc 2 -- show "$T/good.json" -Rbogus
expect_rc 2 -- show "$T/good.json" -R
expect_rc 2 -- show "$T/good.json" --bogus
expect_rc 2 -- show -Rjson
expect_rc 0 -- show "$T/good.json" -Rjson
expect_rc 0 -- show "$T/good.json" -Rxml

# ------------------------------------------- ioprobe compare --history FILE
for f in "$C"/*.csv; do
	case $(basename "$f") in
	huge-iops.csv)
		want=0 ;;	# a one-I/O latency test is judged by its P99,
				# which did not change (1e35 IOPS is damage)
	neg-nan.csv|wrong-types.csv)
		want=2 ;;	# every row damaged: nothing to compare
	no-header.csv|inf.csv|format-label.csv|\
	long-label.csv|nul.csv|extra-fields.csv|open-quote.csv|many-bad-lines.csv|\
	long-line.csv|json-shadow-fifo.csv|json-zero-mem.csv|crlf.csv|bom.csv|\
	many-rows.csv)
		want=0 ;;	# damaged lines skipped; the rest compares
	*)	want=2 ;;
	esac
	expect_rc $want -- compare --history "$f"
done
expect_rc 0 -- compare --history "$T/good.csv"
expect_rc 2 -- compare --history
expect_rc 2 -- compare --history ''
expect_rc 2 -- compare --history "$T/missing.csv"
expect_rc 1 -- compare --history "$T/dir"
expect_rc 2 -- compare --history "$T/fifo"
expect_rc 2 -- compare --history "$DZERO"
expect_rc 2 -- compare --history "$DNULL"
expect_rc 2 -- compare --history /proc/self/mem	# reads empty: no runs
expect_rc 1 -- compare --history "$T/loop-a"
expect_rc 1 -- compare --history "$LONGNAME"
expect_rc 1 --as-nobody -- compare --history "$T/secret.dat"
expect_rc 2 -- compare --history "$T/good.csv" --from
expect_rc 2 -- compare --history "$T/good.csv" --to
expect_rc 2 -- compare --history "$T/good.csv" --from ''
expect_rc 2 -- compare --history "$T/good.csv" --from nosuch
expect_rc 2 -- compare --history "$T/good.csv" --from '%n%s' --to b
expect_rc 2 -- compare --history "$T/good.csv" --from "$LONGV"
expect_rc 2 -- compare --history "$T/good.csv" -Rbogus
expect_rc 2 -- compare --history "$T/good.csv" -R
expect_rc 2 -- compare --history "$T/good.csv" --bogus
expect_rc 2 -- compare --history "$T/good.csv" extra
expect_rc 0 -- compare --history "$T/good.csv" -Rjson
expect_rc 0 -- compare --history "$T/good.csv" -Rcsv
expect_rc 0 -- compare --history "$T/good.csv" -Rhtml
expect_rc 0 -- compare --history "$T/good.csv" --from a --to a
expect_rc 2 -- compare	# the default history under $XDG_DATA_HOME is missing

# ------------------------------------------------------- ioprobe suite ...
SU=(suite "$T/dir" --duration 1 --warmup 0 --file-size 1M --history "$T/h.csv")
expect_rc 2 -- suite
expect_rc 2 -- suite ''
# a missing folder lists the mounted filesystems to choose from
expect_rc 2 --max-lines 40 -- suite "$T/missing/deeper"
expect_rc 2 -- suite "$S"
expect_rc 2 -- suite "$T/fifo"
expect_rc 2 -- suite "$DNULL"
expect_rc 2 -- suite "$LONGNAME"
for o in --duration --warmup --file-size; do
	for v in '' -1 0 99999999999999999999 1e9 0x10 K - '４' '%n%s' "$BIN"; do
		[ "$o" = --warmup ] && [ "$v" = 0 ] && continue
		[ "$o" = --warmup ] && [ "$v" = 0x10 ] && continue
		expect_rc 2 -- "${SU[@]}" "$o" "$v"
	done
	expect_rc 2 -- "${SU[@]}" "$o"
done
expect_rc 2 -- "${SU[@]}" --duration 86401000
expect_rc 2 -- "${SU[@]}" --file-size 1
expect_rc 2 -- "${SU[@]}" --file-size 1000P
for v in '' nosuch , ,, 'randread4k,' 'randread4k,nosuch' '%n%s' "$LONGV" "$BIN"; do
	expect_rc 2 -- "${SU[@]}" --profiles "$v"
done
expect_rc 2 -- "${SU[@]}" --profiles "$(printf 'latency4k,%.0s' $(seq 16))latency4k"
expect_rc 2 -- "${SU[@]}" --profiles
expect_rc 2 -- "${SU[@]}" --history ''
expect_rc 2 -- "${SU[@]}" --history "$T/dir"
expect_rc 2 -- "${SU[@]}" --history "$T/missing/h.csv"
expect_rc 2 -- "${SU[@]}" --history "$DFULL"
expect_rc 2 -- "${SU[@]}" --history "$T/fifo"
expect_rc 2 -- "${SU[@]}" --history
expect_rc 2 -- "${SU[@]}" --html "$T/missing/dir/r.html"
expect_rc 2 -- "${SU[@]}" --html "$T/dir"
expect_rc 2 -- "${SU[@]}" --html ''
expect_rc 2 -- "${SU[@]}" --html
for v in '' iops iops= iops=-1 iops=x mbps=1e999 'iops=1,iops=2' bogus=1 '%n%s' "iops=$LONGV"; do
	expect_rc 2 -- "${SU[@]}" --expect "$v"
done
expect_rc 2 -- "${SU[@]}" --expect
expect_rc 2 -- "${SU[@]}" --label
expect_rc 2 -- "${SU[@]}" --label ''
expect_rc 2 -- "${SU[@]}" --label $'a\nb'
# labels are kept whole or refused, never cut
expect_rc 2 -- "${SU[@]}" --label "$(printf 'l%.0s' $(seq 128))"
expect_rc 2 -- "${SU[@]}" --label "$(printf 'é%.0s' $(seq 100))"
# the history is the user's file: a text file, a half header, a link
expect_rc 2 -- "${SU[@]}" --history "$T/notes.txt"
expect_rc 2 -- "${SU[@]}" --history "$T/half-header.csv"
expect_rc 2 -- "${SU[@]}" --history "$T/link.csv"
expect_rc 2 -- "${SU[@]}" --history "$C/no-header.csv"
expect_rc 2 -- "${SU[@]}" --history "$C/binary.csv"
expect_rc 2 -- "${SU[@]}" --history "$C/bom.csv"
SW=(sweep -b4K,8K --engine null -d1 -W0 --history "$T/h.csv" "$S")
expect_rc 2 -- "${SW[@]}" --label "$(printf 'l%.0s' $(seq 200))"
expect_rc 2 -- "${SW[@]}" --history "$T/notes.txt"
expect_rc 2 -- "${SW[@]}" --history "$T/link.csv"
expect_rc 2 -- "${SW[@]}" --history "$C/wrong-header.csv"
expect_rc 2 -- "${SU[@]}" --bogus
expect_rc 2 -- "${SU[@]}" -Rxml
expect_rc 2 -- "${SU[@]}" -Rcsv -Rjson -Rbogus
expect_rc 2 -- "${SU[@]}" --profile-file
expect_rc 2 -- "${SU[@]}" --profile-file ''
expect_rc 2 -- "${SU[@]}" --profile-file "$T/missing"
expect_rc 2 -- "${SU[@]}" --profile-file "$T/dir"
expect_rc 2 -- "${SU[@]}" --profile-file "$T/fifo"
expect_rc 2 -- "${SU[@]}" --profile-file "$DZERO"
expect_rc 2 -- "${SU[@]}" --profile-file /proc/self/mem
expect_rc 2 -- "${SU[@]}" --profile-file "$T/good.xml"
expect_rc 2 -- "${SU[@]}" --profile-file "$X/binary.xml"
expect_rc 2 -- "${SU[@]}" --profile-file "$C/long-line.csv"
expect_rc 2 --as-nobody -- "${SU[@]}" --profile-file "$T/secret.dat"

after=$(full_sums)
check_eq "worker $WORKER: every file in its test folder kept its bytes" \
	"$(diff <(echo "$SUMS0") <(echo "$after") | grep -c '^[<>]')" 0
echo "# cases: $ncase"
}

# ------------------------------------------------------------- the summary
BASE=$T
chmod 711 "$BASE"		# the unreadable-file cases run as nobody
pids=()
for ((WORKER = 0; WORKER < NW; WORKER++)); do
	T=$BASE/w$WORKER
	mkdir "$T"
	battery >"$O/log.$WORKER" 2>&1 &
	pids+=($!)
done
T=$BASE
for p in "${pids[@]}"; do wait "$p"; done
cat "$O"/log.*
_failures=$(grep '^not ok' "$O"/log.* | grep -vc '# SKIP')
ncase=$(grep -h '^# cases: ' "$O/log.0" | cut -d' ' -f3)
check "${ncase:-0} cases (at least 500)" test "${ncase:-0}" -ge 500
finish
