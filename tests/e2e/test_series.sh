#!/usr/bin/env bash
# test_series.sh - --series FILE: one line per interval, target and
# direction, written while the run goes.  A run killed with SIGKILL keeps
# every finished interval, each line whole and parseable, with IOPS that
# agree with an uninterrupted twin's report; JSON Lines or CSV by the
# name; the memory stays flat over a long run; the output rules (never
# damage a file ioprobe did not write, refuse a folder or a block device,
# write a FIFO through); failed I/Os counted per interval.
# timeout: 400
. "$(dirname "$0")/lib.sh"

# A tmpfs of our own when we can (stable, no disk), else the temp folder.
D=$T
if need_root && mkdir "$T/tmpfs-v9series" &&
	mount -t tmpfs -o size=160M tmpfs "$T/tmpfs-v9series" 2>/dev/null; then
	D=$T/tmpfs-v9series
	at_exit "unmount '$D'"
fi
f=$D/s.dat
"$IOPROBE" -b4K -d1 -W0 -c16M "$f" >/dev/null 2>&1
# one thread, one request, throttled: the same IOPS in every interval
rate=(-b4K -r -t1 -o1 -g2000i -W0)

data_lines() { grep -c '"iops"' "$1"; }

# ---- killed with SIGKILL after ~5 s, and an uninterrupted twin --------
"$IOPROBE" "${rate[@]}" -d60 --series "$T/k.jsonl" "$f" >/dev/null 2>&1 &
pid=$!
# memory: a 60 s run with -D100 against a 5 s one (null engine, cheap)
mem_run() {
	/usr/bin/time -f %M -o "$T/rss$1" "$IOPROBE" --engine=null -b4K -r \
		-t2 -o1 -g1000i -W0 -D100 -d"$1" --series "$T/m$1.jsonl" "$f" \
		>/dev/null 2>"$T/merr$1"
}
have_time=false
[ -x /usr/bin/time ] && have_time=true
# a sanitizer build's resident memory is its shadow memory, not ours
if $have_time && ! plain_pass_only "series memory" \
	"the resident memory of a sanitizer build is its shadow memory"; then
	have_time=skipped
fi
if [ "$have_time" = true ]; then
	mem_run 60 &
	mpid=$!
	mem_run 5 &
	mpid5=$!
fi
sleep 5
for _ in $(seq 40); do		# a slow start on a busy machine
	[ "$(data_lines "$T/k.jsonl" 2>/dev/null)" -ge 4 ] 2>/dev/null && break
	sleep 0.25
done
kill -9 "$pid"
wait "$pid" 2>/dev/null
n=$(data_lines "$T/k.jsonl")
check "killed run: at least 4 interval lines (${n})" [ "$n" -ge 4 ]
check "killed run: the file ends with a whole line" \
	bash -c "[ \"\$(tail -c1 '$T/k.jsonl' | od -An -c | tr -d ' ')\" = '\\n' ]"
check "killed run: every line parses as JSON" \
	quiet jq -e -s 'length > 4' "$T/k.jsonl"
check "killed run: first line is the header" \
	quiet jq -e -s '.[0].ioprobe_series == 1 and .[0].interval_ms == 1000
		and (.[0].targets | length) == 1' "$T/k.jsonl"
check "killed run: every field of every line" quiet jq -e -s '
	[.[1:][] | select((.time_s | type) == "number" and .interval >= 0 and
		.target == 0 and .dir == "read" and .ios > 0 and .iops > 0 and
		.mib_s > 0 and .mean_ms > 0 and .p50_ms > 0 and
		.p99_ms >= .p50_ms and .max_ms >= .p99_ms and .errors == 0 and
		.inflight > 0 and .inflight <= 1.05 and
		(.length_s > 0.9 and .length_s < 3))] | length > 3' "$T/k.jsonl"
check "killed run: intervals numbered 0, 1, 2 ... one second apart" \
	quiet jq -e -s '[.[1:][] | .interval] == [range(0; length - 1)] and
		([.[1:][] | .time_s] | . == sort)' "$T/k.jsonl"
