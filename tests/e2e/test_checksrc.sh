#!/usr/bin/env bash
# Source hygiene: banned functions (atoi, sprintf, strcpy, strtok, gets)
# never appear in src/, and every source file opens with a comment.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../../src" && pwd)
for f in atoi sprintf strcpy strtok gets; do
	hits=$(grep -nE "(^|[^_a-zA-Z0-9.>])$f[[:space:]]*\(" $(find "$src" -name '*.[ch]') | grep -v '^\s*/\?\*' || true)
	if [ -z "$hits" ]; then ok "no $f() in src/"; else nok "$f() used: $hits"; fi
done
bad=""
for f in $(find "$src" -name '*.[ch]'); do
	head -c 2 "$f" | grep -q '/\*' || bad="$bad $(basename "$f")"
done
check_eq "every source file opens with a comment" "$bad" ""
finish
