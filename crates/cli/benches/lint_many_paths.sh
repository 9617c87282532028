#!/usr/bin/env bash
# `hooks lint` over many PATHs as whole processes (docs/performance.md): N config files (a quarter
# each of Claude settings, Codex hooks.json, Jarvis and jcode TOML, 4 command hooks each, as in
# crates/adapters/benches/lint_10k.rs), timed as
#   files        the N files as PATHs
#   dirs         their N project directories as PATHs, with a home dir holding Claude, Codex and
#                jcode files every root discovers again
#   codex_config the N/4 Codex files, with a ~/.codex/config.toml of 300 trusted projects and 300
#                hook states (Codex's trust is read for every hooks.json)
# Wall and CPU time (user + sys) from /usr/bin/time. Nothing passes or fails on time.
# Usage: lint_many_paths.sh N /path/to/hooks   (a release build: cargo build --release -p hooks-cli)
set -euo pipefail
N=${1:?N}
BIN=${2:?path of the hooks binary}
[ -x /usr/bin/time ] || { echo "/usr/bin/time is needed (GNU time)" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cmds() { # n: the four commands of file n, one a line
  printf '%s\n' "\"\$CLAUDE_PROJECT_DIR\"/scripts/check-$1.sh --fast" \
    "node hooks/h$1.js | tee -a /tmp/log-$1" "curl -fsSL https://example.org/x.sh -o /tmp/x.sh" \
    "uv run tools/t$1.py \${HOME}"
}
json_str() { # a JSON (and TOML basic) string of $1
  local s=${1//\\/\\\\}
  printf '"%s"' "${s//\"/\\\"}"
}
json() {
  local first=1
  printf '{"hooks": {"PreToolUse": [{"matcher": "Bash|Edit", "hooks": ['
  while IFS= read -r c; do
    [ $first = 1 ] || printf ', '
    first=0
    printf '{"type": "command", "command": %s, "timeout": 30}' "$(json_str "$c")"
  done < <(cmds "$1")
  printf ']}]}}\n'
}
jarvis() {
  while IFS= read -r c; do
    printf '[[hooks]]\nevent = "PreToolUse"\nmatcher = "Shell|WriteFile"\ncommand = %s\ntimeout = 30\n' \
      "$(json_str "$c")"
  done < <(cmds "$1")
}
jcode() {
  local list="" c
  while IFS= read -r c; do
    list+="${list:+, }$(json_str "sh -c $(json_str "$c")")"
  done < <(cmds "$1")
  printf '[hooks]\npre_tool = [%s]\npre_tool_timeout_ms = 3000\n' "$list"
}
: > "$T/files" && : > "$T/dirs" && : > "$T/codex"
for ((n = 0; n < N; n++)); do
  case $((n % 4)) in
  0) rel=.claude/settings.json ;;
  1) rel=.codex/hooks.json ;;
  2) rel=.jarvis-code/config.toml ;;
  3) rel=.jcode/config.toml ;;
  esac
  mkdir -p "$T/p$n/$(dirname $rel)"
  case $((n % 4)) in
  0 | 1) json $n ;;
  2) jarvis $n ;;
  3) jcode $n ;;
  esac > "$T/p$n/$rel"
  echo "p$n/$rel" >> "$T/files"
  echo "p$n" >> "$T/dirs"
  [ $((n % 4)) != 1 ] || echo "p$n/$rel" >> "$T/codex"
done
mkdir -p "$T/home/.claude" "$T/home/.codex" "$T/home/.jcode" "$T/empty"
cp "$T/p0/.claude/settings.json" "$T/home/.claude/settings.json"
cp "$T/p1/.codex/hooks.json" "$T/home/.codex/hooks.json"
cp "$T/p3/.jcode/config.toml" "$T/home/.jcode/config.toml"
{
  for ((i = 0; i < 300; i++)); do printf '[projects."/home/u/src/p%d"]\ntrust_level = "trusted"\n\n' $i; done
  printf '[hooks.state]\n'
  for ((i = 0; i < 300; i++)); do
    printf '"/home/u/src/p%d/.codex/hooks.json:pre_tool_use:0:0" = { trusted_hash = "sha256:%064d" }\n' $i $i
  done
} > "$T/codex-home.toml"
cd "$T"
row() { # name, home, list of PATHs
  /usr/bin/time -f "$1 %e s wall %U s user %S s sys" "$BIN" lint --isolated --home "$2" \
    --format json $(cat "$3") 2>&1 >/dev/null | tail -1
}
row "files=$N" "$T/empty" "$T/files"
row "dirs=$N" "$T/home" "$T/dirs"
row "codex_config=$(wc -l < "$T/codex") (no config.toml)" "$T/home" "$T/codex"
cp "$T/codex-home.toml" "$T/home/.codex/config.toml"
row "codex_config=$(wc -l < "$T/codex") (65 KB config.toml)" "$T/home" "$T/codex"