run_io "${rate[@]}" -d4 -Rjson "$f"
twin=$(jq '.totals.targets[0].read.iops' "$T/out")
check "twin ran (${twin} IOPS)" awk -v t="${twin:-0}" 'BEGIN { exit !(t > 100) }'
while read -r iops; do
	check_near "killed run's interval IOPS agree with the twin" \
		"$iops" "${twin:-0}" 0.10
done < <(jq -r 'select(.iops) | .iops' "$T/k.jsonl")

# ---- memory --------------------------------------------------------------
if [ "$have_time" = true ]; then
	wait "$mpid5" "$mpid"
	a=$(cat "$T/rss5") b=$(cat "$T/rss60")
	check "60 s run with -D100: max RSS within 1 MiB of a 5 s run (${b} vs ${a} KiB)" \
		[ $((b - a)) -le 1024 ]
	n=$(data_lines "$T/m60.jsonl")
	# a stalled sampler (a busy machine) merges intervals: 90 % at least
	check "60 s run with -D100: about 600 lines ($n)" \
		bash -c "[ $n -ge 540 ] && [ $n -le 601 ]"
elif [ "$have_time" = false ]; then
	skip "series memory" "/usr/bin/time missing"
fi

# ---- CSV, several targets and both directions ---------------------------
g=$D/t.dat
"$IOPROBE" -b4K -d1 -W0 -c8M "$g" >/dev/null 2>&1
run_io --engine=null -b4K -w50 -d2 -W0 -D500 --series "$T/s.csv" "$f" "$g"
check_eq "CSV run: exit 0" "$rc" 0
check_eq "CSV: the header line" "$(head -1 "$T/s.csv")" \
	"time_s,unix_s,interval,length_s,target,path,dir,ios,iops,mib_s,mean_ms,p50_ms,p99_ms,max_ms,errors,inflight"
check "CSV: 16 columns on every line" \
	awk -F, 'NF != 16 { exit 1 }' "$T/s.csv"
check_eq "CSV: 4 intervals x 2 targets x 2 directions" \
	"$(tail -n +2 "$T/s.csv" | wc -l)" 16
check_eq "CSV: each target and direction once per interval" \
	"$(tail -n +2 "$T/s.csv" | cut -d, -f3,5,7 | sort -u | wc -l)" 16
check "CSV: the paths" bash -c "grep -q ',0,$f,read,' '$T/s.csv' &&
	grep -q ',1,$g,write,' '$T/s.csv'"
run_io --engine=null -b4K -d1 -W0 --series "$T/s.json" "$f"
check_eq ".json is JSON Lines too: 1 data line" "$(data_lines "$T/s.json")" 1

# ---- the name decides the format, or the run is refused ---------------
run_io --engine=null -d1 -W0 --series "$T/s.txt" "$f"
check_eq "--series s.txt: exit 2" "$rc" 2
check "--series s.txt: names the switch and the value" \
	grep -q "^ioprobe: error: invalid --series '$T/s.txt': expected a file name ending in .jsonl or .json (JSON Lines) or .csv$" "$T/err"
check "--series s.txt: nothing created" [ ! -e "$T/s.txt" ]

# ---- what an existing PATH may be ---------------------------------------
echo "precious,data" >"$T/mine.csv"
sum=$(sha256sum <"$T/mine.csv")
run_io --engine=null -d1 -W0 --series "$T/mine.csv" "$f"
check_eq "a file ioprobe did not write: exit 2" "$rc" 2
check "a file ioprobe did not write: refused, by name" \
	grep -q "refusing to overwrite --series '$T/mine.csv': it is not a series file ioprobe wrote" "$T/err"
check_eq "a file ioprobe did not write: bytes unchanged" \
	"$(sha256sum <"$T/mine.csv")" "$sum"
ln -s "$T/mine.csv" "$T/link.csv"
run_io --engine=null -d1 -W0 --series "$T/link.csv" "$f"
check_eq "a symlink to such a file: exit 2" "$rc" 2
check_eq "a symlink to such a file: bytes unchanged" \
	"$(sha256sum <"$T/mine.csv")" "$sum"
check "a symlink to such a file: still a symlink" [ -L "$T/link.csv" ]
run_io --engine=null -d2 -W0 --series "$T/s.csv" "$f"
check_eq "our own earlier series: rewritten, exit 0" "$rc" 0
check_eq "our own earlier series: only this run's lines" \
	"$(tail -n +2 "$T/s.csv" | wc -l)" 2
