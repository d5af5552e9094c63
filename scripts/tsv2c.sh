#!/bin/sh
# tsv2c.sh NAME FILE - FILE as the C string NAME (one literal a line), for
# the build: data/cloud-limits.tsv is compiled in this way.
set -e
name=$1
file=$2
printf '/* generated from %s by scripts/tsv2c.sh: do not edit */\n' "$file"
printf '#include "workflow/cloud_limits.h"\n\nconst char %s[] =\n' "$name"
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' -e 's/^/\t"/' \
	-e 's/$/\\n"/' "$file"
printf '\t"";\n'
