#!/usr/bin/env bash
# CI's packaging check (.ci/run): every way of installing `hooks` without Rust, exercised end to
# end on this machine from what this repository builds, the way a user would:
#   1. the Linux x64 build (packaging/build-linux-x64.sh, the release workflow's own step): wheel,
#      npm packages, archive, from one release build;
#   2. npm: the packed tarballs installed into an empty directory; `npx hooks --version`, and
#      `npx hooks lint` on examples/demo gives README's documented result;
#   3. the wheel installed into a fresh virtual environment: `hooks lint` works;
#   4. the GitHub Action's install and lint steps (packaging/action/*.sh), through npm and pip;
#   5. `pre-commit try-repo` of this repository on a sample repository: the hook installs (language:
#      python), runs, and fails on an error finding;
#   6. `cargo publish --dry-run --workspace`: the library crates package and build in dependency order.
# Nothing is skipped: a missing tool fails the check. Needs Rust, Python 3 with pip (and venv),
# Node.js and npm, and the npm registry, PyPI and crates.io; maturin and pre-commit come from PyPI
# (packaging/requirements-tools.txt). Everything it makes outside target/ is removed at exit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
started=$SECONDS
work=$(mktemp -d "${TMPDIR:-/tmp}/hooks-packaging.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() {
  echo "packaging check FAILED: $*" >&2
  exit 1
}
step() {
  echo "-- packaging: $* ($((SECONDS - started)) s)"
}
for tool in cargo python3 node npm npx git; do
  command -v "$tool" > /dev/null || fail "\`$tool\` is not on PATH"
done
python3 -c 'import venv, ensurepip' 2> /dev/null || fail "python3 cannot make virtual environments (venv/ensurepip missing)"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$version" ] || fail "no version in Cargo.toml"

# The Action installs this version; a release bumps both.
action_version=$(awk '/^  version:/ { v = 1 } v && /default:/ { gsub(/[" ]/, "", $2); print $2; exit }' action.yml)
[ "$action_version" = "$version" ] || fail "action.yml pins hooks-cli $action_version, the workspace is $version"

# README's first command and the result it documents (the line after it that starts with `# → `).
demo=(lint examples/demo --home examples/demo/home --no-env --format human)
documented=$(awk '/^cargo run -q -p hooks-cli -- lint examples\/demo/ { getline; sub(/^# → /, ""); print; exit }' README.md)
case $documented in
  "exit 1: "*) documented=${documented#exit 1: } ;;
  *) fail "README.md: the line after the first command should be \`# → exit 1: <summary line>\`" ;;
esac
check_demo() { # LABEL OUTPUT CODE
  [ "$3" = 1 ] || fail "$1: \`hooks ${demo[*]}\` exited $3, README documents 1"
  local summary
  summary=$(printf '%s\n' "$2" | grep -E '^(Found |No problems found)' | tail -n 1)
  [ "$summary" = "$documented" ] || fail "$1: the demo ends with \`$summary\`, README documents \`$documented\`"
}

step "tools (maturin, pre-commit from PyPI)"
bash packaging/tools.sh "$work/tools"
export PATH=$work/tools/bin:$PATH

step "1. Linux x64 build"
MATURIN=$work/tools/bin/maturin bash packaging/build-linux-x64.sh "$work/dist"
binary=${CARGO_TARGET_DIR:-$root/target}/release/hooks
code=0
bare=$(NO_COLOR=1 "$binary" "${demo[@]}") || code=$?
check_demo "the release binary" "$bare" "$code"

step "2. npm: install the tarballs into an empty directory"
mkdir "$work/npm-app"
echo '{"name": "npm-app", "private": true}' > "$work/npm-app/package.json"
# --offline: only the tarballs; the other platforms' optional packages are skipped as npm skips them
# on this machine.
(cd "$work/npm-app" && npm install --offline --no-audit --no-fund \
  "$work/dist/npm/hooks-cli-$version.tgz" "$work/dist/npm/hooks-cli-linux-x64-$version.tgz")
