#!/usr/bin/env bash
# Builds the kiosk's Debian package, its program vouched for by a signed
# manifest (target/debian/guichet_*.deb):
#   1. the release build, for a package (GUICHET_PACKAGE=1: such a program
#      refuses to sell without a manifest that names it), stripped by the
#      profile, and the signing tool;
#   2. the manifest: the binary's SHA-256, signed with the release's key —
#      GUICHET_RELEASE_KEY=FILE, whose public half the build embeds from
#      GUICHET_RELEASE_PUBLIC_KEY (`guichet-manifest keygen` makes a pair) —
#      else with the test key the build made (for CI and developers, and
#      said so);
#   3. `cargo deb --no-build --no-strip`: the package holds that very binary,
#      and its manifest as /usr/lib/guichet/guichet.manifest.
set -euo pipefail
cd "$(dirname "$0")/.."

export GUICHET_PACKAGE=1
if [ -n "${GUICHET_RELEASE_KEY:-}" ] && [ -z "${GUICHET_RELEASE_PUBLIC_KEY:-}" ]; then
    echo "build-deb.sh: GUICHET_RELEASE_KEY needs GUICHET_RELEASE_PUBLIC_KEY (the key the program trusts)" >&2
    exit 2
fi
cargo build --release --locked -p guichet -p guichet-integrity --bins
version=$(target/release/guichet --version | awk '{ print $2 }')
key=()
if [ -n "${GUICHET_RELEASE_KEY:-}" ]; then key=(--key "$GUICHET_RELEASE_KEY"); fi
target/release/guichet-manifest sign --program target/release/guichet --version "$version" \
    --out target/release/guichet.manifest "${key[@]}"
cargo deb --locked --no-build --no-strip
