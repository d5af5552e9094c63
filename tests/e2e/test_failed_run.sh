#!/usr/bin/env bash
# test_failed_run.sh - a run whose I/O failed has no result where DiskSpd
# readers look: a loop device shrunk under a -d3 run (reads past the new
# end fail with EIO).  The text carries DiskSpd's own "No results are
# displayed" line and none of its figures (actual test time, CPU and IO
# tables), the XML an <Error> in the TimeSpan instead of its counts; exit
# 1; ioprobe's own lines (run status, I/O errors, Linux/IoFailure) and the
# JSON keep the detail.
. "$(dirname "$0")/lib.sh"

if ! need_root || ! command -v losetup >/dev/null; then
	skip "a target failing mid-run" "needs root and losetup for a loop device"
	finish
fi
truncate -s 64M "$T/back.img"
if ! L=$(losetup -f --show --direct-io=on "$T/back.img" 2>"$T/lerr"); then
	skip "a target failing mid-run" "losetup failed: $(cat "$T/lerr")"
	finish
fi
at_exit "losetup -j '$T/back.img' | grep -q '^$L:' && losetup -d '$L'"
"$IOPROBE" -d3 -W0 -r -b4K -o4 -Sh --output xml:"$T/r.xml" \
	--output json:"$T/r.json" "$L" >"$T/out" 2>"$T/err" &
pid=$!
sleep 1
truncate -s 1M "$T/back.img"
losetup -c "$L"		# the device is 1 MiB now: reads past it fail
wait "$pid"
rc=$?
check_eq "exit 1" "$rc" 1
check "stderr names the failed read" \
	grep -q "^ioprobe: error: read from '$L' at offset [0-9]* failed" "$T/err"

# the text: DiskSpd's words, no DiskSpd figures
check "text: DiskSpd's no-results line" grep -qx \
	"There has been an error during threads execution. No results are displayed." "$T/out"
for re in '^actual test time:' '^thread count:' '^CPU |' '^total:' \
	  '^Total IO$' '^Read IO$' '^thread |' '^Total latency'; do
	check "text: no '$re'" test "$(grep -c -- "$re" "$T/out")" = 0
done
check "text: run status FAILED" grep -q $'^run status:\t\tFAILED, [1-9]' "$T/out"
check "text: how long it ran" grep -Eq $'^stopped after:\t\t[0-9.]+s$' "$T/out"
check "text: the I/O errors table" grep -q '^I/O errors$' "$T/out"

# the XML: <Error>, no counts; ioprobe's <Linux> keeps the failure
check_eq "XML: first line <Results>" "$(head -n 1 "$T/r.xml")" "<Results>"
check "XML: well formed" xmllint --noout "$T/r.xml"
x() { xmllint --xpath "$1" "$T/r.xml" 2>/dev/null; }
check_eq "XML: TimeSpan/Error is DiskSpd's" "$(x 'string(/Results/TimeSpan/Error)')" \
	"There has been an error during threads execution. No results are displayed."
check_eq "XML: no TestTimeSeconds" "$(x 'count(//TimeSpan/TestTimeSeconds)')" 0
check_eq "XML: no Thread results" "$(x 'count(/Results/TimeSpan/Thread)')" 0
check_eq "XML: no CpuUtilization" "$(x 'count(//CpuUtilization)')" 0
check_eq "XML: Linux/IoFailure/Status" "$(x 'string(//TimeSpan/Linux/IoFailure/Status)')" failed
check "XML: Linux/IoFailure counts the errors" \
	test "$(x 'string(//TimeSpan/Linux/IoFailure/IoErrors)')" -gt 0
# a DiskSpd reader's sum of the counts finds nothing to take for a result
check_eq "XML: a reader's IOCount sum is 0" \
	"$(x 'sum(/Results/TimeSpan/Thread/Target/IOCount)')" 0
check "JSON keeps the figures and the failure" \
	quiet jq -e '.io_failed == true and ([.rows[].errors] | add) > 0 and
		     ([.totals.targets[].read.ios] | add) > 0' "$T/r.json"
finish
