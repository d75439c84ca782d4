#!/bin/sh
# The manual pages: formatted by man without a warning, and complete
# against the code: every flag of `sudokud --help`, every command and
# option of `sudokuctl --help` and `sudokuctl help CMD`, every key that
# `sudokud --print-config` prints, and every command the running daemon
# lists in its `help` reply has an entry.  Skips the formatting checks
# when man is not installed (Debian packages: man-db, groff-base).
set -u
BUILD=${BUILD:-build}
fails=0
ok() { echo "ok - $1"; }
bad() { echo "not ok - $1"; fails=$((fails + 1)); }
tmp=$(mktemp -d)
daemon=
cleanup() {
    [ -n "$daemon" ] && kill "$daemon" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
PAGES="man/sudokud.8 man/sudokuctl.1 man/sudokud.conf.5"

# ---- formatting ------------------------------------------------------------
if command -v man > /dev/null 2>&1; then
    for page in $PAGES; do
        for width in 80 120; do
            if MANWIDTH=$width man --warnings -l "$page" > /dev/null 2> "$tmp/warn" &&
                    [ ! -s "$tmp/warn" ]; then
                ok "man --warnings -l $page (width $width)"
            else
                sed 's/^/    /' "$tmp/warn"
                bad "man --warnings -l $page (width $width)"
            fi
        done
        if command -v lexgrog > /dev/null 2>&1; then
            if lexgrog "$page" > /dev/null 2>&1; then ok "lexgrog reads the NAME of $page"
            else bad "lexgrog reads the NAME of $page"; fi
        fi
    done
else
    tests/missing "man (the pages' formatting check)" "man-db groff-base" || fails=$((fails + 1))
fi

# has PAGE PATTERN WHAT: PATTERN (grep -E) occurs in PAGE.
has() {
    if grep -Eq -- "$2" "$1"; then ok "$1 documents $3"; else bad "$1 documents $3"; fi
}
# Roff writes a dash as \-.
roff() { printf '%s' "$1" | sed 's/-/\\\\-/g'; }

# ---- sudokud(8) ------------------------------------------------------------
for flag in $("$BUILD/sudokud" --help | grep -oE -- '--?[a-z][a-z-]*' | sort -u); do
    has man/sudokud.8 "^\.B[IR]? .*$(roff "$flag")( |\"|$)" "sudokud $flag"
done
for status in 0 1 64 78; do
    has man/sudokud.8 "^\.B $status\$" "exit status $status"
done

# ---- sudokuctl(1) ----------------------------------------------------------
commands=$("$BUILD/sudokuctl" --help | sed -n 's/^  sudokuctl \([a-z][a-z-]*\).*/\1/p')
[ -n "$commands" ] || bad "sudokuctl --help lists commands"
for cmd in $commands help; do
    has man/sudokuctl.1 "^\.B[IR]? *\"?$cmd\b" "sudokuctl $cmd"
done
for cmd in $commands; do
    for opt in $("$BUILD/sudokuctl" help "$cmd" | sed -n '/^usage:/,/^$/p' |
                 grep -oE -- '--[a-z][a-z-]*' | sort -u); do
        has man/sudokuctl.1 "$(roff "$opt")" "sudokuctl $cmd $opt"
    done
done
for flag in --socket --help --version; do
    has man/sudokuctl.1 "$(roff "$flag")" "sudokuctl $flag"
done

# ---- sudokud.conf(5) -------------------------------------------------------
echo "whsec_$(head -c 32 /dev/urandom | base64)" > "$tmp/hook.whsec"
chmod 0600 "$tmp/hook.whsec"
cat > "$tmp/all.conf" <<EOF
[daemon]
state_directory = $tmp/state
socket = $tmp/state/sudokud.sock
[schedule]
time_zone = UTC
days_ahead = 0
tiers = easy
[generator]
secret = man-pages-test-secret
[webhook "w"]
url = https://example.org/hook
secret = $tmp/hook.whsec
header = X-Test: 1
EOF
printed=$("$BUILD/sudokud" --print-config -c "$tmp/all.conf") || bad "sudokud --print-config"
# Keys and sections as printed, hidden ones ("# key = ...") included.
keys=$(echo "$printed" | sed -n 's/^\(# \)\{0,1\}\([a-z_]*\) = .*/\2/p' | sort -u)
[ -n "$keys" ] || bad "sudokud --print-config prints keys"
for key in $keys secret_file; do
    has man/sudokud.conf.5 "^\.BR $key " "key $key"
done
for section in $(echo "$printed" | sed -n 's/^\[\([a-z]*\).*/\1/p' | sort -u); do
    has man/sudokud.conf.5 "^\.SH \[$section" "section [$section]"
done

# ---- the query socket, as the daemon lists it ------------------------------
mkdir "$tmp/state"
"$BUILD/sudokud" -c "$tmp/all.conf" --foreground 2> "$tmp/daemon.log" &
daemon=$!
reply=$(python3 - "$tmp/state/sudokud.sock" <<'EOF'
import json, socket, sys, time
for _ in range(100):
    try:
        s = socket.socket(socket.AF_UNIX)
        s.connect(sys.argv[1])
        break
    except OSError:
        time.sleep(0.1)
s.sendall(b"help\n")
data = b""
while not data.endswith(b"\n"):
    chunk = s.recv(65536)
    if not chunk:
        break
    data += chunk
for c in json.loads(data)["commands"]:
    print(c["name"])
EOF
)
kill "$daemon"
wait "$daemon" 2>/dev/null
daemon=
[ -n "$reply" ] || bad "the daemon answers help"
for cmd in $reply; do
    has man/sudokud.8 "^\.B[IR]? *\"?$cmd\b" "socket command $cmd"
done
for code in bad_request not_found too_large busy internal forbidden too_hard timeout; do
    has man/sudokud.8 "^\.B $code\$" "error code $code"
done

[ "$fails" -eq 0 ] && echo "man_pages: all passed" || echo "man_pages: $fails failed"
[ "$fails" -eq 0 ]
