#!/usr/bin/env bash
# The Action's lint step (action.yml), runnable as a plain script: `hooks lint` over HOOKS_PATHS,
# once as SARIF (for code scanning), once in HOOKS_FORMAT (the log and the annotations), and a job
# summary. Exits 0 whatever it found (the upload must still run); the exit code of the gating run
# goes to `exit-code` in $GITHUB_OUTPUT, and to HOOKS_EXIT_FILE when set. `hooks` must be on PATH.
#
#   HOOKS_PATHS          paths to lint, space-separated (default: .)
#   HOOKS_FORMAT         github (default), human, json or sarif
#   HOOKS_DENY_WARNINGS  true: warnings fail too
#   HOOKS_CONFIG         a hooks.toml to use instead of the one found from each path
#   HOOKS_HOME           the home directory user-level files are read from (default: an empty one,
#                        so the runner's own files are not linted)
#   HOOKS_ARGS           more arguments for `hooks lint`, space-separated (e.g. --ignore CODE)
#   HOOKS_SARIF          where to write the SARIF file (default: hooks.sarif; empty: none)
set -euo pipefail
read -r -a paths <<< "${HOOKS_PATHS:-.}"
read -r -a extra <<< "${HOOKS_ARGS:-}"
format=${HOOKS_FORMAT:-github}
home=${HOOKS_HOME:-}
if [ -z "$home" ]; then
  home=$(mktemp -d)
fi
args=(--home "$home" --no-env)
if [ -n "${HOOKS_CONFIG:-}" ]; then args+=(--config "$HOOKS_CONFIG"); fi
args+=(${extra[@]+"${extra[@]}"})  # (this form: bash 3.2 on macOS with set -u)
gate=()
case ${HOOKS_DENY_WARNINGS:-false} in
  true) gate=(--deny-warnings) ;;
  false | "") ;;
  *) echo "lint: HOOKS_DENY_WARNINGS is true or false, not \`$HOOKS_DENY_WARNINGS\`" >&2; exit 2 ;;
esac
command -v hooks > /dev/null || { echo "lint: \`hooks\` is not on PATH (run the install step first)" >&2; exit 2; }

# 0 = clean, 1 = findings; anything else (2: usage or I/O) is this step's own failure.
run() {
  local code=0
  "$@" || code=$?
  if [ "$code" -gt 1 ]; then
    echo "lint: \`${*}\` failed with exit code $code" >&2
    exit "$code"
  fi
  return 0
}

sarif=${HOOKS_SARIF-hooks.sarif}
if [ -n "$sarif" ]; then
  run hooks lint "${paths[@]}" "${args[@]}" --format sarif > "$sarif"
fi

code=0
hooks lint "${paths[@]}" "${args[@]}" ${gate[@]+"${gate[@]}"} --format "$format" || code=$?
if [ "$code" -gt 1 ]; then
  echo "lint: \`hooks lint\` failed with exit code $code" >&2
  exit "$code"
fi

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  human=$(NO_COLOR=1 hooks lint "${paths[@]}" "${args[@]}" --format human 2>&1 || true)
  {
    if [ "$code" -eq 0 ]; then echo "### hooks lint: passed"; else echo "### hooks lint: failed"; fi
    echo
    echo "\`hooks lint ${paths[*]}${gate[*]+ ${gate[*]}}\` — $(hooks --version)"
    echo
    echo '```'
    printf '%s\n' "$human" | head -n 400
    echo '```'
  } >> "$GITHUB_STEP_SUMMARY"
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "exit-code=$code" >> "$GITHUB_OUTPUT"; fi
if [ -n "${HOOKS_EXIT_FILE:-}" ]; then echo "$code" > "$HOOKS_EXIT_FILE"; fi
exit 0
