#!/usr/bin/env bash
# run.sh - the test runner: every unit test binary (cmocka, TAP output) and
# every end-to-end script in tests/e2e/, several at a time, each under a
# timeout; it ends with one line: "N passed, N failed, N skipped".  Skips
# are printed with their reason; each test's line ends with its seconds.
#
#   IOPROBE=BIN UNIT_DIR=DIR bash tests/run.sh          one pass
#   bash tests/run.sh --pass NAME BIN UNIT_DIR [--sanitized] --pass ...
#                                   several passes in one schedule (CI)
#
# Env: ONLY (regex on the names, e.g. 'e2e/test_xml|unit/test_parse'),
# JOBS (tests at once, default two per CPU), TEST_TIMEOUT (seconds a test
# may take, default 300, twice that in a sanitized pass), E2E_DIR (the
# scripts' folder, default tests/e2e), IOPROBE_SANITIZED (one pass: a
# sanitizer build).
#
# Markers in a script's first 40 lines:
#   # serial: WHY        runs alone, nothing else beside it (throughput and
#                        latency figures that a busy machine would bend)
#   # serial-plain: WHY  alone in a plain pass only: its timing checks are
#                        plain_pass_only, so a sanitized pass runs it beside
#                        others
#   # timeout: N         its own timeout in seconds instead of TEST_TIMEOUT
# Serial scripts run first, back to back, while the machine is otherwise
# idle; then the rest, longest timeout first, JOBS at a time.  Every test
# gets its own XDG_DATA_HOME, so none reads or grows another's (or the
# user's) default history.
set -u
here=$(cd "$(dirname "$0")" && pwd)
e2e=${E2E_DIR:-$here/e2e}
jobs=${JOBS:-$(($(nproc 2>/dev/null || echo 1) * 2))}
limit=${TEST_TIMEOUT:-300}

