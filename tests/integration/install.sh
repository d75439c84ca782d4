#!/bin/sh
# make install / make uninstall into a DESTDIR: the FHS layout, the unit's
# paths rewritten for PREFIX, an existing configuration kept, the installed
# binaries working from there (version, --check-config of the installed
# example with a secret added, a daemon answering the installed sudokuctl),
# and nothing left behind by uninstall.
set -u
BUILD=${BUILD:-build}
# Not a sub-make of `make check`: its flags and jobserver are not ours.
unset MAKEFLAGS MFLAGS MAKELEVEL
fails=0
ok() { echo "ok - $1"; }
bad() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { # name command...
    name=$1; shift
    if "$@"; then ok "$name"; else bad "$name"; fi
}
quiet() { "$@" > /dev/null 2>&1; }
tmp=$(mktemp -d)
daemon=
cleanup() {
    [ -n "$daemon" ] && kill "$daemon" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
D=$tmp/root
mkdir -p "$D"

if ! make -s install DESTDIR="$D" BUILD="$BUILD" > "$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    echo "not ok - make install DESTDIR=..."
    exit 1
fi
ok "make install DESTDIR=..."

for f in usr/local/sbin/sudokud usr/local/bin/sudokuctl \
         usr/local/lib/systemd/system/sudokud.service \
         usr/local/lib/systemd/system/sudokud.socket \
         usr/local/lib/sysusers.d/sudokud.conf usr/local/lib/tmpfiles.d/sudokud.conf \
         usr/local/share/man/man8/sudokud.8 usr/local/share/man/man1/sudokuctl.1 \
         usr/local/share/man/man5/sudokud.conf.5 \
         usr/local/share/sudokud/schema/001_initial.sql \
         usr/local/share/sudokud/json-schema/webhook-event.json \
         usr/local/share/sudokud/json-schema/socket-reply.json \
         usr/local/share/doc/sudokud/examples/sudokud.conf \
         usr/local/share/doc/sudokud/examples/receiver.py \
         usr/local/share/sudokud/web/sudoku-board.js \
         usr/local/share/sudokud/web/sudoku-board.css \
         etc/sudokud/sudokud.conf; do
    check "installed $f" test -f "$D/$f"
done
check "binaries are executable" test -x "$D/usr/local/sbin/sudokud" -a -x "$D/usr/local/bin/sudokuctl"
check "the configuration is the example" cmp -s config/sudokud.conf "$D/etc/sudokud/sudokud.conf"
mode=$(stat -c %a "$D/etc/sudokud/sudokud.conf")
check "the configuration is not world-readable (mode $mode)" test "$mode" = 640
check "the unit runs the installed daemon" \
    grep -qx 'ExecStart=/usr/local/sbin/sudokud' "$D/usr/local/lib/systemd/system/sudokud.service"
check "reload checks the installed daemon's config" \
    grep -qx 'ExecReload=/usr/local/sbin/sudokud --check-config' \
    "$D/usr/local/lib/systemd/system/sudokud.service"
nschema=$(ls schema/[0-9]*.sql | wc -l)
ninst=$(ls "$D/usr/local/share/sudokud/schema/" | wc -l)
check "every migration installed ($ninst of $nschema)" test "$ninst" -eq "$nschema"

# The installed binaries, run from DESTDIR.
SUDOKUD=$D/usr/local/sbin/sudokud
CTL=$D/usr/local/bin/sudokuctl
out=$("$SUDOKUD" --version)
check "installed sudokud --version ($out)" expr "$out" : 'sudokud [0-9][0-9.]*$' >/dev/null
out=$("$CTL" --version)
check "installed sudokuctl --version ($out)" expr "$out" : 'sudokuctl [0-9][0-9.]*$' >/dev/null

# The example as installed names /etc/sudokud/generator.secret; point a
# copy at a secret of our own and it must pass as it is otherwise.
head -c 32 /dev/urandom | base64 > "$tmp/generator.secret"
chmod 0600 "$tmp/generator.secret"
sed "s|^secret_file = .*|secret_file = $tmp/generator.secret|" \
    "$D/etc/sudokud/sudokud.conf" > "$tmp/sudokud.conf"
out=$("$SUDOKUD" --check-config -c "$tmp/sudokud.conf" 2>&1)
check "--check-config of the installed example with a secret: $out" \
    test "$out" = "$tmp/sudokud.conf: configuration OK"
printed=$("$SUDOKUD" --print-config -c "$tmp/sudokud.conf")
check "the example's state_directory is the unit's StateDirectory" \
    sh -c 'echo "$1" | grep -qx "state_directory = /var/lib/sudokud"' - "$printed"
check "the example's socket is the socket unit's ListenStream" \
    sh -c 'echo "$1" | grep -qx "socket = /run/sudokud/sudokud.sock"' - "$printed"
if [ ! -e /etc/sudokud/generator.secret ]; then
    "$SUDOKUD" --check-config -c "$D/etc/sudokud/sudokud.conf" > /dev/null 2> "$tmp/err"
    rc=$?
    check "without its secret the example is refused with 78 (got $rc)" test "$rc" -eq 78
    check "... naming the secret file" grep -q "generator.secret" "$tmp/err"
fi

UNIQUE=..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
SOLVED=483921657967345821251876493548132976729564138136798245372689514814253769695417382
out=$(echo "$UNIQUE" | "$CTL" solve)
check "installed sudokuctl solve" test "$out" = "$SOLVED"

# The installed daemon answering the installed client.
mkdir "$tmp/state"
cat > "$tmp/run.conf" <<EOF
[daemon]
state_directory = $tmp/state
socket = $tmp/state/sudokud.sock
[schedule]
time_zone = UTC
days_ahead = 0
tiers = easy
[generator]
secret_file = $tmp/generator.secret
EOF
"$SUDOKUD" -c "$tmp/run.conf" --foreground 2> "$tmp/daemon.log" &
daemon=$!
i=0
while [ ! -S "$tmp/state/sudokud.sock" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
out=$("$CTL" --socket "$tmp/state/sudokud.sock" ping 2>&1)
check "the installed daemon answers the installed sudokuctl ping ($out)" test "$out" = pong
kill -TERM "$daemon"
wait "$daemon"
rc=$?
daemon=
check "the installed daemon stops with 0 on SIGTERM (got $rc)" test "$rc" -eq 0

# A second install keeps an edited configuration; uninstall keeps it too.
echo "# edited by the admin" >> "$D/etc/sudokud/sudokud.conf"
make -s install DESTDIR="$D" BUILD="$BUILD" > "$tmp/install2.log" 2>&1
check "a second install keeps the edited configuration" \
    grep -qx "# edited by the admin" "$D/etc/sudokud/sudokud.conf"
check "... and says so" grep -q "keeping the existing" "$tmp/install2.log"
make -s uninstall DESTDIR="$D" > "$tmp/uninstall.log" 2>&1
check "uninstall keeps an edited configuration" test -f "$D/etc/sudokud/sudokud.conf"
check "... and says so" grep -q "differs from the installed example" "$tmp/uninstall.log"
rm "$D/etc/sudokud/sudokud.conf"

# Install and uninstall again: nothing may be left.
make -s install DESTDIR="$D" BUILD="$BUILD" > /dev/null 2>&1
make -s uninstall DESTDIR="$D" > "$tmp/uninstall.log" 2>&1
left=$(find "$D" ! -type d)
check "make uninstall leaves no file behind${left:+: $left}" test -z "$left"
for d in usr/local/share/sudokud usr/local/share/doc/sudokud etc/sudokud; do
    check "make uninstall removes $d" test ! -e "$D/$d"
done

# Another PREFIX: the unit follows it; /etc stays /etc.
D2=$tmp/root2
make -s install PREFIX=/usr DESTDIR="$D2" BUILD="$BUILD" > /dev/null 2>&1
check "PREFIX=/usr: the unit runs /usr/sbin/sudokud" \
    grep -qx 'ExecStart=/usr/sbin/sudokud' "$D2/usr/lib/systemd/system/sudokud.service"
check "PREFIX=/usr: the configuration is still in /etc" test -f "$D2/etc/sudokud/sudokud.conf"
make -s uninstall PREFIX=/usr DESTDIR="$D2" > /dev/null 2>&1
left=$(find "$D2" ! -type d)
check "PREFIX=/usr: uninstall leaves no file behind${left:+: $left}" test -z "$left"

# PREFIX=/usr as a package builds it: the pages name the installed paths,
# and the documented postinst steps (sudokud(8), INSTALLATION) applied in a
# scratch root give the configuration and the secret to the group sudokud.
D3=$tmp/root3
make -s install PREFIX=/usr DESTDIR="$D3" BUILD="$BUILD" > /dev/null 2>&1
page=$D3/usr/share/man/man8/sudokud.8
check "PREFIX=/usr: sudokud(8) FILES names /usr/share/sudokud/schema/" \
    grep -qx '.I /usr/share/sudokud/schema/' "$page"
check "PREFIX=/usr: sudokud(8) FILES names /usr/share/doc/sudokud/examples/" \
    grep -qx '.I /usr/share/doc/sudokud/examples/' "$page"
stale=$(grep -l /usr/local "$D3"/usr/share/man/man*/* 2>/dev/null)
check "PREFIX=/usr: no installed page says /usr/local${stale:+ ($stale)}" test -z "$stale"
if [ "$(id -u)" -eq 0 ] && command -v systemd-sysusers > /dev/null &&
        command -v systemd-tmpfiles > /dev/null; then
    systemd-sysusers --root="$D3" > /dev/null 2>&1
    (umask 077; head -c 32 /dev/urandom | base64 > "$D3/etc/sudokud/generator.secret")
    systemd-tmpfiles --root="$D3" --create sudokud.conf > /dev/null 2>&1
    gid=$(sed -n 's/^sudokud:x:\([0-9]*\):.*/\1/p' "$D3/etc/group")
    for f in sudokud.conf generator.secret; do
        got=$(stat -c '%u %g %a' "$D3/etc/sudokud/$f")
        check "postinst steps: /etc/sudokud/$f is root:sudokud 0640 (got $got, sudokud is $gid)" \
            test -n "$gid" -a "$got" = "0 $gid 640"
    done
else
    echo "SKIPPED: the postinst steps' ownership: needs root and systemd-sysusers, systemd-tmpfiles"
fi

# What a live install (no DESTDIR, as root) does after copying, with the
# system tools replaced by stubs that log their arguments and /etc in tmp.
if [ "$(id -u)" -eq 0 ]; then
    mkdir -p "$tmp/stubs" "$tmp/etc/sudokud"
    for tool in systemd-sysusers systemd-tmpfiles getent chgrp systemctl; do
        printf '#!/bin/sh\necho "%s $*" >> "%s/stubs.log"\n' "$tool" "$tmp" > "$tmp/stubs/$tool"
        chmod +x "$tmp/stubs/$tool"
    done
    cp config/sudokud.conf "$tmp/etc/sudokud/sudokud.conf"
    PATH="$tmp/stubs:$PATH" make -s install-system SYSCONFDIR="$tmp/etc" > "$tmp/system.log" 2>&1
    check "live install runs systemd-sysusers on the installed file" \
        grep -qx "systemd-sysusers /usr/local/lib/sysusers.d/sudokud.conf" "$tmp/stubs.log"
    check "live install runs systemd-tmpfiles --create on the installed file" \
        grep -qx "systemd-tmpfiles --create /usr/local/lib/tmpfiles.d/sudokud.conf" "$tmp/stubs.log"
    check "live install gives the configuration to the group sudokud" \
        grep -qx "chgrp sudokud $tmp/etc/sudokud/sudokud.conf" "$tmp/stubs.log"
    secret=$tmp/etc/sudokud/generator.secret
    check "live install creates a generator secret" test -s "$secret"
    check "... of mode 0640 ($(stat -c %a "$secret" 2>/dev/null))" \
        test "$(stat -c %a "$secret" 2>/dev/null)" = 640
    check "... for the group sudokud" grep -qx "chgrp sudokud $secret" "$tmp/stubs.log"
    sed "s|^secret_file = .*|secret_file = $secret|" config/sudokud.conf > "$tmp/live.conf"
    check "... which the daemon accepts" \
        quiet "$BUILD/sudokud" --check-config -c "$tmp/live.conf"
    cp "$secret" "$tmp/secret.before"
    PATH="$tmp/stubs:$PATH" make -s install-system SYSCONFDIR="$tmp/etc" > /dev/null 2>&1
    check "a second live install keeps the generator secret" cmp -s "$secret" "$tmp/secret.before"
fi

[ "$fails" -eq 0 ] && echo "install: all passed" || echo "install: $fails failed"
[ "$fails" -eq 0 ]
