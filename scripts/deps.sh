#!/usr/bin/env bash
# Installs the Debian packages ioprobe needs, when missing: `deps.sh run`
# only what building and running takes (make run), `deps.sh` also what
# the tests take (make check).  As root it runs apt-get; otherwise it
# prints the one command to run.
set -u
pkgs=(gcc make pkg-config liburing-dev libaio-dev libxml2-dev libjson-c-dev)
if [ "${1:-check}" != run ]; then
	pkgs+=(libcmocka-dev libxml2-utils jq python3 fio util-linux e2fsprogs
	       clang libclang-rt-dev	# clang + libFuzzer: test_fuzz_smoke
	       openmpi-bin libopenmpi-dev	# the MPI build: test_mpi
	       chromium		# screenshots of the pages: test_pages
	       tmux			# the live status line on a terminal: test_live
	       groff-base man-db	# the man page renders: test_docs
	       dpkg-dev lintian)	# make deb and its checks: test_package
fi
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "ioprobe: missing packages; run: sudo apt-get install -y ${missing[*]}" >&2
	exit 2
fi
echo "ioprobe: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 || {
	apt-get update -q >/dev/null 2>&1
	apt-get install -y -q "${missing[@]}" >/dev/null || {
		echo "ioprobe: apt-get install ${missing[*]} failed" >&2
		exit 2
	}
}
