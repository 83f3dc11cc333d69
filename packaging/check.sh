#!/usr/bin/env bash
# Builds the kiosk's Debian package and tests it as it will be used:
#   1. packaging/build-deb.sh (the release build for a package, its signed
#      manifest, `cargo deb`);
#   2. its description and contents (dpkg-deb --info / --contents);
#   3. lintian, which must find no error (warnings are listed);
#   4. the kiosk unit, checked by systemd-analyze verify;
#   5. an install into a throwaway root (dpkg --root): the guichet user, its
#      0700 database folder, `guichet --version` and `guichet audit` from the
#      installed path; the seal key installed as an encrypted credential
#      (never in the data folder), decrypted as the unit's
#      LoadCredentialEncrypted= does, a player added and selling to them
#      through $CREDENTIALS_DIRECTORY;
#      and a copy of the data folder elsewhere refusing to sell;
#   5c. the program's self-check: `guichet selftest` passes on the installed
#      binary; a copy with one byte changed, or without its manifest, sells
#      nothing and fails its self-test;
#   6. the real kiosk session, started through its unit: systemd booted in
#      a throwaway system (the machine's root under an overlay, in namespaces
#      of its own), the package installed there by dpkg, and
#      `systemctl start guichet-kiosk@tty1.service` — PAM's guichet-kiosk
#      service, logind, the credential, cage drawing into Xvfb (a drop-in
#      adds the display: this machine has no screen). The program verifies
#      itself (the journal says so, and `guichet selftest` run with the
#      unit's user and credential passes); the operator PIN is chosen and a
#      screenshot must show the lobby filling the output. Then the installed
#      binary is changed by one byte: at each restart the kiosk shows "Borne
#      hors service — logiciel non vérifié", sells nothing and logs it, until
#      the good binary is back.
# Exits 0 only when all of it holds. Needs root (dpkg --root, namespaces, an
# overlay), and the packages .ci/run installs (cage, lintian, xvfb, xdotool,
# imagemagick, sqlite3, systemd, dbus, libpam-systemd).
#
#     packaging/check.sh            # builds (build-deb.sh), then checks
#     SKIP_BUILD=1 packaging/check.sh  # checks the .deb already built
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }
fail() { printf 'check.sh: %s\n' "$*" >&2; exit 1; }

work=$(mktemp -d /tmp/guichet-check.XXXXXX)
chmod 755 "$work"
pids=()
system_pid=
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    # The throwaway system: its PID namespace ends with its first process,
    # and its overlay with the last process of its mount namespace.
    if [ -n "$system_pid" ]; then
        kill -9 "$system_pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$system_pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -rf "$work"
}
trap cleanup EXIT

say "1. build-deb.sh: the release build, its signed manifest, cargo deb"
if [ -z "${SKIP_BUILD:-}" ]; then
    bash packaging/build-deb.sh
fi
deb=$(ls -t target/debian/guichet_*.deb | head -1)
echo "$deb ($(du -h "$deb" | cut -f1))"

say "2. dpkg-deb --info / --contents"
info=$(dpkg-deb --info "$deb")
echo "$info" | sed -n '/Package:/,$p'
echo "$info" | grep -q '^ Package: guichet$' || fail "not the guichet package"
depends=$(echo "$info" | sed -n 's/^ Depends: //p')
for needed in cage libc6 libasound2 libpam-systemd; do
    echo "$depends" | grep -q "$needed" || fail "Depends lacks $needed: $depends"
done
contents=$(dpkg-deb --contents "$deb")
for path in \
    ./usr/bin/guichet \
    ./usr/lib/guichet/guichet.manifest \
    ./etc/pam.d/guichet-kiosk \
    ./usr/share/applications/guichet.desktop \
    ./usr/share/icons/hicolor/256x256/apps/guichet.png \
    ./usr/share/icons/hicolor/scalable/apps/guichet.svg \
    ./usr/lib/sysusers.d/guichet.conf \
    ./usr/lib/tmpfiles.d/guichet.conf \
    ./lib/systemd/system/guichet-kiosk@.service \
    ./usr/share/doc/guichet/copyright \
    ./usr/share/doc/guichet/OFL-Lato.txt; do
    echo "$contents" | grep -q " $path\$" || fail "the package lacks $path"
