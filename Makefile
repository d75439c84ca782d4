# sudokud build.
#
#   make              build/sudokud (the daemon) and build/sudokuctl (the client)
#   make test         the unit tests (plain build) and the check that the release
#                     daemon has no test hooks; under a minute
#   make check        every test, fastest stage first, stopping at the first that
#                     fails: unit, integration, unit under ASan+UBSan, integration
#                     under valgrind, fuzzers over their seeds, a short soak
#   make test-bins    the unit tests and build/test/sudokud (see below)
#   make bench        the benchmarks over ../shared/bench/data
#
# Compilers.  CC builds everything, with one exception by default: the
# grader (core/human.c, core/grade.c, core/tech*.c) is built by GRADER_CC,
# which is clang when it is installed and neither CC nor GRADER_CC was
# given, because clang's code grades faster (bench_grade; README,
# Benchmarks).  CC=gcc means gcc for everything; GRADER_CC=X picks the
# grader's compiler explicitly.  make says which compiler built the grader.
#
# Two daemons.  build/sudokud is the release binary: no test hooks.
# build/test/sudokud is the same daemon compiled with -DSUDOKUD_TEST_HOOKS
# (as SQLite's SQLITE_TEST): the accelerated clock (SUDOKUD_TEST_CLOCK) and
# the failing SQLite VFS (SUDOKUD_TEST_FAULT, tests/hooks/); only tests use
# it.

# Installation paths (FHS).  The configuration lives in /etc whatever the
# PREFIX: the daemon's default is /etc/sudokud/sudokud.conf and systemd's
# ConfigurationDirectory= is always under /etc.
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR  ?= $(PREFIX)/bin
SBINDIR ?= $(PREFIX)/sbin
DATADIR ?= $(PREFIX)/share/sudokud
MANDIR  ?= $(PREFIX)/share/man
DOCDIR  ?= $(PREFIX)/share/doc/sudokud
SYSCONFDIR     ?= /etc
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR    ?= $(PREFIX)/lib/sysusers.d
TMPFILESDIR    ?= $(PREFIX)/lib/tmpfiles.d

CC      ?= cc
BUILD   ?= build
OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
SAN     ?=
STD_FLAGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -Wconversion \
            -Wstrict-prototypes -Wmissing-prototypes
PKGS    = jansson libuv sqlite3 libcurl libcrypto
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
# sudokuctl alone draws PNG and PDF (librsvg, cairo): the daemon links
# neither (tests/integration/render.py checks it with ldd).  Their headers
# are system headers for sudokuctl's objects, so glib's own warnings are
# not ours.
DRAW_PKGS  = librsvg-2.0 cairo cairo-pdf cairo-png
CTL_LIBS   := $(shell pkg-config --libs jansson $(DRAW_PKGS) 2>/dev/null)
DRAW_CFLAGS := $(patsubst -I%,-isystem %,$(shell pkg-config --cflags $(DRAW_PKGS) 2>/dev/null))
TEST_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
TEST_LIBS   := $(shell pkg-config --libs cmocka 2>/dev/null)

ifeq ($(SAN),1)
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=all
endif

ALL_CFLAGS = $(STD_FLAGS) $(CFLAGS) $(HARDEN_CFLAGS) $(SAN_FLAGS) -Icore -Icommon -Idaemon \
             -I$(BUILD)/gen $(PKG_CFLAGS)
# Hardening of the installed binaries (what lintian and Debian expect).
HARDEN_CFLAGS ?= -D_FORTIFY_SOURCE=2 -fstack-protector-strong
HARDEN_LDFLAGS ?= -Wl,-z,relro,-z,now
ALL_LDFLAGS = $(LDFLAGS) $(HARDEN_LDFLAGS) $(SAN_FLAGS)

