#!/bin/bash
# The mutation score of guichet-core: every mutant cargo-mutants plants in the
# core, against the core's fast tests (a subset of its suite, so a mutant they
# catch the whole suite catches). The half-minute sweeps (`no_tells`, `plinko`)
# are left out: with them each mutant costs ~85 s, some 26 hours in all.
#
#   scripts/mutants-core.sh [OUTPUT_DIR [cargo-mutants arguments: -j 2, --iterate]]
#   (OUTPUT_DIR defaults to mutants.out.core)
#
# Two passes, each with the tests that reach its files and the build that
# suits them (profiles `mutants` and `mutants-unoptimised` in Cargo.toml):
#   physics  plinko/ — its unit tests (collisions), the pinned boards and
#            falls, the board's and a trajectory's exact figures: all run in
#            milliseconds, so the core is built unoptimised (the other unit
#            tests, slow unoptimised, are skipped).
#   rules    everything else — the unit tests, the règlements, the rules, the
#            scenarios, the full blocks, the decoys, the pinned falls and drawing.
# Add `--iterate` to rerun only what a previous run of the same output did not
# catch. Exclusions, each with its reason: .cargo/mutants.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-mutants.out.core}
shift || true
common=(-p guichet-core --baseline=skip --build-timeout 300 "$@")

cargo mutants "${common[@]}" --timeout 20 --profile mutants-unoptimised \
    -f 'crates/guichet-core/src/games/star_fortune/plinko/*.rs' \
    -o "$out/physics" -- --lib --test plinko_pinned --test plinko_geometry -- \
    --skip block:: --skip emission:: --skip generator:: --skip money:: \
    --skip permutation:: --skip reveal:: --skip scenario:: --skip step:: \
    --skip sampling:: --skip games::blackjack --skip games::x10 --skip games::bingo \
    --skip games::tests --skip games::star_fortune::puck_path || true
cargo mutants "${common[@]}" --timeout 30 --profile mutants \
    -e 'crates/guichet-core/src/games/star_fortune/plinko/*.rs' \
    -o "$out/rules" -- --lib --test rules --test scenarios --test reglements \
    --test full_blocks --test decoys --test plinko_pinned --test drawing_pinned || true

for pass in physics rules; do
    dir=$out/$pass/mutants.out
    printf '%-9s' "$pass"
    for outcome in caught missed timeout unviable; do
        printf ' %s %s' "$outcome" "$(wc -l < "$dir/$outcome.txt")"
    done
    echo
done
