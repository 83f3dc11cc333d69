#!/usr/bin/env bash
# Builds the kiosk's Debian package and tests it as it will be used:
#   1. `cargo deb` (the release build);
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
#   6. the real kiosk session: the installed binary under cage, as a non-root
#      user, nested in Xvfb through wlroots' X11 backend; the operator PIN is
#      chosen, and a screenshot must show the lobby (nobody signed in)
#      filling the output.
# Exits 0 only when all of it holds. Needs root (dpkg --root, a test user),
# and the packages .ci/run installs (cage, lintian, xvfb, xdotool, imagemagick).
#
#     packaging/check.sh            # builds, then checks
#     SKIP_BUILD=1 packaging/check.sh  # checks the .deb already built
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }
fail() { printf 'check.sh: %s\n' "$*" >&2; exit 1; }

work=$(mktemp -d /tmp/guichet-check.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

say "1. cargo deb"
if [ -z "${SKIP_BUILD:-}" ]; then
    cargo deb --locked
fi
deb=$(ls -t target/debian/guichet_*.deb | head -1)
echo "$deb ($(du -h "$deb" | cut -f1))"

say "2. dpkg-deb --info / --contents"
info=$(dpkg-deb --info "$deb")
echo "$info" | sed -n '/Package:/,$p'
echo "$info" | grep -q '^ Package: guichet$' || fail "not the guichet package"
depends=$(echo "$info" | sed -n 's/^ Depends: //p')
for needed in cage libc6 libasound2; do
    echo "$depends" | grep -q "$needed" || fail "Depends lacks $needed: $depends"
done
contents=$(dpkg-deb --contents "$deb")
for path in \
    ./usr/bin/guichet \
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

say "6. the kiosk session: cage in Xvfb"
user=guichetcheck
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
home=$work/home
runtime=$work/runtime
mkdir -p "$home" "$runtime"
chown "$user" "$home" "$runtime"
chmod 700 "$home" "$runtime"
# A display Xvfb finds free itself (-displayfd), and waited for: a fixed
# number may be taken, and a loaded machine starts it slowly.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 200); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start"
display=:$(head -1 "$work/display")
for _ in $(seq 100); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done
xdpyinfo -display "$display" >/dev/null 2>&1 || fail "Xvfb does not answer on $display"
export DISPLAY=$display
runuser -u "$user" -- env HOME="$home" XDG_RUNTIME_DIR="$runtime" DISPLAY="$display" \
    WLR_BACKENDS=x11 WLR_RENDERER=pixman WLR_X11_OUTPUTS=1 \
    cage -- "$root/usr/bin/guichet" --kiosk --db "$home/guichet.sqlite3" \
    >"$work/cage.log" 2>&1 &
pids+=($!)
# cage's output is a window of Xvfb: make it fill the screen.
window=
for _ in $(seq 100); do
    window=$(xwininfo -root -children 2>/dev/null | awk '/^ +0x/ { print $1; exit }')
    [ -n "$window" ] && break
    sleep 0.1
done
[ -n "$window" ] || { cat "$work/cage.log"; fail "cage opened no window"; }
xdotool windowmove "$window" 0 0 windowsize "$window" 1280 800
# Wait for the kiosk's first page (choosing the operator PIN).
shot() { import -window root "$1"; }
for _ in $(seq 100); do
    sleep 0.2
    [ -f "$home/guichet.sqlite3" ] && break
done
sleep 3
mkdir -p target/check
shot target/check/kiosk-first-start.png
# The operator chooses the PIN (typed twice), leaves the menu: the lobby,
# nobody signed in.
xdotool type --delay 120 2468; xdotool key Return; sleep 0.5
xdotool type --delay 120 2468; xdotool key Return; sleep 2
xdotool mousemove 444 141 click 1; sleep 2     # "Quitter le menu"
shot target/check/kiosk-lobby.png
pgrep -u "$user" -f "$root/usr/bin/guichet" >/dev/null || { cat "$work/cage.log"; fail "the kiosk is not running"; }
size=$(identify -format '%wx%h' target/check/kiosk-lobby.png)
[ "$size" = 1280x800 ] || fail "the screenshot is $size"
# The lobby fills the output: its four game tiles' colours are there (felt
# green, night blue, sky violet, coral), the lounge's cream and the warning
# band's ink, in the right places, with no black band left of the output.
pixel() { convert target/check/kiosk-lobby.png -format "%[hex:p{$1,$2}]" info:; }
expect() {
    local x=$1 y=$2 want=$3 got
    got=$(pixel "$x" "$y")
    [ "${got:0:6}" = "$want" ] || fail "pixel ($x,$y) is $got, not $want: not the lobby (see target/check/kiosk-lobby.png)"
}
expect 40 260 0E5A3C     # Black Jack's tile
expect 660 260 121D45    # X10's tile
expect 40 545 351E66     # Star Fortune's tile
expect 1270 728 F6F1E8   # the lounge, right of the tiles
expect 1270 790 1C1E2B   # the law's warning band, bottom right: the output is filled
echo "the lobby fills the output: target/check/kiosk-lobby.png"
echo "check.sh: all checks passed"
