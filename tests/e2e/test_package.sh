#!/usr/bin/env bash
# test_package.sh - installed like a Linux tool: `make deb` builds
# ioprobe_V_ARCH.deb and ioprobe-mpi_V_ARCH.deb; their control fields
# (Depends from the linked libraries, no MPI in ioprobe's), their files
# (binary, man page, completion, copyright and changelog, all root:root),
# lintian when installed; the package installed by dpkg into a scratch
# root (its own dpkg database, --root) and removed again, leaving nothing;
# the installed binary stripped, free of MPI and development libraries,
# answering -? and --version and running a 1 s test; the man page and
# completion in place and working; ioprobe-mpi built with MPI; and
# `make install`/`make uninstall` with PREFIX and DESTDIR.
# timeout: 600
. "$(dirname "$0")/lib.sh"

root=$(cd "$(dirname "$0")/../.." && pwd)
plain_pass_only "debian package" \
	"the package is a build of its own (build-deb/), not the sanitizer's" ||
	finish
for t in dpkg-deb dpkg-shlibdeps dpkg-buildflags; do
	if ! command -v "$t" >/dev/null; then
		skip "debian package" "$t not installed (dpkg-dev)"
		finish
	fi
done
V=$(sed -n 's/^VERSION := //p' "$root/Makefile")
A=$(dpkg --print-architecture)
if make -s -C "$root" deb >"$T/deb.log" 2>&1; then
	ok "make deb builds and lintian finds nothing to say"
else
	nok "make deb failed: $(grep -v 'root privileges' "$T/deb.log" | tail -n 5)"
	finish
fi
D=$root/build-deb/ioprobe_${V}_$A.deb
M=$root/build-deb/ioprobe-mpi_${V}_$A.deb
check "ioprobe_${V}_$A.deb is there" test -s "$D"

# ---- control fields ------------------------------------------------------
field() { dpkg-deb -f "$1" "$2"; }
check_eq "Package" "$(field "$D" Package)" ioprobe
check_eq "Version" "$(field "$D" Version)" "$V"
check_eq "Architecture" "$(field "$D" Architecture)" "$A"
dep=$(field "$D" Depends)
echo "# Depends: $dep"
for lib in liburing2 libaio1 libxml2 libjson-c5 libc6; do
	check "Depends names $lib" grep -Eq "(^|, )$lib( |,|$)" <<<"$dep"
done
check "Depends names no MPI and no -dev package" \
	bash -c "! grep -Eq 'mpi|-dev' <<<'$dep'"
check "dpkg-deb -I shows the description" \
	grep -q "storage benchmark that speaks DiskSpd" <(dpkg-deb -I "$D")

# ---- files ---------------------------------------------------------------
dpkg-deb -c "$D" >"$T/list"
for f in usr/bin/ioprobe usr/share/man/man1/ioprobe.1.gz \
	usr/share/bash-completion/completions/ioprobe \
	usr/share/doc/ioprobe/copyright usr/share/doc/ioprobe/changelog.gz \
	usr/share/doc/ioprobe/README.md.gz; do
	check "the package holds /$f" grep -q " \./$f$" "$T/list"
done
check "every file is root:root" \
	bash -c "! awk '\$2 != \"root/root\"' '$T/list' | grep -q ."
check "nothing from the build folders" \
	bash -c "! grep -Eq '/(build|obj|src)/|\.o$' '$T/list'"

# ---- installed by dpkg into a scratch root, then removed ----------------
R=$T/root
mkdir -p "$R/var/lib/dpkg/info" "$R/var/lib/dpkg/updates"
: >"$R/var/lib/dpkg/status"
# the libraries are this machine's; the scratch root's database has none
dpkg --root="$R" --force-depends -i "$D" >"$T/dpkg.out" 2>&1
check_eq "dpkg --root -i installs it" "$?" 0
B=$R/usr/bin/ioprobe
check "dpkg lists the files" grep -q "^/usr/bin/ioprobe$" \
	<(dpkg --root="$R" -L ioprobe)
