# ioprobe - storage benchmark.  `make` builds ./ioprobe, `make check` runs
# every test, `make SANITIZE=address,undefined check` the same under
# sanitizers (in build-san/), `make install PREFIX=... DESTDIR=...`.

VERSION := 0.1.0
PREFIX ?= /usr/local
DESTDIR ?=
CC ?= cc
PKG_CONFIG ?= pkg-config
CFLAGS ?= -O2 -g
PKGS := liburing libxml-2.0 json-c

WARN := -Wall -Wextra -Wshadow -Wformat=2 -Wmissing-prototypes \
	-Wstrict-prototypes -Wvla -Wwrite-strings -fno-common
ifdef WERROR
WARN += -Werror
endif

ifdef SANITIZE
B := build-san
SANFLAGS := -fsanitize=$(SANITIZE) -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
BIN := $(B)/ioprobe
else
B := build
SANFLAGS :=
BIN := ioprobe
endif
# BUILDDIR=DIR builds into DIR (DIR/ioprobe): `make deb` builds the
# package's two binaries apart from the developer's build.
ifdef BUILDDIR
B := $(BUILDDIR)
BIN := $(B)/ioprobe
endif

PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
ALL_CFLAGS := -std=c17 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 \
	-DIOPROBE_VERSION='"$(VERSION)"' $(WARN) $(PKG_CFLAGS) $(SANFLAGS) \
	-Isrc -pthread -MMD -MP $(CFLAGS)
LIBS := $(PKG_LIBS) -laio -lm -pthread

# MPI (optional): `mpirun -n N ioprobe ...` runs one engine per rank and
# merges their results (src/fleet/).  Found with pkg-config; without it,
# or with NO_MPI=1, src/fleet/fleet_nompi.c stands in and nothing else
# changes.  Only fleet_mpi.c is compiled with MPI's flags.
MPI_PKG := $(if $(NO_MPI),,$(firstword $(foreach m,ompi-c mpich,$(shell \
	$(PKG_CONFIG) --exists $(m) 2>/dev/null && echo $(m)))))
ifneq ($(MPI_PKG),)
MPI_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(MPI_PKG))
MPI_LIBS := $(shell $(PKG_CONFIG) --libs $(MPI_PKG))
NO_FLEET := src/fleet/fleet_nompi.c
else
NO_FLEET := src/fleet/fleet_mpi.c
endif
LIBS += $(MPI_LIBS)

SRCS := $(filter-out $(NO_FLEET),$(shell find src -name '*.c' | LC_ALL=C sort))
LIB_SRCS := $(filter-out src/cmd/main.c,$(SRCS))
LIB_OBJS := $(LIB_SRCS:src/%.c=$(B)/obj/%.o)
# data/cloud-limits.tsv compiled in as one string (workflow/cloud_limits.h)
GEN_LIMITS := gen/cloud_limits_tsv
LIB_OBJS += $(B)/obj/$(GEN_LIMITS).o
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%)

.PHONY: all check ci unit deps deps-run install uninstall deb clean bench run

all: $(BIN)

$(BIN): $(B)/obj/cmd/main.o $(B)/libioprobe.a
	$(CC) $(SANFLAGS) -o $@ $^ $(LIBS) $(LDFLAGS)

# the archive holds fleet_mpi.o or fleet_nompi.o: a change of the MPI
# choice rebuilds it even when both objects exist
MPI_STAMP := $(B)/mpi-$(if $(MPI_PKG),$(MPI_PKG),none).stamp
$(MPI_STAMP):
	@mkdir -p $(@D)
	@rm -f $(B)/mpi-*.stamp
	@touch $@

$(B)/libioprobe.a: $(LIB_OBJS) $(MPI_STAMP)
	@rm -f $@
	$(AR) rcs $@ $(filter %.o,$^)

$(B)/obj/fleet/fleet_mpi.o: ALL_CFLAGS += $(MPI_CFLAGS)

$(B)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/$(GEN_LIMITS).c: data/cloud-limits.tsv scripts/tsv2c.sh
	@mkdir -p $(@D)
	sh scripts/tsv2c.sh cloud_limits_tsv $< >$@

$(B)/obj/$(GEN_LIMITS).o: $(B)/$(GEN_LIMITS).c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# IOPROBE_SRCDIR: where a unit test finds the docs and the completion
$(B)/tests/%: tests/unit/%.c $(B)/libioprobe.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -DIOPROBE_SRCDIR='"$(CURDIR)"' -Isrc -o $@ $< \
		$(B)/libioprobe.a -lcmocka $(LIBS)

unit: $(UNIT_BINS)

# Installs what the build and the tests need (Debian), then runs them all
# (tests/run.sh: several at a time, each under a timeout).  With
# PASSES=both (as .ci/run does), the plain build and the ASan+UBSan one
# (build-san/) are both built and their tests run in one schedule, so that
# one pass's tests fill the machine while the other's wait.
SAN_CI := address,undefined
check: deps
ifeq ($(PASSES),both)
	$(MAKE) -j$$(nproc) ioprobe unit SANITIZE=
	$(MAKE) -j$$(nproc) build-san/ioprobe unit SANITIZE=$(SAN_CI)
	bash tests/run.sh --pass plain $(abspath ioprobe) $(abspath build/tests) \
		--pass asan+ubsan $(abspath build-san/ioprobe) \
		$(abspath build-san/tests) --sanitized
