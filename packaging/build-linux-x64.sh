#!/usr/bin/env bash
# The Linux x64 build: CI (packaging/check.sh) and the release workflow (.github/workflows/release.yml)
# both run this script. Builds `hooks` once, in release (maturin, which also writes the binary to
# target/release/hooks, or $CARGO_TARGET_DIR/release/hooks), and packs it three ways:
#   OUT/wheels/hooks_cli-VERSION-py3-none-manylinux_*_x86_64.whl   the Python wheel
#   OUT/npm/hooks-cli-VERSION.tgz, hooks-cli-linux-x64-VERSION.tgz  the npm packages
#   OUT/archives/hooks-VERSION-x86_64-unknown-linux-gnu.tar.gz       the bare binary
# MATURIN names the maturin to use (default: the one on PATH; packaging/tools.sh installs one).
# usage: packaging/build-linux-x64.sh OUT
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: packaging/build-linux-x64.sh OUT}
maturin=${MATURIN:-maturin}
command -v "$maturin" > /dev/null || { echo "build: no maturin (packaging/tools.sh installs it)" >&2; exit 1; }
if [ "$(uname -sm)" != "Linux x86_64" ]; then
  echo "build: this is the Linux x64 build; this machine is $(uname -sm)" >&2
  exit 1
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
target=x86_64-unknown-linux-gnu

cd "$root"
# No --target: the binary lands in target/release, where the pre-commit check's build reuses its
# dependencies. --locked: Cargo.lock as committed.
"$maturin" build --release --locked --out "$out/wheels"
binary=${CARGO_TARGET_DIR:-$root/target}/release/hooks
got=$("$binary" --version)
[ "$got" = "hooks $version" ] || { echo "build: $binary says \`$got\`, expected \`hooks $version\`" >&2; exit 1; }

bash "$root/packaging/npm-packages.sh" "$out/npm" "linux-x64=$binary" > /dev/null

mkdir -p "$out/archives"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
name=hooks-$version-$target
mkdir "$stage/$name"
cp "$binary" "$stage/$name/hooks"
cp README.md "$stage/$name/"
tar -C "$stage" -czf "$out/archives/$name.tar.gz" "$name"
ls "$out"/wheels/*.whl "$out"/npm/*.tgz "$out"/archives/*.tar.gz
