#!/usr/bin/env bash
# Checks the library crates against their last release with cargo-semver-checks: a
# change that breaks their public API fails unless the version says so (a new minor version
# before 1.0). The release is the commit recorded in scripts/semver/baseline-rev; cutting a
# release updates it (see CHANGELOG.md). Installs cargo-semver-checks if missing.
#
#   bash scripts/semver/check.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v cargo-semver-checks >/dev/null || cargo install --locked cargo-semver-checks@0.51.0
baseline=$(grep -v '^#' scripts/semver/baseline-rev | head -n1 | tr -d '[:space:]')
[ -n "$baseline" ] || { echo "no baseline revision in scripts/semver/baseline-rev"; exit 1; }
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    [ "$(git rev-parse --is-shallow-repository)" = true ] && git fetch --quiet --unshallow || true
fi
git cat-file -e "$baseline^{commit}" 2>/dev/null || {
    echo "baseline $baseline is not in this clone's history"; exit 1;
}
echo "baseline: $baseline ($(git log -1 --format='%s' "$baseline"))"
# Default features, as users build them; the rustdoc JSON of both sides goes under target/.
# wire-derive is a proc-macro crate, which cargo-semver-checks does not read: its interface is
# the attribute vocabulary, held by the UI tests, the expansion snapshots and downstream/.
cargo semver-checks check-release --baseline-rev "$baseline" -p wire-runtime -p wire-protocols