done
echo "every expected file is in the package"

say "3. lintian"
lintian --fail-on error --display-info "$deb" | tee "$work/lintian.txt" || fail "lintian found errors"
echo "lintian: $(grep -c '^E:' "$work/lintian.txt" || true) error(s), $(grep -c '^W:' "$work/lintian.txt" || true) warning(s)"

say "4. systemd-analyze verify"
units=$work/units
mkdir -p "$units"
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$units" ./lib/systemd/system/guichet-kiosk@.service
cp "$units/lib/systemd/system/guichet-kiosk@.service" "$units/"
ln -s guichet-kiosk@.service "$units/guichet-kiosk@tty1.service"
# The unit: systemd-analyze verify says nothing of a sound unit (an unknown
# key, a bad value, a missing program are each a line). The binary it runs is
# in the throwaway root, not on this machine: that one line is expected.
findings=$(systemd-analyze verify --man=no "$units/guichet-kiosk@tty1.service" 2>&1 \
    | grep -v '/usr/bin/guichet.*No such file' || true)
[ -z "$findings" ] || fail "systemd-analyze verify: $findings"
echo "systemd-analyze verify: the unit is sound"

say "5. dpkg --root (a throwaway root)"
root=$work/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
touch "$root/var/lib/dpkg/status"
# A root has an /etc, where the guichet user is written.
mkdir -p "$root/etc"
dpkg --root="$root" --force-script-chrootless --force-depends --log=/dev/null -i "$deb"
[ -x "$root/usr/bin/guichet" ] || fail "no /usr/bin/guichet in the root"
grep -q '^guichet:' "$root/etc/passwd" || fail "no guichet user in the root"
folder=$(stat -c '%a %U' "$root/var/lib/guichet" 2>/dev/null || stat -c '%a %u' "$root/var/lib/guichet")
uid=$(awk -F: '$1 == "guichet" { print $3 }' "$root/etc/passwd")
mode=$(stat -c '%a' "$root/var/lib/guichet")
owner=$(stat -c '%u' "$root/var/lib/guichet")
[ "$mode" = 700 ] && [ "$owner" = "$uid" ] || fail "/var/lib/guichet is $folder, not 700 guichet"
echo "the guichet user (uid $uid) owns /var/lib/guichet, mode $mode"
version=$("$root/usr/bin/guichet" --version)
echo "$version"
echo "$version" | grep -qE '^guichet [0-9.]+ \(commit [0-9a-f]{12}(-dirty)?\)$' || fail "--version: $version"
"$root/usr/bin/guichet" audit --game blackjack | tail -3

say "5b. the seal key: a systemd credential, off the data folder"
credential=$root/etc/credstore.encrypted/guichet-seal-key
[ -f "$credential" ] || fail "postinst made no credential $credential"
[ "$(stat -c '%a' "$credential")" = 600 ] || fail "$credential is mode $(stat -c '%a' "$credential")"
grep -q guichet-seal-key-v1 "$credential" && fail "the credential is not encrypted"
grep -q '^LoadCredentialEncrypted=guichet-seal-key:/etc/credstore.encrypted/guichet-seal-key$' \
    "$root/lib/systemd/system/guichet-kiosk@.service" || fail "the unit does not load the credential"
