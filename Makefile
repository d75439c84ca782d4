# sudokud build.  `make` builds build/sudokuctl (and build/sudokud when its
# sources exist); `make check` runs every test, then the unit tests again
# under AddressSanitizer and UndefinedBehaviorSanitizer; `make bench` runs
# the benchmarks over ../shared/bench/data.

PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR  ?= $(PREFIX)/bin
SBINDIR ?= $(PREFIX)/sbin
DATADIR ?= $(PREFIX)/share/sudokud

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
TEST_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
TEST_LIBS   := $(shell pkg-config --libs cmocka 2>/dev/null)

ifeq ($(SAN),1)
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=all
endif

ALL_CFLAGS = $(STD_FLAGS) $(CFLAGS) $(SAN_FLAGS) -Icore -Idaemon -I$(BUILD)/gen \
             $(PKG_CFLAGS)
ALL_LDFLAGS = $(LDFLAGS) $(SAN_FLAGS)

CORE_SRC   := $(wildcard core/*.c)
MAINS      := daemon/sudokuctl.c daemon/sudokud.c
DAEMON_SRC := $(filter-out $(MAINS),$(wildcard daemon/*.c))
TEST_SRC   := $(wildcard tests/test_*.c)
BENCH_SRC  := $(wildcard bench/*.c)

CORE_OBJ   := $(CORE_SRC:%.c=$(BUILD)/obj/%.o)
DAEMON_OBJ := $(DAEMON_SRC:%.c=$(BUILD)/obj/%.o)
TESTS      := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BENCHES    := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
# The SQL migrations are compiled into libsudokud.a (schema/embed.sh).
SCHEMA_SQL := $(sort $(wildcard schema/[0-9]*.sql))
DAEMON_OBJ += $(BUILD)/obj/gen/schema_sql.o
PROGRAMS   := $(BUILD)/sudokuctl $(if $(wildcard daemon/sudokud.c),$(BUILD)/sudokud)
LIBS       := $(BUILD)/libsudokud.a $(BUILD)/libsudokucore.a

.PHONY: all check unit-build bench run install uninstall clean
.DELETE_ON_ERROR:

all: $(PROGRAMS)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

# Lookup tables of the fast solver, generated rather than computed at run
# time so the core library has no initialisation and no global state.
$(BUILD)/gen/solver_tables.h: core/tools/gen_solver_tables.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -o $(BUILD)/gen/gen_solver_tables $<
	$(BUILD)/gen/gen_solver_tables > $@

# The solver is the hot loop of the generator: -O3 measured ~8% faster.
$(BUILD)/obj/core/solver.o: $(BUILD)/gen/solver_tables.h
$(BUILD)/obj/core/solver.o: OPT = -O3

$(BUILD)/libsudokucore.a: $(CORE_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/gen/schema_sql.c: schema/embed.sh $(SCHEMA_SQL)
	@mkdir -p $(dir $@)
	sh schema/embed.sh $(SCHEMA_SQL) > $@

$(BUILD)/obj/gen/schema_sql.o: $(BUILD)/gen/schema_sql.c daemon/schema_sql.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# An archive with no members is still a valid archive for the linker.
$(BUILD)/libsudokud.a: $(DAEMON_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/sudokuctl: $(BUILD)/obj/daemon/sudokuctl.o $(LIBS)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(LIBS) $(PKG_LIBS) -lm

$(BUILD)/sudokud: $(BUILD)/obj/daemon/sudokud.o $(LIBS)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(LIBS) $(PKG_LIBS) -lm

$(BUILD)/tests/%: tests/%.c $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -MMD -MP -o $@ $< $(ALL_LDFLAGS) \
	    $(LIBS) $(PKG_LIBS) $(TEST_LIBS) -lm

$(BUILD)/bench/%: bench/%.c $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -o $@ $< $(ALL_LDFLAGS) $(LIBS) $(PKG_LIBS) -lm

# Every test: unit tests, integration tests, then the unit tests again
# under the sanitizers.  tests/run prints one "N passed, N failed" line.
check: all $(TESTS)
	$(MAKE) --no-print-directory BUILD=build/asan SAN=1 OPT=-O1 unit-build
	tests/run build build/asan
	$(MAKE) --no-print-directory check-reliability

unit-build: $(PROGRAMS) $(TESTS)

# The local quick start: state under ./var, no root needed.
run: all
	$(BUILD)/sudokud -c config/sudokud.dev.conf --foreground

bench: all $(BENCHES)
	bench/run build

install: all
	install -d $(DESTDIR)$(BINDIR)
	install -m 0755 $(BUILD)/sudokuctl $(DESTDIR)$(BINDIR)/sudokuctl
	install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(DATADIR)
	install -m 0755 $(BUILD)/sudokud $(DESTDIR)$(SBINDIR)/sudokud
	install -m 0644 config/sudokud.conf $(DESTDIR)$(DATADIR)/sudokud.conf.example

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sudokuctl
	rm -f $(DESTDIR)$(SBINDIR)/sudokud $(DESTDIR)$(DATADIR)/sudokud.conf.example

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
soak: all
	BUILD=$(BUILD) python3 tests/soak/soak.py --days $(SOAK_DAYS) \
	    --kills $(SOAK_KILLS) --day-seconds $(SOAK_DAY_SECONDS)

# make fuzz: the libFuzzer harnesses of tests/fuzz/ built with clang and
# ASan+UBSan, then each run for FUZZ_SECONDS at nice 19, one at a time
# (FUZZ=grid runs one).  make fuzz-smoke runs each over its seed corpus
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

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run $(FUZZ_DIR)/fuzz $(FUZZ)

fuzz-smoke:
	@if tests/fuzz/run --have-libfuzzer; then \
	    $(MAKE) --no-print-directory fuzz-build && tests/fuzz/run --smoke $(FUZZ_DIR)/fuzz; \
	else echo "fuzz-smoke: SKIPPED: clang with libFuzzer not found"; fi

# Part of make check: the integration tests under valgrind, the fuzzers
# over their seeds (when clang is there) and a 20-day soak with 3 kills.
.PHONY: check-reliability
check-reliability: all
	tests/valgrind-run build
	$(MAKE) --no-print-directory fuzz-smoke
	$(MAKE) --no-print-directory soak SOAK_DAYS=20 SOAK_KILLS=3