: >"$T/empty.jsonl"
run_io --engine=null -d1 -W0 --series "$T/empty.jsonl" "$f"
check "an empty file: written" bash -c "[ $rc -eq 0 ] && [ \"\$(grep -c iops '$T/empty.jsonl')\" -eq 1 ]"
mkdir "$T/dir.jsonl"
run_io --engine=null -d1 -W0 --series "$T/dir.jsonl" "$f"
check_eq "a folder: exit 2" "$rc" 2
check "a folder: says so" grep -q "cannot write --series '$T/dir.jsonl': .*directory" "$T/err"
ln -s /dev/null "$T/null.jsonl"
run_io --engine=null -d1 -W0 --series "$T/null.jsonl" "$f"
check_eq "a symlink to /dev/null: written through, exit 0" "$rc" 0
check "/dev/null is still a character device" [ -c /dev/null ]
mkfifo "$T/fifo.jsonl"
timeout 20 "$IOPROBE" --engine=null -d1 -W0 --series "$T/fifo.jsonl" "$f" \
	>/dev/null 2>"$T/err"
rc=$?
check_eq "a FIFO without a reader: exit 2 at once" "$rc" 2
check "a FIFO without a reader: says so" grep -q "no reader" "$T/err"
cat "$T/fifo.jsonl" >"$T/fifo.out" &
cpid=$!
sleep 0.2
run_io --engine=null -d2 -W0 --series "$T/fifo.jsonl" "$f"
wait "$cpid"
check_eq "a FIFO with a reader: exit 0" "$rc" 0
check_eq "a FIFO with a reader: the reader got every line" \
	"$(data_lines "$T/fifo.out")" 2
if need_root && command -v losetup >/dev/null; then
	truncate -s 8M "$T/back-v9series"
	L=$(losetup -f --show "$T/back-v9series" 2>/dev/null)
	if [ -n "$L" ]; then
		at_exit "losetup -j '$T/back-v9series' | grep -q '^$L:' && losetup -d '$L'"
		ln -s "$L" "$T/dev.jsonl"
		sum=$(sha256sum <"$L")
		run_io --engine=null -d1 -W0 --series "$T/dev.jsonl" "$f"
		check_eq "a block device: exit 2" "$rc" 2
		check "a block device: says so" grep -q "it is a block device" "$T/err"
		check_eq "a block device: bytes unchanged" "$(sha256sum <"$L")" "$sum"
		check "a block device: the symlink stays" [ -L "$T/dev.jsonl" ]
	else
		skip "series on a block device" "no free loop device"
	fi
else
	skip "series on a block device" "needs root and losetup"
fi

# ---- failed I/Os per interval (a loop device over a full tmpfs) ---------
if need_root && command -v losetup >/dev/null &&
	mkdir "$T/full-v9series" &&
	mount -t tmpfs -o size=4M tmpfs "$T/full-v9series" 2>/dev/null; then
	at_exit "unmount '$T/full-v9series'"
	truncate -s 64M "$T/full-v9series/back"
	E=$(losetup -f --show --direct-io=off "$T/full-v9series/back" 2>/dev/null)
	if [ -n "$E" ]; then
		at_exit "losetup -j '$T/full-v9series/back' | grep -q '^$E:' && losetup -d '$E'"
		run_io -d2 -W0 -w100 -b64K -o4 -t1 -Sh --continue-on-error \
			--allow-device-writes="$E" --series "$T/e.jsonl" "$E"
		check_eq "failed writes: exit 1" "$rc" 1
		got=$(jq -s '[.[1:][] | .errors] | add' "$T/e.jsonl")
		want=$(grep -Eo '^ioprobe: error: [0-9]+ I/Os? failed' "$T/err" | grep -Eo '[0-9]+' | head -1)
		check "failed writes: counted in the series (${got:-none} of ${want:-none})" \
			awk -v g="${got:-0}" -v w="${want:-0}" 'BEGIN { exit !(g > 0 && g <= w) }'
	else
		skip "series error counts" "no free loop device"
	fi
else
	skip "series error counts" "needs root, losetup and a tmpfs"
fi
finish
