#!/bin/sh
# A forbidden request counts as one error: through the real socket, an
# operator command from another user (nobody, uid 65534) is answered
# forbidden, and the daemon's `stats` errors go up by exactly one (and
# requests by the two requests sent since).  Needs root (to act as another
# user), socat and setpriv; skips otherwise.
set -u
BUILD=${BUILD:-build}
fails=0
ok() { echo "ok - $1"; }
bad() { echo "not ok - $1"; fails=$((fails + 1)); }
if [ "$(id -u)" -ne 0 ]; then
    echo "SKIPPED: socket_forbidden needs root to act as another user"; exit 0
fi
for tool in socat setpriv; do
    command -v $tool >/dev/null 2>&1 || { tests/missing "$tool (socket_forbidden)" "socat util-linux"; exit $?; }
done
tmp=$(mktemp -d)
chmod 755 "$tmp"
daemon=
cleanup() {
    if [ -n "$daemon" ]; then kill "$daemon" 2>/dev/null; wait "$daemon" 2>/dev/null; fi
    rm -rf "$tmp"
}
trap cleanup EXIT
cat > "$tmp/sudokud.conf" <<CONF
[daemon]
state_directory = $tmp/state
socket = $tmp/sudokud.sock
socket_mode = 0666
[schedule]
time_zone = UTC
days_ahead = 0
[generator]
secret = forbidden-test-secret-0123
CONF
"$BUILD/sudokud" -c "$tmp/sudokud.conf" 2> "$tmp/err" > /dev/null &
daemon=$!
i=0
while [ ! -S "$tmp/sudokud.sock" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
[ -S "$tmp/sudokud.sock" ] || { bad "the daemon opened its socket"; sed 's/^/    /' "$tmp/err"; exit 1; }

# ask root|nobody LINE: one request as that user, its reply line.
ask() {
    if [ "$1" = nobody ]; then
        printf '%s\n' "$2" | setpriv --reuid=65534 --regid=65534 --clear-groups \
            socat -t 30 - "UNIX-CONNECT:$tmp/sudokud.sock"
    else
        printf '%s\n' "$2" | socat -t 30 - "UNIX-CONNECT:$tmp/sudokud.sock"
    fi
}
# field NAME: the integer NAME of a stats reply on stdin.
field() { sed -n "s/.*\"$1\": *\([0-9][0-9]*\).*/\1/p"; }

before=$(ask root stats)
errors0=$(printf '%s' "$before" | field errors)
requests0=$(printf '%s' "$before" | field requests)
reply=$(ask nobody "backup $tmp/copy.db")
case "$reply" in
    *'"code":"forbidden"'*'uid 65534'*|*'"code": "forbidden"'*'uid 65534'*)
        ok "backup from uid 65534 is forbidden" ;;
    *) bad "backup from uid 65534 is forbidden (got: $reply)" ;;
esac
[ ! -e "$tmp/copy.db" ] && ok "no backup was written" || bad "no backup was written"
after=$(ask root stats)
errors1=$(printf '%s' "$after" | field errors)
requests1=$(printf '%s' "$after" | field requests)
if [ -n "$errors0" ] && [ -n "$errors1" ] && [ $((errors1 - errors0)) -eq 1 ]; then
    ok "stats errors went up by one ($errors0 -> $errors1)"
else
    bad "stats errors went up by one (before: $before; after: $after)"
fi
if [ -n "$requests0" ] && [ -n "$requests1" ] && [ $((requests1 - requests0)) -eq 2 ]; then
    ok "stats requests went up by two ($requests0 -> $requests1)"
else
    bad "stats requests went up by two (before: $before; after: $after)"
fi
echo "socket_forbidden: $fails failure(s)"
[ "$fails" -eq 0 ]
