#!/usr/bin/env bash
# The architecture, checked: src/ folders form layers, each may include
# only its own folder and the folders below it (docs/ARCHITECTURE.md);
# no include cycle between modules; no source file over 700 lines and
# no function over 80; only cmd/ prints (no warnf, notef, perror or
# write to stdout or stderr below it); no header names a struct or enum
# of its own or a higher rank's other folder (a forward declaration
# hides the dependency from the include graph); no file name is used
# twice in src/ (docs/ARCHITECTURE.md: names say the layer).  Lines listed in layers.known
# are debt being paid off: reported as skipped, never as passed; a new
# problem fails.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../../src" && pwd)
out=$(python3 - "$src" <<'PY'
import os, re, sys
src = sys.argv[1]
# rank: a folder may include its own and lower ranks; equal ranks of
# different folders do not see each other.
rank = {"lib": 0, "profile": 1, "results": 2, "engine": 2, "run": 3,
        "report": 3, "workflow": 4, "fleet": 4, "cmd": 5}
inc_re = re.compile(r'^#include "([^"]+)"')
files = []
for d, _, names in os.walk(src):
    for n in names:
        if n.endswith((".c", ".h")):
            files.append(os.path.relpath(os.path.join(d, n), src))
bad = []
edges = {}
def module(p):
    return os.path.splitext(p)[0]
for f in sorted(files):
    folder = f.split("/")[0]
    if "/" not in f or folder not in rank:
        bad.append(f"layer: {f} is not in a known folder")
        continue
    lines = open(os.path.join(src, f), encoding="utf-8").read().split("\n")
    if len(lines) - 1 > 700:
        bad.append(f"size: {f} has {len(lines) - 1} lines (at most 700)")
    for i, line in enumerate(lines):
        # MPI stays inside fleet/: nothing below it depends on MPI
        if line.startswith("#include <mpi.h>") and folder != "fleet":
            bad.append(f"upward: {f}:{i + 1} includes <mpi.h> (only fleet/ may)")
        m = inc_re.match(line)
        if not m:
            continue
        h = m.group(1)
        hf = h.split("/")[0]
        if "/" not in h or hf not in rank:
            bad.append(f"include: {f}:{i + 1} includes \"{h}\" (name the folder)")
            continue
        if hf != folder and rank[hf] >= rank[folder]:
            bad.append(f"upward: {f}:{i + 1} ({folder}) includes {h} ({hf})")
        if module(h) != module(f):
            edges.setdefault(module(f), set()).add(module(h))
    # function length: kernel style, body from a "{" to a "}" in column 0
    start = None
    for i, line in enumerate(lines):
        if line == "{":
            start = i
        elif line.startswith("}") and start is not None:
            if i - start - 1 > 80 and not lines[start - 1].rstrip().endswith("="):
                sig = lines[start - 1].strip()
                bad.append(f"function: {f}:{start} {sig[:50]} has {i - start - 1} lines (at most 80)")
            start = None
# printing: only cmd/ speaks to the terminal.  Below it a module hands
# its notes and warnings up (lib/notes.h, run_options.say) or writes to
# a FILE * it was given; the statement is read without comments and
# string literals, so a message naming stdout is no hit.
call_re = re.compile(r'\b(warnf|notef|perror|printf|vprintf|puts|putchar)\s*\(')
put_re = re.compile(r'\b(v?fprintf|fputs|fputc|putc|fwrite|dprintf|write)\s*\(')
std_re = re.compile(r'\b(stdout|stderr|STDOUT_FILENO|STDERR_FILENO)\b')
lit_re = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
def blank(m):
    return re.sub(r'[^\n]', ' ', m.group(0))
for f in sorted(files):
    if not f.endswith(".c") or f.split("/")[0] in ("cmd",):
        continue
    code = lit_re.sub(blank, open(os.path.join(src, f), encoding="utf-8").read())
    pos = 0
    for stmt in re.split(r'(?<=[;{}])', code):
        at, pos = pos, pos + len(stmt)
        m = call_re.search(stmt)
        what = m.group(1) if m else None
        if not m and put_re.search(stmt) and std_re.search(stmt):
            m = put_re.search(stmt)
            what = m.group(1) + " to " + std_re.search(stmt).group(1)
        if not m and not re.search(r'\bfflush\s*\(\s*stderr\s*\)', stmt):
            m = re.search(r'\bstderr\b', stmt)
            what = "stderr"
        if m:
            line = code.count("\n", 0, at + m.start()) + 1
            bad.append(f"print: {f}:{line} uses {what} (only cmd/ prints)")
# a header names only types of its own layer and below: a struct or
# enum defined in a folder of the same or a higher rank, named even
# through a forward declaration, is a dependency the includes hide
defs = {}
def_re = re.compile(r'\b(struct|enum)\s+(\w+)\s*\{')
use_re = re.compile(r'\b(struct|enum)\s+(\w+)')
def code_of(f):
    return lit_re.sub(blank, open(os.path.join(src, f), encoding="utf-8").read())
for f in sorted(files):
    if "/" in f and f.split("/")[0] in rank:
        for m in def_re.finditer(code_of(f)):
            defs.setdefault(m.group(2), set()).add(f.split("/")[0])
for f in sorted(files):
    folder = f.split("/")[0]
    if not f.endswith(".h") or folder not in rank:
        continue
    code = code_of(f)
    for m in use_re.finditer(code):
        owners = defs.get(m.group(2), set())
        if folder in owners:
            continue
        for g in sorted(owners):
            if rank[g] >= rank[folder]:
                line = code.count("\n", 0, m.start()) + 1
                bad.append(f"typename: {f}:{line} names {m.group(1)} "
                           f"{m.group(2)} of {g}/ (rank {rank[g]} >= "
                           f"{rank[folder]})")
# names say the layer: a file name is used once in src/
seen_names = {}
for f in sorted(files):
    seen_names.setdefault(os.path.basename(f), []).append(f)
for n, fs in sorted(seen_names.items()):
    if len(fs) > 1:
        bad.append(f"name: {n} is used twice: {', '.join(fs)}")
# cycles between modules
state = {}
def visit(m, path):
    state[m] = 1
    for n in sorted(edges.get(m, ())):
        if state.get(n) == 1:
            cyc = path[path.index(n):] + [n] if n in path else [m, n]
            bad.append("cycle: " + " -> ".join(cyc))
        elif n not in state:
            visit(n, path + [n])
    state[m] = 2
for m in sorted(edges):
    if m not in state:
        visit(m, [m])
for b in bad:
    print(b)
PY
)
known=$(dirname "$0")/layers.known
# a known line is a prefix: "size: run/target.c" covers any length
is_debt() { awk 'NR == FNR { if ($0 !~ /^#/ && $0 != "") k[++n] = $0; next }
	{ d = 0; for (i = 1; i <= n; i++) if (index($0, k[i]) == 1) d = 1 }
	d == want' want="$1" "$known" - ; }
debt=$(printf '%s\n' "$out" | grep . | is_debt 1)
out=$(printf '%s\n' "$out" | grep . | is_debt 0)
if [ -n "$debt" ]; then
	skip "known layout debt ($(printf '%s\n' "$debt" | wc -l) problems in layers.known)" \
		"$(printf '%s\n' "$debt" | tr '\n' ';' | cut -c1-400)"
fi
while IFS= read -r kind; do
	hits=$(printf '%s\n' "$out" | grep "^$kind:" || true)
	if [ -z "$hits" ]; then
		ok "no $kind problems in src/"
	else
		nok "$kind problems:"$'\n'"$hits"
	fi
done <<'KINDS'
layer
include
upward
cycle
typename
name
size
function
print
KINDS
finish