ldd "$B" >"$T/ldd" 2>&1
sed 's/^/# ldd: /' "$T/ldd"
check "ldd: every library found" bash -c "! grep -q 'not found' '$T/ldd'"
check "ldd: no MPI library" bash -c "! grep -qi 'mpi' '$T/ldd'"
check "ldd: liburing, libaio, libxml2, json-c" bash -c \
	"grep -q liburing '$T/ldd' && grep -q libaio '$T/ldd' &&
	 grep -q libxml2 '$T/ldd' && grep -q libjson-c '$T/ldd'"
check "the binary is stripped" \
	bash -c "! readelf -S '$B' | grep -q '\.symtab'"
"$B" -? >"$T/help" 2>&1
check_eq "ioprobe -? exits 0" "$?" 0
check "ioprobe -? prints the usage" grep -qi "usage" "$T/help"
check_eq "--version: built without MPI" \
	"$("$B" --version | sed -n 's/^mpi: //p')" no
"$B" -c1M -b4K -d1 -W0 -r "$T/f.dat" >"$T/run.out" 2>&1
check_eq "a 1 s run on a file exits 0" "$?" 0
check "the run reports its I/O" grep -q "^total:" "$T/run.out"
if command -v man >/dev/null; then
	check "man finds the page" grep -q "ioprobe" \
		<(MANWIDTH=80 man -l "$R/usr/share/man/man1/ioprobe.1.gz" 2>/dev/null)
else
	skip "man renders the page" "man-db not installed"
fi
check "the completion registers for ioprobe" grep -q "ioprobe$" <(bash -c \
	". '$R/usr/share/bash-completion/completions/ioprobe' && complete -p ioprobe")
dpkg --root="$R" -r ioprobe >/dev/null 2>&1
check_eq "dpkg --root -r removes it" "$?" 0
check "and leaves no file outside dpkg's database" bash -c \
	"[ -z \"\$(find '$R' -path '$R/var' -prune -o -type f -print)\" ]"

# ---- ioprobe-mpi -------------------------------------------------------
if pkg-config --exists ompi-c 2>/dev/null || pkg-config --exists mpich 2>/dev/null; then
	check "ioprobe-mpi_${V}_$A.deb is there" test -s "$M"
	mdep=$(field "$M" Depends)
	check "ioprobe-mpi depends on ioprobe (= $V) and the MPI library" \
		bash -c "grep -q 'ioprobe (= $V)' <<<'$mdep' && grep -q mpi <<<'$mdep'"
	dpkg-deb -x "$M" "$T/mroot"
	check "ioprobe-mpi links the MPI library" \
		grep -qi mpi <(ldd "$T/mroot/usr/bin/ioprobe-mpi")
	check "ioprobe-mpi --version: built with MPI" bash -c \
		"'$T/mroot/usr/bin/ioprobe-mpi' --version | grep '^mpi: ' | grep -vq ': no$'"
	check "ioprobe-mpi's man page is ioprobe's" test \
		"$(readlink "$T/mroot/usr/share/man/man1/ioprobe-mpi.1.gz")" = ioprobe.1.gz
else
	skip "ioprobe-mpi package" "no MPI found by pkg-config (libopenmpi-dev)"
fi

# ---- make install / uninstall ---------------------------------------------
I=$T/inst
make -s -C "$root" install BUILDDIR="$root/build-deb/nompi" PREFIX=/usr \
	DESTDIR="$I" >"$T/inst.log" 2>&1
check_eq "make install PREFIX=/usr DESTDIR=... exits 0" "$?" 0
for f in usr/bin/ioprobe usr/share/man/man1/ioprobe.1 \
	usr/share/bash-completion/completions/ioprobe; do
	check "make install: /$f" test -s "$I/$f"
done
check "make install strips the binary" \
	bash -c "! readelf -S '$I/usr/bin/ioprobe' | grep -q '\.symtab'"
make -s -C "$root" uninstall PREFIX=/usr DESTDIR="$I" >"$T/uninst.log" 2>&1
check_eq "make uninstall exits 0" "$?" 0
check "make uninstall leaves the tree empty" \
	bash -c "[ ! -e '$I' ] || [ -z \"\$(ls -A '$I')\" ]"
finish