# As LoadCredentialEncrypted= does: decrypted with this machine's key into a
# folder of the service's own, given in $CREDENTIALS_DIRECTORY.
credentials=$work/credentials
mkdir -m 0700 "$credentials"
systemd-creds decrypt --name=guichet-seal-key "$credential" "$credentials/guichet-seal-key"
chmod 0400 "$credentials/guichet-seal-key"
data=$root/var/lib/guichet
kiosk() { env -u GUICHET_KEYS CREDENTIALS_DIRECTORY="$credentials" GUICHET_PLAYER_PIN=2468 "$root/usr/bin/guichet" "$@"; }
kiosk player add --db "$data/guichet.sqlite3" --card 1 --adult >/dev/null
kiosk limits --db "$data/guichet.sqlite3" --player 1 --deposit 100 --stake 100 >/dev/null
kiosk deposit --db "$data/guichet.sqlite3" --player 1 --amount 20
kiosk play --db "$data/guichet.sqlite3" --player 1 --game blackjack --count 3
kiosk verify --db "$data/guichet.sqlite3" | head -1 | grep -q '^ok' || fail "verify under the credential"
leaked=$(find "$data" \( -name '*key*' -print \) -o \( -type f -exec grep -l guichet-seal-key-v1 {} + \) 2>/dev/null || true)
[ -z "$leaked" ] || fail "a key is in the data folder: $leaked"
echo "sold 3 units through the credential; no key in $data"
# A copy of the data folder, elsewhere, without the credential: it cannot sell.
stolen=$work/stolen
cp -a "$data" "$stolen"
if refusal=$(env -u CREDENTIALS_DIRECTORY GUICHET_KEYS="$work/thief-keys" GUICHET_PLAYER_PIN=2468 \
        "$root/usr/bin/guichet" play --db "$stolen/guichet.sqlite3" --player 1 --game blackjack --count 1 2>&1); then
    fail "a copy of the data folder sold a unit: $refusal"
fi
echo "$refusal" | grep -q 'seal key' || fail "the copy's refusal does not name the key: $refusal"
echo "a copy of the data folder refuses to sell: $(echo "$refusal" | tail -1)"


say "5c. the program checks itself"
selftest=$(kiosk selftest --db "$data/guichet.sqlite3") || { echo "$selftest"; fail "selftest of the installed binary"; }
echo "$selftest"
echo "$selftest" | grep -q '^ok  *manifest: verified' || fail "the installed binary is not verified"
echo "$selftest" | grep -q '^selftest: passed$' || fail "selftest did not pass"
units() { sqlite3 "file:$1?mode=ro" 'SELECT count(*) FROM units'; }
# A copy of the installed root whose binary differs by one byte: a letter of
# a message it prints only without a sound device, so that it still runs.
changed=$work/changed
cp -a "$root" "$changed"
flip_one_byte() {
    local file=$1 offset
    offset=$(grep -obUa 'the kiosk plays silently' "$file" | head -1 | cut -d: -f1)
    [ -n "$offset" ] || fail "no place to change a byte in $file"
    printf 'T' | dd of="$file" bs=1 seek="$offset" conv=notrunc status=none
}
flip_one_byte "$changed/usr/bin/guichet"
cmp -s "$root/usr/bin/guichet" "$changed/usr/bin/guichet" && fail "the copy was not changed"
echo "changed one byte: $(cmp -l "$root/usr/bin/guichet" "$changed/usr/bin/guichet" | wc -l) byte(s) differ"
before=$(units "$changed/var/lib/guichet/guichet.sqlite3")
changed_kiosk() { env -u GUICHET_KEYS CREDENTIALS_DIRECTORY="$credentials" GUICHET_PLAYER_PIN=2468 "$changed/usr/bin/guichet" "$@"; }
if refusal=$(changed_kiosk play --db "$changed/var/lib/guichet/guichet.sqlite3" --player 1 --game blackjack --count 1 2>&1); then
    fail "a changed binary sold: $refusal"
fi
echo "$refusal" | grep -q 'not verified' || fail "the changed binary's refusal: $refusal"
echo "the changed binary refuses to sell: $refusal"
if out=$(changed_kiosk selftest --db "$changed/var/lib/guichet/guichet.sqlite3"); then
    fail "the changed binary passed its self-test: $out"