else
	$(MAKE) -j$$(nproc) $(BIN) unit
	IOPROBE=$(abspath $(BIN)) UNIT_DIR=$(abspath $(B)/tests) \
		IOPROBE_SANITIZED=$(if $(SANITIZE),1,) bash tests/run.sh
endif

# CI's schedule by its old name: `make check PASSES=both`.
ci:
	$(MAKE) check PASSES=both

deps:
	@bash scripts/deps.sh

deps-run:
	@bash scripts/deps.sh run

# Where man and bash-completion look: $(PREFIX)/share/man/man1 and
# $(PREFIX)/share/bash-completion/completions (both read /usr/local and
# /usr).  The binary is installed stripped.
BINDIR := $(PREFIX)/bin
MAN1DIR := $(PREFIX)/share/man/man1
COMPLETIONS := $(PREFIX)/share/bash-completion/completions
INSTALLED := $(BINDIR)/ioprobe $(MAN1DIR)/ioprobe.1 $(COMPLETIONS)/ioprobe

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(COMPLETIONS)
	install -m 755 -s $(BIN) $(DESTDIR)$(BINDIR)/ioprobe
	install -m 644 docs/ioprobe.1 $(DESTDIR)$(MAN1DIR)/ioprobe.1
	install -m 644 completion/ioprobe.bash $(DESTDIR)$(COMPLETIONS)/ioprobe

# Removes what install put there; with DESTDIR also the folders under it
# left empty (never one that holds anything else, nor DESTDIR's parents).
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	@[ -z "$(DESTDIR)" ] || for d in $(BINDIR) $(MAN1DIR) $(COMPLETIONS); do \
		while [ "$$d" != / ] && [ "$$d" != . ] && \
			rmdir "$(DESTDIR)$$d" 2>/dev/null; do \
			d=$$(dirname "$$d"); \
		done; \
	done

# The Debian packages ioprobe_<version>_<arch>.deb (no MPI) and
# ioprobe-mpi_<version>_<arch>.deb (the binary for mpirun) in build-deb/
# (packaging/mkdeb.sh); lintian checks them when it is installed.
deb:
	bash packaging/mkdeb.sh $(VERSION)

# The newcomer's first command: installs what building and running take,
# builds with one job per CPU, installs ioprobe (PREFIX, default
# /usr/local: on PATH, with its man page and completion), then a short
# suite on a temporary file in the current folder (deleted afterwards),
# with the summary and findings; it ends with the exact command (same
# file size, duration and warm-up) that measures 'after' the same way.
run: deps-run
	$(MAKE) -j$$(nproc) $(BIN)
	$(MAKE) install
	PATH=$(BINDIR):$$PATH ioprobe suite . --label demo --history build/demo-history.csv --duration 5 --warmup 1 --file-size 256M

bench: $(BIN)
	bash bench/vs-fio

clean:
	rm -rf build build-san build-deb ioprobe

-include $(LIB_OBJS:.o=.d) $(B)/obj/cmd/main.d

# --- fuzz: libFuzzer targets for the parsers (tests/fuzz/), built with
# clang into build-fuzz/, apart from build/ and build-san/.  Run them with
# tests/fuzz/run.sh; `make fuzz-clean` removes build-fuzz/.
FUZZ_CC ?= clang
FB := build-fuzz
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
FUZZ_CFLAGS := -std=c17 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 \
	-DIOPROBE_VERSION='"$(VERSION)"' $(WARN) $(PKG_CFLAGS) -Isrc -pthread \
	-O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link -MMD -MP
FUZZ_SRCS := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=$(FB)/%)
# the parsers need no MPI: the fuzz build takes the stand-in
FUZZ_LIB_SRCS := $(filter-out src/cmd/main.c src/fleet/fleet_mpi.c,\
	$(shell find src -name '*.c' | LC_ALL=C sort))
FUZZ_OBJS := $(FUZZ_LIB_SRCS:src/%.c=$(FB)/obj/%.o) $(FB)/obj/$(GEN_LIMITS).o

.PHONY: fuzz fuzz-clean

fuzz: $(FUZZ_BINS)

$(FB)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FB)/libioprobe.a: $(FUZZ_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(FB)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_util.h $(FB)/libioprobe.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Isrc -o $@ $< \
		$(FB)/libioprobe.a $(LIBS)

fuzz-clean:
	rm -rf $(FB)

-include $(FUZZ_OBJS:.o=.d)

$(FB)/$(GEN_LIMITS).c: data/cloud-limits.tsv scripts/tsv2c.sh
	@mkdir -p $(@D)
	sh scripts/tsv2c.sh cloud_limits_tsv $< >$@

$(FB)/obj/$(GEN_LIMITS).o: $(FB)/$(GEN_LIMITS).c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<
