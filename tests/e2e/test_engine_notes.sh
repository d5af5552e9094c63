#!/usr/bin/env bash
# test_engine_notes.sh - engine facts the run reports instead of hiding:
# an io_uring buffer registration the memlock limit refuses becomes the
# engine note (on stderr and in the report), the run still measures;
# and every name the engine registry knows (aliases too) is accepted by
# --engine and named by its backend in the report.
. "$(dirname "$0")/lib.sh"

f=$T/notes.dat
truncate -s 16M "$f"

# Aliases: the registry and the command line share one table.
for pair in uring:io_uring aio:libaio psync:sync; do
	alias=${pair%%:*} name=${pair#*:}
	run_io -b4K -d1 -W0 -r -o4 --engine=$alias "$f"
	check_eq "--engine=$alias: exit status" "$rc" 0
	check "--engine=$alias: the report names $name" \
		grep -q "^I/Os per syscall:.*($name)" "$T/out"
done

# A memlock limit too small for the buffers (root has CAP_IPC_LOCK, so
# run as an unprivileged user).
if ! need_root || ! id nobody >/dev/null 2>&1; then
	skip "buffer registration note" "needs root and a 'nobody' user"
	finish
fi
chmod 755 "$T"
chmod 644 "$f"
cp "$IOPROBE" "$T/ioprobe"	# reachable for nobody wherever the tree is
chmod 755 "$T/ioprobe"
out=$(su nobody -s /bin/bash -c \
	"ulimit -l 32; '$T/ioprobe' -b64K -d1 -W0 -r -o8 --engine=io_uring '$f'" 2>"$T/err")
rc=$?
if grep -q "cannot set up engine" "$T/err"; then
	skip "buffer registration note" "io_uring unavailable: $(head -n1 "$T/err")"
	finish
fi
check_eq "memlock 32K: the run still succeeds" "$rc" 0
check "memlock 32K: the note is on stderr" \
	grep -q "^ioprobe: note: cannot register buffers with io_uring (.*): using unregistered buffers" "$T/err"
check "memlock 32K: the report keeps the note" \
	grep -q "engine note: cannot register buffers with io_uring" <<<"$out"
finish