fi
echo "$out" | grep -q '^FAILED  *manifest: refused' || fail "selftest does not say the program is refused: $out"
# The good binary, its manifest gone: a build for a package needs one.
cp "$root/usr/bin/guichet" "$changed/usr/bin/guichet"
rm "$changed/usr/lib/guichet/guichet.manifest"
if refusal=$(changed_kiosk play --db "$changed/var/lib/guichet/guichet.sqlite3" --player 1 --game blackjack --count 1 2>&1); then
    fail "a binary without its manifest sold: $refusal"
fi
echo "$refusal" | grep -q 'no manifest' || fail "the refusal without a manifest: $refusal"
[ "$(units "$changed/var/lib/guichet/guichet.sqlite3")" = "$before" ] || fail "a refused binary wrote a unit"
echo "without its manifest, the binary refuses to sell; no unit was written ($before units)"

say "6. the kiosk session through its unit, in a throwaway system"
# Xvfb, on a display it finds free itself (-displayfd), and waited for.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 200); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start"
display=:$(head -1 "$work/display")
for _ in $(seq 100); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done
xdpyinfo -display "$display" >/dev/null 2>&1 || fail "Xvfb does not answer on $display"
export DISPLAY=$display

# The system: this machine's root under an overlay (every write lands in
# $work), systemd its first process in PID and mount namespaces of its own,
# booted as a container to basic.target. Units that would act on the
# machine itself (its kernel settings, modules, devices, clock) are masked.
system=$work/system
mkdir -p "$system/upper" "$system/work" "$system/root"
cat >"$work/boot.sh" <<BOOT
set -e
root=$system/root
mount -t overlay overlay -o lowerdir=/,upperdir=$system/upper,workdir=$system/work "\$root"
mount --rbind /dev "\$root/dev"
mount -t proc proc "\$root/proc"
mount --rbind /sys "\$root/sys"
mount -o remount,bind,ro "\$root/sys"
mount -t tmpfs tmpfs "\$root/run"
mount -t tmpfs tmpfs "\$root/tmp"
for unit in systemd-sysctl systemd-modules-load systemd-udevd systemd-udev-trigger \\
        systemd-timesyncd systemd-binfmt systemd-random-seed postgresql cron ssh; do
    ln -sf /dev/null "\$root/etc/systemd/system/\$unit.service"
done
# As on a machine, its mounts are shared among themselves (systemd moves
# each service's credentials into place from a namespace of its own), and
# none with this machine's (the namespace's mounts began private).
mount --make-rshared "\$root"
exec chroot "\$root" env container=guichet-check /lib/systemd/systemd --unit=basic.target --log-target=console
BOOT
unshare --mount --pid --fork --propagation private bash "$work/boot.sh" >"$work/system.log" 2>&1 &
unshare_pid=$!
pids+=($unshare_pid)
for _ in $(seq 100); do
    system_pid=$(pgrep -P "$unshare_pid" | head -1 || true)
    [ -n "$system_pid" ] && break
    sleep 0.1
done
[ -n "$system_pid" ] || { cat "$work/system.log"; fail "the throwaway system did not start"; }
inside() { nsenter --target "$system_pid" --mount --pid --root --wd -- "$@"; }
for _ in $(seq 300); do
    state=$(inside systemctl is-system-running 2>/dev/null || true)
    case "$state" in running|degraded) break ;; esac
    sleep 0.1
done
echo "the throwaway system is ${state:-not up}"
case "$state" in running|degraded) ;; *) tail -30 "$work/system.log"; fail "systemd did not boot" ;; esac
inside sh -c 'cat >/root/guichet.deb' <"$deb"
inside dpkg -i /root/guichet.deb >/dev/null || fail "dpkg -i in the throwaway system"
inside test -f /etc/credstore.encrypted/guichet-seal-key || fail "no credential in the throwaway system"
# The machine has no screen: cage draws into a window of Xvfb.
inside mkdir -p /etc/systemd/system/guichet-kiosk@tty1.service.d
printf '[Service]\nEnvironment=WLR_BACKENDS=x11 WLR_RENDERER=pixman WLR_X11_OUTPUTS=1 DISPLAY=%s\n' "$display" \
    | inside tee /etc/systemd/system/guichet-kiosk@tty1.service.d/display.conf >/dev/null