# ---- passes: name, binary, unit folder, sanitized ----------------------
P_NAME=() P_BIN=() P_UNIT=() P_SAN=()
while [ $# -gt 0 ]; do
	case $1 in
	--pass)
		[ $# -ge 4 ] || { echo "run.sh: --pass NAME BIN UNIT_DIR" >&2; exit 2; }
		P_NAME+=("$2") P_BIN+=("$(realpath -m "$3")")
		P_UNIT+=("$(realpath -m "$4")") P_SAN+=("")
		shift 4
		if [ "${1:-}" = --sanitized ]; then
			P_SAN[${#P_SAN[@]} - 1]=1
			shift
		fi ;;
	*)
		echo "run.sh: unknown argument '$1'" >&2
		exit 2 ;;
	esac
done
if [ ${#P_NAME[@]} -eq 0 ]; then
	: "${IOPROBE:?IOPROBE must name the ioprobe binary}"
	: "${UNIT_DIR:?UNIT_DIR must name the unit test folder}"
	P_NAME=(tests) P_BIN=("$IOPROBE") P_UNIT=("$UNIT_DIR")
	P_SAN=("${IOPROBE_SANITIZED:-}")
fi
npass=${#P_NAME[@]}

W=$(mktemp -d "${TMPDIR:-/tmp}/ioprobe-run.XXXXXX")
trap 'stop_all; rm -rf "$W"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- the jobs ------------------------------------------------------------
J_NAME=() J_FILE=() J_KIND=() J_PASS=() J_SERIAL=() J_TIMEOUT=()
marker() {	# $1 = file, $2 = marker -> its value
	sed -n "1,40s/^# $2: *//p" "$1" | head -n 1
}
add_job() {	# $1 = pass, $2 = kind (unit/e2e), $3 = file
	local name=$2/$(basename "$3" .sh) ser="" to=$limit m
	[[ -n "${ONLY:-}" && ! "$name" =~ ${ONLY} ]] && return
	[ "$npass" -gt 1 ] && name="${P_NAME[$1]}:$name"
	if [ "$2" = e2e ]; then
		[ -n "$(marker "$3" serial)" ] && ser=1
		[ -n "$(marker "$3" serial-plain)" ] && [ -z "${P_SAN[$1]}" ] &&
			ser=1
		m=$(marker "$3" timeout)
		[[ "$m" =~ ^[0-9]+$ ]] && to=$m
	fi
	[ -n "${P_SAN[$1]}" ] && to=$((to * 2))
	J_NAME+=("$name") J_FILE+=("$3") J_KIND+=("$2") J_PASS+=("$1")
	J_SERIAL+=("$ser") J_TIMEOUT+=("$to")
}
for ((p = 0; p < npass; p++)); do
	for t in "${P_UNIT[$p]}"/test_*; do
		[ -f "$t" ] && [ -x "$t" ] && add_job "$p" unit "$t"
	done
	for t in "$e2e"/test_*.sh; do
		[ -f "$t" ] && add_job "$p" e2e "$t"
	done
done
# serial ones first (nothing else runs yet, so none waits for the machine
# to empty), then the longest timeouts, e2e before unit
queue=()
while read -r _ _ _ i; do queue+=("$i"); done < <(
	for i in "${!J_NAME[@]}"; do
		printf '%d %08d %s %d\n' "$([ -n "${J_SERIAL[$i]}" ]; echo $?)" \
			$((99999999 - J_TIMEOUT[i])) "${J_KIND[$i]}" "$i"
	done | sort -k1,1n -k2,2n -k3,3 -s)

# ---- running one job -----------------------------------------------------
launch() {	# $1 = job; its files in $W/$1/
	local i=$1 d=$W/$1 p=${J_PASS[$1]}
	mkdir -p "$d/xdg"
	(
		trap - EXIT INT TERM
		export IOPROBE=${P_BIN[$p]} UNIT_DIR=${P_UNIT[$p]}
		export IOPROBE_SANITIZED=${P_SAN[$p]} XDG_DATA_HOME=$d/xdg
		export CMOCKA_MESSAGE_OUTPUT=TAP
		if [ "${J_KIND[$i]}" = unit ]; then
			cmd=("${J_FILE[$i]}")
		else
			cmd=(bash "${J_FILE[$i]}")
		fi
		# timeout leads a process group of its own: at the limit it
		# ends the script and everything the script started
		timeout -k 10 "${J_TIMEOUT[$i]}" "${cmd[@]}" \
			>"$d/log" 2>&1 </dev/null &
		echo $! >"$d/pid"
		wait $!
		echo $? >"$d/rc.new" && mv "$d/rc.new" "$d/rc"
	) &
	started[$i]=$EPOCHREALTIME
	running+=("$i")
}
stop_all() {	# on Ctrl+C or TERM: end every running test and its children
	local i
	for i in "${running[@]+"${running[@]}"}"; do
		[ -s "$W/$i/pid" ] && kill -TERM -- "-$(cat "$W/$i/pid")" 2>/dev/null
	done
	wait 2>/dev/null
}

# ---- counting one job's lines --------------------------------------------
pass=0 fail=0 skip=0 serial_s=0 total_s=0 nserial=0
failed_names=()
declare -A pp pf ps
secs() {	# $1 = start (EPOCHREALTIME) -> seconds since, one decimal
	awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'
}
tally() {	# $1 = job
	local i=$1 log=$W/$1/log rc p f s el name=${J_NAME[$1]} q=${J_PASS[$1]}
	rc=$(cat "$W/$i/rc")
	el=$(secs "${started[$i]}")
	p=$(grep -c '^ok ' "$log")
	s=$(grep -c '^not ok .*# SKIP' "$log")
	f=$(grep '^not ok ' "$log" | grep -vc '# SKIP')
	if [ "$rc" -eq 124 ] || { [ "$rc" -eq 137 ] &&
		awk -v e="$el" -v t="${J_TIMEOUT[$i]}" 'BEGIN { exit !(e >= t) }'; }; then
		f=$((f + 1))
		echo "not ok - $name timed out after ${J_TIMEOUT[$i]} s" >>"$log"
	elif [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ] && [ "$f" -eq 0 ]; then
		f=1	# crashed or failed outside a test case
		echo "not ok - $name exited with status $rc" >>"$log"
	fi
	if [ "$rc" -eq 77 ] && [ "$p$f$s" = "000" ]; then
		s=1
	fi
	grep '^not ok' "$log" | sed "s|^|  [$name] |"
	grep -i '^skipped' "$log" | sed "s|^|  [$name] |"
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	pp[$q]=$((${pp[$q]:-0} + p)) pf[$q]=$((${pf[$q]:-0} + f))
	ps[$q]=$((${ps[$q]:-0} + s))
	[ "$f" -gt 0 ] && failed_names+=("$name")
	printf '%-40s %3d passed, %d failed, %d skipped %5.0fs%s\n' "$name" \
		"$p" "$f" "$s" "$el" "${J_SERIAL[$i]:+  (serial)}"
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then
		tail -n 20 "$log" | sed 's/^/    | /'
	fi
	total_s=$(awk -v a="$total_s" -v b="$el" 'BEGIN { print a + b }')
	if [ -n "${J_SERIAL[$i]}" ]; then
		serial_s=$(awk -v a="$serial_s" -v b="$el" 'BEGIN { print a + b }')
		nserial=$((nserial + 1))
	fi
	rm -rf "$W/$i"
}

# ---- the schedule --------------------------------------------------------
running=() started=()
t0=$EPOCHREALTIME
while [ ${#queue[@]} -gt 0 ] || [ ${#running[@]} -gt 0 ]; do
	while [ ${#queue[@]} -gt 0 ]; do
		j=${queue[0]}
		if [ -n "${J_SERIAL[$j]}" ]; then
			[ ${#running[@]} -eq 0 ] || break
		elif [ ${#running[@]} -ge "$jobs" ] ||
			{ [ ${#running[@]} -gt 0 ] &&
			  [ -n "${J_SERIAL[${running[0]}]}" ]; }; then
			break
		fi
		launch "$j"
		queue=("${queue[@]:1}")
		[ -n "${J_SERIAL[$j]}" ] && break
	done
	wait -n 2>/dev/null
	still=()
	for i in "${running[@]}"; do
		if [ -f "$W/$i/rc" ]; then
			tally "$i"
		else
			still+=("$i")
		fi
	done
	running=("${still[@]+"${still[@]}"}")
done

[ ${#failed_names[@]} -gt 0 ] && echo "failed: ${failed_names[*]}"
if [ "$npass" -gt 1 ]; then
	for ((p = 0; p < npass; p++)); do
		echo "pass ${P_NAME[$p]}: ${pp[$p]:-0} passed, ${pf[$p]:-0} failed, ${ps[$p]:-0} skipped"
	done
fi
printf 'time: %s s wall, %.0f s of tests (%d at once), %.0f s of it in %d serial\n' \
	"$(secs "$t0")" "$total_s" "$jobs" "$serial_s" "$nserial"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
