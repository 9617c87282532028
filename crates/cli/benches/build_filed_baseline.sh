#!/usr/bin/env bash
# Builds the baseline of crates/cli/benches/lint_vs_filed.rs: the release `hooks` binary of commit
# a3edaab, the main branch on the day issue 13 was filed (its last "done when": `hooks lint` on
# 10,000 files stays within 1.2× of that day's time). Built in a temporary detached worktree of
# the repository this is run from, with its own target dir (the checkout's target/ is not touched
# or reused), copied to $1 (default: target/hooks-a3edaab of the checkout), and the worktree
# removed. Prints the binary's path, for HOOKS_FILED_BASELINE.
# Usage: crates/cli/benches/build_filed_baseline.sh [OUT]   (a few minutes: a full release build)
set -euo pipefail
COMMIT=a3edaab
ROOT=$(git rev-parse --show-toplevel)
OUT=${1:-$ROOT/target/hooks-$COMMIT}
case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
TMP=$(mktemp -d)
cleanup() {
  git -C "$ROOT" worktree remove --force "$TMP/src" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT
git -C "$ROOT" worktree add --quiet --detach "$TMP/src" "$COMMIT" >&2
# --locked: that day's Cargo.lock, not whatever resolves today.
(cd "$TMP/src" && cargo build --release --locked -p hooks-cli --bin hooks --target-dir "$TMP/target" >&2)
mkdir -p "$(dirname "$OUT")"
cp "$TMP/target/release/hooks" "$OUT"
echo "$OUT"