inside systemctl daemon-reload
inside systemctl start guichet-kiosk@tty1.service || { inside journalctl -b --no-pager | tail -40; fail "the kiosk unit did not start"; }
database=/var/lib/guichet/guichet.sqlite3
in_database() { inside sqlite3 "file:$database?mode=ro" "$1"; }
# What the session printed: cage's stream (the kiosk's lines included). Not
# `-u`: pam_systemd moves the session into a scope of logind's, whose lines
# are then that scope's.
journal() { inside journalctl --no-pager -o cat SYSLOG_IDENTIFIER=cage; }
# Whether the session's lines come to say `pattern` (journald files a
# stream's lines when it gets to them: on a loaded machine, seconds later).
journal_says() {
    for _ in $(seq 150); do
        journal | grep -q "$1" && return 0
        sleep 0.1
    done
    return 1
}

# cage's output is a window of Xvfb: found, then made to fill the screen.
cage_window() {
    local window=
    for _ in $(seq 200); do
        window=$(xwininfo -root -children 2>/dev/null | awk '/^ +0x/ { print $1; exit }')
        [ -n "$window" ] && break
        sleep 0.1
    done
    [ -n "$window" ] || { journal | tail -30; fail "cage opened no window"; }
    xdotool windowmove "$window" 0 0 windowsize "$window" 1280 800
}
cage_window
for _ in $(seq 100); do
    sleep 0.2
    inside test -f "$database" && break
done
sleep 3
mkdir -p target/check
shot() { import -window root "$1"; }
shot target/check/kiosk-first-start.png
journal_says '^guichet: program verified (SHA-256 [0-9a-f]\{64\})$' \
    || { journal | tail -20; fail "the kiosk did not say its program is verified"; }
echo "the kiosk under its unit: $(journal | grep 'program verified')"
session=$(inside loginctl list-sessions --no-legend | awk '$3 == "guichet" { print $1 }' | head -1)
[ -n "$session" ] || fail "the kiosk has no logind session (PAM's guichet-kiosk, pam_systemd)"
echo "logind session $session: $(inside loginctl show-session "$session" -p Service -p TTY -p Class | tr '\n' ' ')"
inside loginctl show-session "$session" -p Service | grep -q '^Service=guichet-kiosk$' \
    || fail "the session is not PAM's guichet-kiosk"
# The self-test, as the unit's user with its credential.
as_the_unit() {
    inside systemd-run --quiet --wait --pipe --collect -p User=guichet \
        -p LoadCredentialEncrypted=guichet-seal-key:/etc/credstore.encrypted/guichet-seal-key \
        -p Environment=GUICHET_PLAYER_PIN=2468 "$@"
}
selftest=$(as_the_unit /usr/bin/guichet selftest --db "$database") \
    || { echo "$selftest"; fail "selftest under the unit's settings"; }
echo "$selftest" | grep -q '^ok  *manifest: verified' || fail "selftest under the unit: $selftest"
echo "guichet selftest, as the unit's user with its credential: passed"

# The operator chooses the PIN (typed twice), leaves the menu: the lobby,
# nobody signed in.
xdotool type --delay 120 2468; xdotool key Return; sleep 0.5
xdotool type --delay 120 2468; xdotool key Return; sleep 2
xdotool mousemove 444 141 click 1; sleep 2     # "Quitter le menu"
shot target/check/kiosk-lobby.png
inside systemctl is-active --quiet guichet-kiosk@tty1.service || { journal | tail -20; fail "the kiosk is not running"; }
size=$(identify -format '%wx%h' target/check/kiosk-lobby.png)
[ "$size" = 1280x800 ] || fail "the screenshot is $size"
# The lobby fills the output: its four game tiles' colours are there (felt
# green, night blue, sky violet, coral), the lounge's cream and the warning
# band's ink, in the right places, with no black band left of the output.
pixel() { convert "$1" -format "%[hex:p{$2,$3}]" info:; }
expect() {
    local shot=$1 x=$2 y=$3 want=$4 got
    got=$(pixel "$shot" "$x" "$y")
    [ "${got:0:6}" = "$want" ] || fail "pixel ($x,$y) is $got, not $want (see $shot)"
}
lobby() {
    expect "$1" 40 260 0E5A3C     # Black Jack's tile
    expect "$1" 660 260 121D45    # X10's tile
    expect "$1" 40 545 351E66     # Star Fortune's tile
    expect "$1" 1270 728 F6F1E8   # the lounge, right of the tiles
    expect "$1" 1270 790 1C1E2B   # the law's warning band, bottom right: the output is filled
}
lobby target/check/kiosk-lobby.png
echo "the lobby fills the output: target/check/kiosk-lobby.png"

