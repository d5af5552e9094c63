#!/usr/bin/env bash
# mkdeb.sh VERSION - builds the Debian packages into build-deb/ (DEB_OUT):
#   ioprobe_VERSION_ARCH.deb      the binary built without MPI (its ldd
#                                 names no MPI library), the man page, the
#                                 bash completion, README and copyright
#   ioprobe-mpi_VERSION_ARCH.deb  ioprobe-mpi, the same program built with
#                                 Open MPI, for `mpirun -n N ioprobe-mpi`;
#                                 only when pkg-config finds an MPI
# Each binary is built apart (build-deb/nompi, build-deb/mpi) with
# Debian's hardening flags (dpkg-buildflags) and stripped.  Depends come
# from the libraries each binary links (dpkg-shlibdeps).  No debhelper: the
# trees are laid out here and packed by dpkg-deb as root:root.  lintian
# checks both when it is installed.  Exit 2 when dpkg-deb is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=${1:?usage: mkdeb.sh VERSION}
OUT=${DEB_OUT:-build-deb}
umask 022
for t in dpkg-deb dpkg-shlibdeps dpkg-buildflags; do
	if ! command -v "$t" >/dev/null; then
		echo "mkdeb: $t not found: install dpkg-dev" >&2
		exit 2
	fi
done
ARCH=$(dpkg --print-architecture)
CF="$(dpkg-buildflags --get CFLAGS) $(dpkg-buildflags --get CPPFLAGS)"
LF="$(dpkg-buildflags --get LDFLAGS) -Wl,-z,now"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

build() {	# $1 = folder, then make's variables
	local d=$1
	shift
	rm -f "$OUT/$d/ioprobe"	# linked again: its flags are this script's
	make -s -j"$(nproc)" BUILDDIR="$OUT/$d" CFLAGS="$CF" LDFLAGS="$LF" \
		"$@" "$OUT/$d/ioprobe"
}
build nompi NO_MPI=1
MPI=
if pkg-config --exists ompi-c 2>/dev/null || pkg-config --exists mpich 2>/dev/null; then
	build mpi
	MPI=1
fi

# depends BINARY -> the Depends of the libraries it links
depends() {
	local s=$OUT/shlibs
	mkdir -p "$s/debian"
	printf 'Source: ioprobe\n\nPackage: ioprobe\nArchitecture: any\n' \
		>"$s/debian/control"
	(cd "$s" && dpkg-shlibdeps -O -e"$1" 2>/dev/null) |
		sed -n 's/^shlibs:Depends=//p'
}

# control TEMPLATE ROOT DEPENDS: ROOT/DEBIAN/control and md5sums
control() {
	local size
	size=$(du -sk --exclude=DEBIAN "$2" | cut -f1)
	sed -e "s/@VERSION@/$VERSION/g" -e "s/@ARCH@/$ARCH/" \
		-e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$3/" \
		"packaging/$1" >"$2/DEBIAN/control"
	(cd "$2" && find usr -type f -print0 | LC_ALL=C sort -z |
		xargs -0 md5sum) >"$2/DEBIAN/md5sums"
	chmod 644 "$2/DEBIAN/control" "$2/DEBIAN/md5sums"
}

# docs PACKAGE ROOT: copyright and changelog where Debian keeps them
docs() {
	local d=$2/usr/share/doc/$1
	install -d "$d"
	install -m 644 packaging/copyright "$d/copyright"
	gzip -9n <packaging/changelog >"$d/changelog.gz"
	chmod 644 "$d/changelog.gz"
}

strip_bin() {	# $1 = binary: no symbols, no build notes
	strip --strip-unneeded --remove-section=.comment \
		--remove-section=.note "$1"
}

# ---- ioprobe ------------------------------------------------------------
R=$OUT/root/ioprobe
rm -rf "$R"
install -d "$R/DEBIAN" "$R/usr/bin" "$R/usr/share/man/man1" \
	"$R/usr/share/bash-completion/completions"
install -m 755 "$OUT/nompi/ioprobe" "$R/usr/bin/ioprobe"
strip_bin "$R/usr/bin/ioprobe"
gzip -9n <docs/ioprobe.1 >"$R/usr/share/man/man1/ioprobe.1.gz"
install -m 644 completion/ioprobe.bash \
	"$R/usr/share/bash-completion/completions/ioprobe"
docs ioprobe "$R"
gzip -9n <README.md >"$R/usr/share/doc/ioprobe/README.md.gz"
chmod 644 "$R"/usr/share/man/man1/*.gz "$R"/usr/share/doc/ioprobe/*.gz
control control.ioprobe "$R" "$(depends "$R/usr/bin/ioprobe")"
DEB=$OUT/ioprobe_${VERSION}_$ARCH.deb
dpkg-deb --root-owner-group -Zxz --build "$R" "$DEB" >/dev/null
echo "$DEB"
debs=("$DEB")

# ---- ioprobe-mpi --------------------------------------------------------
if [ -n "$MPI" ]; then
	R=$OUT/root/ioprobe-mpi
	rm -rf "$R"
	install -d "$R/DEBIAN" "$R/usr/bin" "$R/usr/share/man/man1"
	install -m 755 "$OUT/mpi/ioprobe" "$R/usr/bin/ioprobe-mpi"
	strip_bin "$R/usr/bin/ioprobe-mpi"
	ln -s ioprobe.1.gz "$R/usr/share/man/man1/ioprobe-mpi.1.gz"
	docs ioprobe-mpi "$R"
	control control.ioprobe-mpi "$R" "$(depends "$R/usr/bin/ioprobe-mpi")"
	DEB=$OUT/ioprobe-mpi_${VERSION}_$ARCH.deb
	dpkg-deb --root-owner-group -Zxz --build "$R" "$DEB" >/dev/null
	echo "$DEB"
	debs+=("$DEB")
else
	echo "mkdeb: no MPI found by pkg-config: ioprobe-mpi not built" >&2
fi

if command -v lintian >/dev/null; then
	lintian --fail-on error,warning "${debs[@]}"
else
	echo "mkdeb: lintian not installed: packages not checked" >&2
fi
