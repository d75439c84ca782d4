#!/bin/sh
# tests/hooks/check_release.sh [BUILD]: the release daemon BUILD/sudokud has
# no test hook (neither the symbols nor the strings of the test clock and
# the failing SQLite VFS), and the test daemon BUILD/test/sudokud has every
# one of them, so that a pattern that stopped matching anything fails here
# rather than passing in silence.  Run by make test.
set -u
BUILD=${1:-${BUILD:-build}}
release=$BUILD/sudokud
test_build=$BUILD/test/sudokud
fails=0
for bin in "$release" "$test_build"; do
    if [ ! -x "$bin" ]; then
        echo "not ok - $bin is missing (make test-bins builds it)"
        exit 1
    fi
done
command -v nm >/dev/null 2>&1 && command -v strings >/dev/null 2>&1 || {
    echo "not ok - nm and strings are needed (Debian: binutils)"
    exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{ nm -a "$release"; strings -a "$release"; } > "$tmp/release"
{ nm -a "$test_build"; strings -a "$test_build"; } > "$tmp/test"
# Symbols (functions, the VFS's name) and strings (environment variables,
# log lines) of the hooks.
for pattern in SUDOKUD_TEST_CLOCK SUDOKUD_TEST_FAULT SUDOKUD_TEST_DAY_SECONDS \
        SUDOKUD_TEST_EPOCH SUDOKUD_TEST vfs_fault fault_env clock_init_from_env \
        'TEST CLOCK' 'TEST FAULT'; do
    if grep -q -- "$pattern" "$tmp/release"; then
        echo "not ok - $release contains '$pattern':"
        grep -- "$pattern" "$tmp/release" | head -3 | sed 's/^/    /'
        fails=$((fails + 1))
    else
        echo "ok - $release has no '$pattern'"
    fi
    if grep -q -- "$pattern" "$tmp/test"; then
        echo "ok - $test_build has '$pattern'"
    else
        echo "not ok - $test_build lacks '$pattern': the check above proves nothing"
        fails=$((fails + 1))
    fi
done
echo "test hooks: $fails failure(s)"
[ "$fails" -eq 0 ]