# One byte of the installed binary changed: at every start the kiosk is out
# of service, and nothing sells, until the good binary is back.
# A player with money, for the changed binary to refuse.
as_the_unit /usr/bin/guichet player add --db "$database" --card 7 --adult >/dev/null
as_the_unit /usr/bin/guichet limits --db "$database" --player 7 --deposit 100 --stake 100 >/dev/null
as_the_unit /usr/bin/guichet deposit --db "$database" --player 7 --amount 20 >/dev/null
# Installed as a package upgrade would: a new file renamed over the one
# running.
install_binary() { inside sh -c 'cat >/usr/bin/guichet.new && chmod 755 /usr/bin/guichet.new && mv -f /usr/bin/guichet.new /usr/bin/guichet' <"$1"; }
cp "$root/usr/bin/guichet" "$work/guichet.changed"
flip_one_byte "$work/guichet.changed"
install_binary "$work/guichet.changed"
refusals() { in_database "SELECT count(*) FROM events WHERE kind = 'error' AND detail LIKE 'program not verified%'"; }
before=$(in_database 'SELECT count(*) FROM units')
# The page's title, in the problem's red, fills part of its band.
out_of_service() {
    local red
    red=$(convert "$1" -crop 1280x140+0+60 +repage -fill black +opaque '#B42318' -fill white -opaque '#B42318' \
        -format '%[fx:round(mean*w*h)]' info:)
    [ "$red" -gt 2000 ] || fail "no \"Borne hors service\" title in $1 ($red red pixels)"
}
for start in 1 2; do
    inside systemctl restart guichet-kiosk@tty1.service
    cage_window
    sleep 4
    shot "target/check/kiosk-out-of-service-$start.png"
    out_of_service "target/check/kiosk-out-of-service-$start.png"
    [ "$(refusals)" = "$start" ] || fail "start $start: $(refusals) refusal(s) logged"
    journal_says 'PROGRAM NOT VERIFIED, the kiosk sells nothing' || fail "the journal does not say the program is refused"
done
echo "a binary changed by one byte: out of service at each of 2 starts, each logged: target/check/kiosk-out-of-service-1.png"
if refusal=$(as_the_unit /usr/bin/guichet play --db "$database" --player 7 --game blackjack --count 1 2>&1); then
    fail "the changed binary sold under the unit: $refusal"
fi
[ "$(in_database 'SELECT count(*) FROM units')" = "$before" ] || fail "the changed binary wrote a unit"
echo "the changed binary sells nothing ($before units before and after): $refusal"
install_binary "$root/usr/bin/guichet"
inside systemctl restart guichet-kiosk@tty1.service
cage_window
sleep 4
shot target/check/kiosk-restored.png
lobby target/check/kiosk-restored.png
# And it sells: the refusal above was the changed binary's alone.
as_the_unit /usr/bin/guichet play --db "$database" --player 7 --game blackjack --count 1 >/dev/null \
    || fail "the good binary back, a unit cannot be sold"
[ "$(in_database 'SELECT count(*) FROM units')" = "$((before + 1))" ] || fail "the good binary's unit is not in the file"
echo "the good binary back: the lobby again (target/check/kiosk-restored.png), and a unit sells"
inside systemctl poweroff --no-block >/dev/null 2>&1 || true
echo "check.sh: all checks passed"
