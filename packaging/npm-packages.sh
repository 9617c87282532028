#!/usr/bin/env bash
# Builds the npm packages of `hooks` and packs them as OUT/*.tgz:
#   - hooks-cli-SUFFIX, one per SUFFIX=BINARY argument (SUFFIX a row of packaging/targets, BINARY the
#     `hooks` built for its Rust target), with that row's os/cpu/libc;
#   - hooks-cli, the package users install: bin/hooks (the launcher) and every row of
#     packaging/targets as an optionalDependency at the same version.
# The version is the workspace's (Cargo.toml). Used by packaging/build-linux-x64.sh (CI) and
# .github/workflows/release.yml (all platforms).
#
# usage: packaging/npm-packages.sh OUT SUFFIX=BINARY [SUFFIX=BINARY ...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 OUT SUFFIX=BINARY..." >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
shift
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
[ -n "$version" ] || { echo "npm-packages: no version in Cargo.toml's [workspace.package]" >&2; exit 1; }
# The project's address, once Cargo.toml has one (npm's provenance needs `repository`).
repository=$(sed -n 's/^repository = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
export REPOSITORY=$repository
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# row SUFFIX -> "os cpu libc target binary", from packaging/targets
row() {
  awk -v s="$1" '$1 == s { print $2, $3, $4, $5, $6; found = 1 } END { exit !found }' \
    "$root/packaging/targets"
}

for arg in "$@"; do
  suffix=${arg%%=*}
  binary=${arg#*=}
  read -r os cpu libc target exe < <(row "$suffix") || {
    echo "npm-packages: $suffix is not a row of packaging/targets" >&2
    exit 2
  }
  [ -f "$binary" ] || { echo "npm-packages: no binary at $binary" >&2; exit 1; }
  dir=$stage/hooks-cli-$suffix
  mkdir -p "$dir/bin"
  cp "$binary" "$dir/bin/$exe"
  chmod 755 "$dir/bin/$exe"
  sed -e "s/@SUFFIX@/$suffix/g" -e "s/@TARGET@/$target/g" \
    "$root/packaging/npm/platform-README.md" > "$dir/README.md"
  SUFFIX=$suffix OS=$os CPU=$cpu LIBC=$libc EXE=$exe VERSION=$version TARGET=$target \
    node -e '
      const e = process.env;
      const main = require(process.argv[1]);
      const pkg = {
        name: `hooks-cli-${e.SUFFIX}`,
        version: e.VERSION,
        description: `The hooks binary for ${e.SUFFIX} (${e.TARGET}); install hooks-cli instead.`,
        license: main.license,
        ...(e.REPOSITORY ? { repository: { type: "git", url: `git+${e.REPOSITORY}.git` } } : {}),
        os: [e.OS],
        cpu: [e.CPU],
        ...(e.LIBC === "-" ? {} : { libc: [e.LIBC] }),
        files: [`bin/${e.EXE}`, "README.md"],
        preferUnplugged: true,
      };
      require("fs").writeFileSync(process.argv[2], JSON.stringify(pkg, null, 2) + "\n");
    ' "$root/packaging/npm/hooks-cli/package.json" "$dir/package.json"
  (cd "$dir" && npm pack --silent --pack-destination "$out" > /dev/null)
done

dir=$stage/hooks-cli
cp -R "$root/packaging/npm/hooks-cli" "$dir"
chmod 755 "$dir/bin/hooks"
VERSION=$version node -e '
  const fs = require("fs");
  const pkg = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  pkg.version = process.env.VERSION;
  if (process.env.REPOSITORY) pkg.repository = { type: "git", url: `git+${process.env.REPOSITORY}.git` };
  pkg.optionalDependencies = {};
  for (const line of fs.readFileSync(process.argv[2], "utf8").split("\n")) {
    const suffix = line.trim().split(/\s+/)[0];
    if (suffix && !suffix.startsWith("#")) pkg.optionalDependencies[`hooks-cli-${suffix}`] = process.env.VERSION;
  }
  fs.writeFileSync(process.argv[1], JSON.stringify(pkg, null, 2) + "\n");
' "$dir/package.json" "$root/packaging/targets"
(cd "$dir" && npm pack --silent --pack-destination "$out" > /dev/null)
ls "$out"/*.tgz
