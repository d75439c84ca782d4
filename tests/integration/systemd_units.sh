#!/bin/sh
# The systemd units: `systemd-analyze verify` accepts them, `systemd-analyze
# security --offline` rates the service at most 2.0 ("OK"), the sysusers.d
# and tmpfiles.d files apply in a scratch root, and the units agree with the
# daemon (socket path, state and configuration directories, exit codes that
# must not restart it, user and groups).  Skips when systemd-analyze is not
# installed (Debian package: systemd).
#
# verify needs the binaries in ExecStart= to exist, and the pages in
# Documentation= to be found by man: it checks a copy of the units with
# /usr/local/sbin/sudokud replaced by the built daemon, with MANPATH
# pointing at the pages of this tree.
set -u
BUILD=${BUILD:-build}
TARGET=2.0
if ! command -v systemd-analyze > /dev/null 2>&1; then
    tests/missing "systemd-analyze (the units' checks)" systemd
    exit $?
fi
fails=0
ok() { echo "ok - $1"; }
bad() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { # name command...
    name=$1; shift
    if "$@"; then ok "$name"; else bad "$name"; fi
}
quiet() { "$@" > /dev/null 2>&1; }
# The value of KEY= in a unit file (the last one, as systemd would use).
unit_value() { sed -n "s/^$2=//p" "$1" | tail -n 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SERVICE=systemd/sudokud.service
SOCKET=systemd/sudokud.socket
DAEMON=$(cd "$BUILD" && pwd)/sudokud

# ---- systemd-analyze verify ------------------------------------------------
mkdir -p "$tmp/units" "$tmp/man/man1" "$tmp/man/man5" "$tmp/man/man8"
sed "s|/usr/local/sbin/sudokud|$DAEMON|g" "$SERVICE" > "$tmp/units/sudokud.service"
cp "$SOCKET" "$tmp/units/sudokud.socket"
cp man/sudokuctl.1 "$tmp/man/man1/"
cp man/sudokud.conf.5 "$tmp/man/man5/"
cp man/sudokud.8 "$tmp/man/man8/"
if MANPATH=$tmp/man systemd-analyze verify "$tmp/units/sudokud.socket" \
        "$tmp/units/sudokud.service" > "$tmp/verify.log" 2>&1 && [ ! -s "$tmp/verify.log" ]; then
    ok "systemd-analyze verify sudokud.socket sudokud.service"
else
    sed 's/^/    /' "$tmp/verify.log"
    bad "systemd-analyze verify sudokud.socket sudokud.service"
fi

# ---- systemd-analyze security ----------------------------------------------
systemd-analyze security --offline=true "$SERVICE" > "$tmp/security.log" 2>&1
line=$(grep 'Overall exposure level for sudokud.service' "$tmp/security.log")
echo "    $line"
level=$(echo "$line" | sed -n 's/.*sudokud\.service: \([0-9.]*\) .*/\1/p')
if [ -n "$level" ] && awk -v l="$level" -v t="$TARGET" 'BEGIN { exit !(l <= t) }'; then
    ok "exposure $level is at most $TARGET"
else
    grep '✗' "$tmp/security.log" | sed 's/^/    /'
    bad "exposure '$level' is at most $TARGET"
fi
# The same through systemd's own threshold (its scale is ten times ours).
check "systemd-analyze security --threshold=20 passes" \
    quiet systemd-analyze security --offline=true --threshold=20 "$SERVICE"

# ---- sysusers.d and tmpfiles.d in a scratch root ---------------------------
user=$(unit_value "$SERVICE" User)
group=$(unit_value "$SOCKET" SocketGroup)
listen=$(unit_value "$SOCKET" ListenStream)
if command -v systemd-sysusers > /dev/null && command -v systemd-tmpfiles > /dev/null; then
    R=$tmp/root
    mkdir -p "$R/usr/lib/sysusers.d" "$R/usr/lib/tmpfiles.d" "$R/etc" "$R/run"
    cp systemd/sudokud.sysusers "$R/usr/lib/sysusers.d/sudokud.conf"
    cp systemd/sudokud.tmpfiles "$R/usr/lib/tmpfiles.d/sudokud.conf"
    check "systemd-sysusers applies sudokud.sysusers" \
        quiet systemd-sysusers --root="$R"
    check "it creates the unit's User= ($user)" grep -q "^$user:" "$R/etc/passwd"
    check "it creates the socket's SocketGroup= ($group)" grep -q "^$group:" "$R/etc/group"
    check "systemd-tmpfiles applies sudokud.tmpfiles" \
        quiet systemd-tmpfiles --root="$R" --create sudokud.conf
    dir=$(dirname "$listen")
    uid=$(sed -n "s/^$user:x:\([0-9]*\):.*/\1/p" "$R/etc/passwd")
    check "it makes the socket's directory $dir owned by $user" \
        test "$(stat -c %u "$R$dir" 2>/dev/null)" = "$uid"
else
    tests/missing "systemd-sysusers or systemd-tmpfiles (sysusers.d and tmpfiles.d checks)" systemd ||
        fails=$((fails + 1))
fi

# ---- the units agree with the daemon ---------------------------------------
printf '[generator]\nsecret = systemd-units-test-secret\n' > "$tmp/min.conf"
printed=$("$BUILD/sudokud" --print-config -c "$tmp/min.conf")
default_socket=$(echo "$printed" | sed -n 's/^socket = //p')
default_state=$(echo "$printed" | sed -n 's/^state_directory = //p')
check "ListenStream= ($listen) is the daemon's default socket ($default_socket)" \
    test "$listen" = "$default_socket"
check "StateDirectory= is the daemon's default state_directory ($default_state)" \
    test "/var/lib/$(unit_value "$SERVICE" StateDirectory)" = "$default_state"
check "ConfigurationDirectory= holds the daemon's default configuration file" \
    sh -c '"$1" --help | grep -q "/etc/$2/sudokud.conf"' - "$BUILD/sudokud" \
    "$(unit_value "$SERVICE" ConfigurationDirectory)"
check "the runtime directory is the socket's directory" \
    test "/run/$(unit_value "$SERVICE" RuntimeDirectory)" = "$(dirname "$listen")"
prevent=$(unit_value "$SERVICE" RestartPreventExitStatus)
"$BUILD/sudokud" --no-such-flag > /dev/null 2>&1
usage=$?
printf '[daemon]\nno_such_key = 1\n' > "$tmp/bad.conf"
"$BUILD/sudokud" -c "$tmp/bad.conf" > /dev/null 2>&1
config=$?
check "RestartPreventExitStatus= ($prevent) holds the bad-flag status $usage" \
    sh -c 'for s in $1; do [ "$s" = "$2" ] && exit 0; done; exit 1' - "$prevent" "$usage"
check "RestartPreventExitStatus= ($prevent) holds the bad-config status $config" \
    sh -c 'for s in $1; do [ "$s" = "$2" ] && exit 0; done; exit 1' - "$prevent" "$config"
check "Type=notify" test "$(unit_value "$SERVICE" Type)" = notify
check "WatchdogSec= is set" test -n "$(unit_value "$SERVICE" WatchdogSec)"
check "ExecReload= sends SIGHUP to the main process" \
    grep -qx 'ExecReload=/bin/kill -HUP $MAINPID' "$SERVICE"

[ "$fails" -eq 0 ] && echo "systemd_units: all passed" || echo "systemd_units: $fails failed"
[ "$fails" -eq 0 ]
