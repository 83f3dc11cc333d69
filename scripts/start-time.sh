#!/usr/bin/env bash
# Start-up time, side by side in one run: Guichet against a bare eframe window
# with the same eframe features (crates/guichet-kiosk/examples/bare_window.rs), each started 5 times
# (or $RUNS times) in turn under Xvfb, from exec to the first drawn frame
# (scripts/first_frame.py polls the screen for a pixel only that program's own
# drawing paints: the bare window's panel, Guichet's top bar). Guichet starts
# as a new user would: an empty home, so it creates its database. Then
# `guichet --version`, 20 times. Prints each run, the medians and the ratio.
#
#     scripts/start-time.sh          # needs Xvfb, python3; builds in release
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --locked -p guichet --bin guichet 2>/dev/null
cargo build --release --locked -p guichet-kiosk --example bare_window 2>/dev/null
guichet=target/release/guichet
bare=target/release/examples/bare_window

display=:53
Xvfb "$display" -screen 0 1280x800x24 -br -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
work=$(mktemp -d)
trap 'kill $xvfb; rm -rf "$work"' EXIT
export DISPLAY=$display
sleep 1

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

: >"$work/bare" ; : >"$work/guichet"
for run in $(seq "${RUNS:-5}"); do
    # The bare window's first frame paints its panel (egui's dark 080808).
    read -r window frame < <(python3 scripts/first_frame.py 080808 1270 790 -- "$bare")
    echo "run $run  bare     window ${window} ms  first frame ${frame} ms"
    echo "$frame" >>"$work/bare"
    sleep 0.5
    home=$work/home-$run
    mkdir -p "$home/run"
    chmod 700 "$home/run"
    # Guichet's first frame is the first that shows its own top bar: the
    # balance's dark pill (1C1E2B) at (300, 20). (Its window's clear colour,
    # the lounge, would show sooner than the kiosk: the window is blank first.)
    read -r window frame < <(HOME=$home XDG_RUNTIME_DIR=$home/run \
        python3 scripts/first_frame.py 1C1E2B 300 20 -- "$guichet")
    echo "run $run  guichet  window ${window} ms  first frame ${frame} ms"
    echo "$frame" >>"$work/guichet"
    sleep 0.5
done
bare_median=$(median <"$work/bare")
guichet_median=$(median <"$work/guichet")
echo "median first frame: bare ${bare_median} ms, guichet ${guichet_median} ms," \
    "ratio $(awk -v g="$guichet_median" -v b="$bare_median" 'BEGIN { printf "%.2f", g / b }')"

for _ in $(seq 20); do
    start=$(date +%s%N); "$guichet" --version >/dev/null; end=$(date +%s%N)
    echo $(( (end - start) / 1000 ))
done | median | awk '{ printf "guichet --version: median %.1f ms of 20\n", $1 / 1000 }'