[ "$(cd "$work/npm-app" && npx --no-install hooks --version)" = "hooks $version" ] || fail "npx hooks --version"
code=0
out=$(cd "$work/npm-app" && NO_COLOR=1 npx --no-install hooks "${demo[@]/examples/$root/examples}") || code=$?
check_demo "npx hooks" "$out" "$code"
# The launcher replaced itself with the binary: same output as the bare binary, byte for byte
# (paths relative to the current directory aside, so compare from the repository root).
code=0
out=$(NO_COLOR=1 "$work/npm-app/node_modules/.bin/hooks" "${demo[@]}") || code=$?
[ "$out" = "$bare" ] && [ "$code" = 1 ] || fail "node_modules/.bin/hooks and the bare binary differ on the demo"
# Exit code and signal pass through: a `hooks bridge` waiting on its stdin, terminated.
mkfifo "$work/fifo"
exec 3<> "$work/fifo"
"$work/npm-app/node_modules/.bin/hooks" bridge --host claude-settings --event PreToolUse <&3 > /dev/null &
pid=$!
sleep 0.5
[ "$(ps -o comm= -p "$pid")" = hooks ] || fail "the launcher did not replace itself with the binary (pid $pid is $(ps -o comm= -p "$pid"))"
kill -TERM "$pid"
code=0
wait "$pid" || code=$?
exec 3>&-
[ "$code" = 143 ] || fail "SIGTERM to the launcher: exit status $code, expected 143"
# A global install (PREFIX/bin/hooks, the packages under PREFIX/lib/node_modules) finds it too.
npm install --global --prefix "$work/npm-global" --offline --no-audit --no-fund \
  "$work/dist/npm/hooks-cli-$version.tgz" "$work/dist/npm/hooks-cli-linux-x64-$version.tgz" > /dev/null
[ "$("$work/npm-global/bin/hooks" --version)" = "hooks $version" ] || fail "npm install --global: hooks --version"
# What the launcher costs: `hooks --version` 300 times bare and through node_modules/.bin/hooks,
# twice each, interleaved; the smaller mean of each. The issue's budget is 5 ms per run.
per_run_us() { # COMMAND: microseconds per `COMMAND --version`
  local start=$EPOCHREALTIME i
  for ((i = 0; i < 300; i++)); do "$1" --version > /dev/null; done
  echo $(((${EPOCHREALTIME/./} - ${start/./}) / 300))
}
launcher=$work/npm-app/node_modules/.bin/hooks
b1=$(per_run_us "$binary"); l1=$(per_run_us "$launcher"); b2=$(per_run_us "$binary"); l2=$(per_run_us "$launcher")
bare_us=$((b1 < b2 ? b1 : b2)); launched_us=$((l1 < l2 ? l1 : l2))
echo "launcher overhead: $((launched_us - bare_us)) µs per run (bare $bare_us µs, through the launcher $launched_us µs)"
[ $((launched_us - bare_us)) -le 5000 ] || fail "the launcher adds more than 5 ms per run"

step "3. the wheel in a fresh virtual environment"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-index "$work"/dist/wheels/hooks_cli-"$version"-*.whl
[ "$("$work/venv/bin/hooks" --version)" = "hooks $version" ] || fail "the wheel's hooks --version"
code=0
out=$(PATH=$work/venv/bin:/usr/bin:/bin NO_COLOR=1 hooks "${demo[@]}") || code=$?
check_demo "the wheel's hooks" "$out" "$code"