# core/: the engine (libsudokucore.a); common/: what both programs share
# (libsudokucommon.a); daemon/: sudokud's modules (libsudokud.a) and its
# main; ctl/: sudokuctl, linked from its objects (no archive).
CORE_SRC   := $(wildcard core/*.c)
COMMON_SRC := $(wildcard common/*.c)
DAEMON_SRC := $(filter-out daemon/sudokud.c,$(wildcard daemon/*.c))
CTL_SRC    := $(wildcard ctl/*.c)
TEST_SRC   := $(wildcard tests/test_*.c)
BENCH_SRC  := $(wildcard bench/*.c)

CORE_OBJ   := $(CORE_SRC:%.c=$(BUILD)/obj/%.o)
COMMON_OBJ := $(COMMON_SRC:%.c=$(BUILD)/obj/%.o)
DAEMON_OBJ := $(DAEMON_SRC:%.c=$(BUILD)/obj/%.o)
CTL_OBJ    := $(CTL_SRC:%.c=$(BUILD)/obj/%.o)
TESTS      := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BENCHES    := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
# The SQL migrations are compiled into libsudokud.a (schema/embed.sh).
SCHEMA_SQL := $(sort $(wildcard schema/[0-9]*.sql))
DAEMON_OBJ += $(BUILD)/obj/gen/schema_sql.o
PROGRAMS   := $(BUILD)/sudokuctl $(BUILD)/sudokud
LIBS       := $(BUILD)/libsudokud.a $(BUILD)/libsudokucommon.a $(BUILD)/libsudokucore.a
# The test daemon: its main and clock compiled with the hooks, and the
# hooks themselves (tests/hooks/), before the release archive in the link.
TEST_DAEMON := $(BUILD)/test/sudokud
HOOK_OBJ   := $(patsubst %.c,$(BUILD)/test/obj/%.o,daemon/sudokud.c daemon/clock.c \
                  $(wildcard tests/hooks/*.c))

.PHONY: all test test-bins check check-integration check-asan unit-build bench run \
        install install-system uninstall clean
.DELETE_ON_ERROR:

all: $(PROGRAMS)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/test/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DSUDOKUD_TEST_HOOKS -Itests/hooks -MMD -MP -c $< -o $@

# Lookup tables of the fast solver, generated rather than computed at run
# time so the core library has no initialisation and no global state.
$(BUILD)/gen/solver_tables.h: core/tools/gen_solver_tables.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -o $(BUILD)/gen/gen_solver_tables $<
	$(BUILD)/gen/gen_solver_tables > $@

# The solver is the hot loop of the generator: -O3 measured ~8% faster.
$(BUILD)/obj/core/solver.o: $(BUILD)/gen/solver_tables.h
$(BUILD)/obj/core/solver.o: OPT = -O3
# The grader (human solver and techniques): -O3 measured ~6% faster.  Its
# compiler is GRADER_CC (see the top of this file): given, or CC when CC
# was given, else clang when installed, else CC.  The fast solver stays
# with CC (clang's is ~30% slower there).  Sanitizer builds keep one
# compiler for all (one runtime).  -gdwarf-4: Debian 12's valgrind cannot
# read clang 14's DWARF 5.
ifeq ($(origin GRADER_CC),undefined)
ifneq ($(filter environment command line,$(origin CC)),)
GRADER_CC := $(CC)
else
GRADER_CC := $(or $(shell command -v clang 2>/dev/null),$(CC))
endif
endif
GRADER_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,core/human.c core/grade.c $(wildcard core/tech*.c))
$(GRADER_OBJ): OPT = -O3
ifneq ($(SAN),1)
$(GRADER_OBJ): CC = $(GRADER_CC)
$(GRADER_OBJ): CFLAGS += -gdwarf-4
endif

$(BUILD)/libsudokucore.a: $(CORE_OBJ)
	@rm -f $@
	ar rcs $@ $^
	@echo "libsudokucore.a: the grader (core/human.c, core/grade.c, core/tech*.c)" \
	    "built by $(if $(filter 1,$(SAN)),$(CC),$(GRADER_CC)), the rest by $(CC)"

$(BUILD)/libsudokucommon.a: $(COMMON_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/gen/schema_sql.c: schema/embed.sh $(SCHEMA_SQL)
	@mkdir -p $(dir $@)
	sh schema/embed.sh $(SCHEMA_SQL) > $@

$(BUILD)/obj/gen/schema_sql.o: $(BUILD)/gen/schema_sql.c daemon/schema_sql.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/libsudokud.a: $(DAEMON_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	ar rcs $@ $^

$(CTL_OBJ): ALL_CFLAGS += $(DRAW_CFLAGS)

$(BUILD)/sudokuctl: $(CTL_OBJ) $(BUILD)/libsudokucommon.a $(BUILD)/libsudokucore.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(CTL_LIBS) -lm

$(BUILD)/sudokud: $(BUILD)/obj/daemon/sudokud.o $(LIBS)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm

$(TEST_DAEMON): $(HOOK_OBJ) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm

# A resolver that never answers, preloaded by webhook_shutdown.py (its
# getaddrinfo blocks for names under .sudokud-hang.test).
HANG_RESOLVER := $(BUILD)/test/hang_resolver.so
$(HANG_RESOLVER): tests/preload/hang_resolver.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -shared -o $@ $< -ldl

# A unit test is its one file and the libraries; test_store_faults also
# links the failing VFS of tests/hooks/.
$(BUILD)/tests/test_store_faults: $(BUILD)/test/obj/tests/hooks/vfs_fault.o

$(BUILD)/tests/%: tests/%.c $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -MMD -MP -o $@ $< $(filter %.o,$^) $(ALL_LDFLAGS) \
	    $(LIBS) $(PKG_LIBS) $(TEST_LIBS) -lm

$(BUILD)/bench/%: bench/%.c $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -o $@ $< $(ALL_LDFLAGS) $(LIBS) $(PKG_LIBS) -lm

# ---- tests ---------------------------------------------------------------
# tests/run prints one line per test and closes with "tests: N passed, N
# failed, N skipped"; each stage of make check is one command, so make
# stops at the first stage that fails.  A stage or check that cannot run
# for want of a tool says so through tests/missing, which fails it under
# CI=true (.ci/run).
test-bins: $(PROGRAMS) $(TESTS) $(TEST_DAEMON) $(HANG_RESOLVER)

test: test-bins
	tests/run --unit $(BUILD)
	sh tests/hooks/check_release.sh $(BUILD)

check-integration: test-bins
	tests/run --integration $(BUILD)

check-asan:
	$(MAKE) --no-print-directory BUILD=build/asan SAN=1 OPT=-O1 unit-build
	tests/run --unit build/asan

unit-build: $(PROGRAMS) $(TESTS)

check:
	@echo "== make check 1/6: unit tests"
	@$(MAKE) --no-print-directory test
	@echo "== make check 2/6: integration tests"
	@$(MAKE) --no-print-directory check-integration
	@echo "== make check 3/6: unit tests under ASan+UBSan"
	@$(MAKE) --no-print-directory check-asan
	@echo "== make check 4/6: integration tests under valgrind"
	tests/valgrind-run $(BUILD)
	@echo "== make check 5/6: fuzzers over their seed corpora"
	@$(MAKE) --no-print-directory fuzz-smoke
	@echo "== make check 6/6: a 20-day soak with 3 kills"
	@$(MAKE) --no-print-directory soak SOAK_DAYS=20 SOAK_KILLS=3
	@echo "== make check: every stage passed"

# The local quick start: state under ./var, no root needed.
run: all
	$(BUILD)/sudokud -c config/sudokud.dev.conf --foreground

bench: all $(BENCHES)
	bench/run build

# `make install` puts everything in place under DESTDIR; run as root with
# no DESTDIR it also creates the user and /run/sudokud (systemd-sysusers,
# systemd-tmpfiles), a generator secret when there is none, and reloads
# systemd.  An existing /etc/sudokud/sudokud.conf is never overwritten.
# `make uninstall` removes what install put there, except a configuration
# that differs from the example installed with it and the generator secret
# (your puzzles derive from it); the database in /var/lib/sudokud and the
# user and groups are left alone.
CONF_DIR   = $(DESTDIR)$(SYSCONFDIR)/sudokud
MAN_PAGES  = man/sudokuctl.1 man/sudokud.conf.5 man/sudokud.8
# The paths the pages and the tmpfiles.d file are written with, made the
# installed ones (most specific first).
INSTALL_PATHS = sed -e 's|/usr/local/share/doc/sudokud|$(DOCDIR)|g' \
	-e 's|/usr/local/share/sudokud|$(DATADIR)|g' -e 's|/usr/local/sbin|$(SBINDIR)|g' \
	-e 's|/usr/local/bin|$(BINDIR)|g' -e 's|/usr/local|$(PREFIX)|g' \
	-e 's|/etc/sudokud|$(SYSCONFDIR)/sudokud|g'

install: all $(MAN_PAGES)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SBINDIR)
	install -m 0755 $(BUILD)/sudokuctl $(DESTDIR)$(BINDIR)/sudokuctl
	install -m 0755 $(BUILD)/sudokud $(DESTDIR)$(SBINDIR)/sudokud
	install -d $(DESTDIR)$(SYSTEMDUNITDIR) $(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(TMPFILESDIR)
	sed 's|/usr/local/sbin/sudokud|$(SBINDIR)/sudokud|g' systemd/sudokud.service \
	    > $(DESTDIR)$(SYSTEMDUNITDIR)/sudokud.service
	chmod 0644 $(DESTDIR)$(SYSTEMDUNITDIR)/sudokud.service
	install -m 0644 systemd/sudokud.socket $(DESTDIR)$(SYSTEMDUNITDIR)/sudokud.socket
	install -m 0644 systemd/sudokud.sysusers $(DESTDIR)$(SYSUSERSDIR)/sudokud.conf
	$(INSTALL_PATHS) systemd/sudokud.tmpfiles > $(DESTDIR)$(TMPFILESDIR)/sudokud.conf
	chmod 0644 $(DESTDIR)$(TMPFILESDIR)/sudokud.conf
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man8
	for page in $(MAN_PAGES); do \
	    out=$(DESTDIR)$(MANDIR)/man$${page##*.}/$${page#man/}; \
	    $(INSTALL_PATHS) $$page > $$out && chmod 0644 $$out || exit 1; done
	install -d $(DESTDIR)$(DATADIR)/schema $(DESTDIR)$(DOCDIR)/examples
	install -m 0644 $(SCHEMA_SQL) $(DESTDIR)$(DATADIR)/schema/
	install -d $(DESTDIR)$(DATADIR)/json-schema
	install -m 0644 schema/json/*.json $(DESTDIR)$(DATADIR)/json-schema/
	install -m 0644 config/sudokud.conf $(DESTDIR)$(DOCDIR)/examples/sudokud.conf
	install -m 0644 tests/integration/receiver.py $(DESTDIR)$(DOCDIR)/examples/receiver.py
	install -d $(DESTDIR)$(DATADIR)/web
	install -m 0644 web/sudoku-board.js web/sudoku-board.css $(DESTDIR)$(DATADIR)/web/
	install -d -m 0755 $(CONF_DIR)
	@if [ -e $(CONF_DIR)/sudokud.conf ]; then \
	    echo "keeping the existing $(CONF_DIR)/sudokud.conf (the example is in $(DOCDIR)/examples)"; \
	else \
	    echo "install -m 0640 config/sudokud.conf $(CONF_DIR)/sudokud.conf"; \
	    install -m 0640 config/sudokud.conf $(CONF_DIR)/sudokud.conf; \
	fi
	@if [ -z "$(DESTDIR)" ]; then $(MAKE) --no-print-directory install-system; fi

# Only for a live install (no DESTDIR), as root: what a package's
# postinst would do (sudokud(8), INSTALLATION).  The secret is made before
# systemd-tmpfiles, whose `z` lines give it and the configuration to the
# group sudokud; the chgrp calls do it where systemd-tmpfiles is missing.
install-system:
	@if [ "$$(id -u)" -ne 0 ]; then \
	    echo "not root: run systemd-sysusers, systemd-tmpfiles --create and"; \
	    echo "systemctl daemon-reload yourself (see sudokud(8), INSTALLATION)"; exit 0; fi; \
	if command -v systemd-sysusers >/dev/null; then \
	    systemd-sysusers $(SYSUSERSDIR)/sudokud.conf; fi; \
	if [ ! -e $(CONF_DIR)/generator.secret ]; then \
	    echo "creating $(CONF_DIR)/generator.secret"; \
	    (umask 077; head -c 32 /dev/urandom | base64 > $(CONF_DIR)/generator.secret); \
	    chmod 0640 $(CONF_DIR)/generator.secret; \
	    if getent group sudokud >/dev/null; then \
	        chgrp sudokud $(CONF_DIR)/generator.secret; fi; fi; \
	if command -v systemd-tmpfiles >/dev/null; then \
	    systemd-tmpfiles --create $(TMPFILESDIR)/sudokud.conf; fi; \
	if getent group sudokud >/dev/null; then \
	    chgrp sudokud $(CONF_DIR)/sudokud.conf; fi; \
	if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi; \
	echo "installed; start with: systemctl enable --now sudokud"

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sudokuctl $(DESTDIR)$(SBINDIR)/sudokud
	rm -f $(DESTDIR)$(SYSTEMDUNITDIR)/sudokud.service $(DESTDIR)$(SYSTEMDUNITDIR)/sudokud.socket
	rm -f $(DESTDIR)$(SYSUSERSDIR)/sudokud.conf $(DESTDIR)$(TMPFILESDIR)/sudokud.conf
	rm -f $(DESTDIR)$(MANDIR)/man1/sudokuctl.1 $(DESTDIR)$(MANDIR)/man5/sudokud.conf.5 \
	    $(DESTDIR)$(MANDIR)/man8/sudokud.8
	@if cmp -s $(DESTDIR)$(DOCDIR)/examples/sudokud.conf $(CONF_DIR)/sudokud.conf; then \
	    echo "rm -f $(CONF_DIR)/sudokud.conf"; rm -f $(CONF_DIR)/sudokud.conf; \
	elif [ -e $(CONF_DIR)/sudokud.conf ]; then \
	    echo "keeping $(CONF_DIR)/sudokud.conf: it differs from the installed example"; fi
	rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)
	@if [ -e $(CONF_DIR)/generator.secret ]; then \
	    echo "keeping $(CONF_DIR)/generator.secret: the puzzles derive from it"; fi
	@rmdir $(CONF_DIR) 2>/dev/null || true
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then systemctl daemon-reload; fi

clean:
	rm -rf build

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- reliability: make soak, make fuzz ----------------------------------
# make soak: the daemon under the test clock for SOAK_DAYS simulated days
# with SOAK_KILLS kill -9 and a webhook receiver failing 30% of requests
# (tests/soak/soak.py says what it checks).  CI runs a short one.
SOAK_DAYS ?= 1000
SOAK_KILLS ?= 50
SOAK_DAY_SECONDS ?= 1.5
.PHONY: soak
soak: all $(TEST_DAEMON)
	BUILD=$(BUILD) python3 tests/soak/soak.py --days $(SOAK_DAYS) \
	    --kills $(SOAK_KILLS) --day-seconds $(SOAK_DAY_SECONDS)

# make fuzz: the libFuzzer harnesses of tests/fuzz/ built with clang and
# ASan+UBSan, then each run for FUZZ_SECONDS (or FUZZ_RUNS executions) at
# nice 19, one at a time (FUZZ=grid runs one).  make fuzz-smoke runs each over its seed corpus
# only, and skips when clang's libFuzzer is absent (make check uses it).
FUZZ_SECONDS ?= 60
FUZZ_DIR = build/fuzz
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_BINS = $(patsubst tests/fuzz/%.c,$(FUZZ_DIR)/fuzz/%,$(wildcard tests/fuzz/fuzz_*.c))
.PHONY: fuzz fuzz-build fuzz-smoke
fuzz-build:
	$(MAKE) --no-print-directory BUILD=$(FUZZ_DIR) CC=clang OPT=-O2 \
	    SAN_FLAGS="-fsanitize=fuzzer-no-link $(FUZZ_SAN)" $(FUZZ_BINS)

$(BUILD)/fuzz/%: tests/fuzz/%.c $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -o $@ $< $(ALL_LDFLAGS) -fsanitize=fuzzer \
	    $(LIBS) $(PKG_LIBS) -lm

# The solvers' comparisons are on masks derived from the input, not on
# bytes a mutation could copy: tracing them for the fuzzer cost fuzz_human
# over half its time (the sanitizers stay).
$(FUZZ_DIR)/obj/core/solver.o $(FUZZ_DIR)/obj/core/human.o $(FUZZ_DIR)/obj/core/tech.o \
    $(FUZZ_DIR)/obj/core/tech_%.o: \
    override SAN_FLAGS += -fno-sanitize-coverage=trace-cmp

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) tests/fuzz/run $(FUZZ_DIR)/fuzz $(FUZZ)

fuzz-smoke:
	@if tests/fuzz/run --have-libfuzzer; then \
	    $(MAKE) --no-print-directory fuzz-build && tests/fuzz/run --smoke $(FUZZ_DIR)/fuzz; \
	else tests/missing "clang with libFuzzer (fuzz-smoke)" "clang libclang-rt-14-dev"; fi
