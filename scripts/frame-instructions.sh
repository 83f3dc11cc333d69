#!/usr/bin/env bash
# Instructions per frame of each game's table mid-animation and of the attract
# loop at 1920×1080, and of
# egui's demo as the anchor (every window open; and the three it opens at
# first), counted by callgrind: each
# screen is run for 50 and for 150 frames, and the difference divided by 100,
# so that the set-up (the store, the fonts) cancels out.
#
#     scripts/frame-instructions.sh
set -euo pipefail
cd "$(dirname "$0")/.."

cargo bench -p guichet-kiosk --bench frames --no-run 2>/dev/null
binary=$(cargo bench -p guichet-kiosk --bench frames --no-run --message-format=json 2>/dev/null \
    | grep -o '"executable":"[^"]*frames[^"]*"' | tail -1 | cut -d'"' -f4)

instructions() {
    local screen=$1 count=$2 out
    out=$(mktemp)
    FRAME_SCREEN=$screen FRAME_COUNT=$count valgrind --tool=callgrind \
        --callgrind-out-file="$out" "$binary" >/dev/null 2>&1
    callgrind_annotate "$out" | grep -m1 'PROGRAM TOTALS' | awk '{gsub(",", "", $1); print $1}'
    rm -f "$out"
}

printf '%-14s %14s\n' screen 'instr./frame'
for screen in $(FRAME_LIST=1 "$binary"); do
    short=$(instructions "$screen" 50)
    long=$(instructions "$screen" 150)
    printf '%-14s %14s\n' "$screen" $(( (long - short) / 100 ))
done