step "4. the Action's install and lint steps, as scripts"
for installer in npm pip; do
  a=$work/action-$installer
  mkdir -p "$a"
  bin=$(HOOKS_VERSION=$version HOOKS_INSTALLER=$installer HOOKS_INSTALL_DIR=$a/tool HOOKS_FROM=$work/dist/$([ $installer = npm ] && echo npm || echo wheels) \
    GITHUB_PATH=$a/path bash packaging/action/install.sh)
  [ "$(cat "$a/path")" = "$bin" ] || fail "action install ($installer): GITHUB_PATH"
  # On the demo: findings, so exit-code=1 in the step's outputs, a SARIF file, a summary.
  PATH=$bin:$PATH HOOKS_PATHS=examples/demo HOOKS_HOME=examples/demo/home HOOKS_DENY_WARNINGS=true \
    HOOKS_FORMAT=github HOOKS_SARIF=$a/hooks.sarif GITHUB_OUTPUT=$a/output GITHUB_STEP_SUMMARY=$a/summary.md \
    bash packaging/action/lint.sh > "$a/log"
  grep -qx 'exit-code=1' "$a/output" || fail "action lint ($installer): exit-code=1 expected in GITHUB_OUTPUT"
  grep -q '^::error file=examples/demo/' "$a/log" || fail "action lint ($installer): no ::error annotation"
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["version"] == "2.1.0" and d["runs"][0]["results"]' "$a/hooks.sarif" \
    || fail "action lint ($installer): the SARIF file"
  grep -q '^### hooks lint: failed' "$a/summary.md" && grep -qF "$documented" "$a/summary.md" \
    || fail "action lint ($installer): the job summary"
  # On a clean project: exit-code=0.
  mkdir -p "$a/clean/.claude"
  echo '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}' > "$a/clean/.claude/settings.json"
  PATH=$bin:$PATH HOOKS_PATHS=$a/clean HOOKS_SARIF= GITHUB_OUTPUT=$a/output-clean bash packaging/action/lint.sh > /dev/null
  grep -qx 'exit-code=0' "$a/output-clean" || fail "action lint ($installer): exit-code=0 expected on a clean project"
done

step "5. pre-commit try-repo on a sample repository"
sample=$work/sample
mkdir -p "$sample/.codex" "$work/home"
cp examples/demo/.codex/hooks.json "$sample/.codex/hooks.json"
git -C "$sample" init -q
git -C "$sample" add .codex/hooks.json
# pre-commit clones this repository (HEAD, plus uncommitted changes to tracked files) and pip
# builds the wheel from it: CARGO_TARGET_DIR lets that build reuse the dependencies built above.
# HOME is an empty directory (user-level hook files of this machine stay out); Rust's stays found.
code=0
(cd "$sample" && CARGO_HOME=${CARGO_HOME:-$HOME/.cargo} RUSTUP_HOME=${RUSTUP_HOME:-$HOME/.rustup} \
  HOME=$work/home PRE_COMMIT_HOME=$work/pre-commit CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target} NO_COLOR=1 \
  pre-commit try-repo "$root" hooks-lint --all-files) > "$work/pre-commit.log" 2>&1 || code=$?
if [ "$code" != 1 ] || ! grep -q '^error\[invalid_matcher_regex\]' "$work/pre-commit.log" \
  || ! grep -q '^lint agent hook configs\.*Failed' "$work/pre-commit.log"; then
  cat "$work/pre-commit.log" >&2
  fail "pre-commit try-repo: expected the hooks-lint hook to run and fail (exit 1) on invalid_matcher_regex; exit $code"
fi

step "6. cargo publish --dry-run --workspace"
# The dry run unpacks each packaged crate into the registry cache (`registry/src/-<hash>/`) and
# reuses an unpacked copy of the same name and version: a second run on one machine would build
# the previous run's sources. Drop our crates' stale copies first (a fresh machine has none).
for d in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/; do
  [ -d "$d" ] || continue
  for c in "$root"/crates/*/Cargo.toml; do
    name=$(sed -n 's/^name = "\(.*\)"/\1/p' "$c" | head -1)
    rm -rf "$d$name"-[0-9]*
  done
done
cargo publish --dry-run --workspace --locked

step "passed"
