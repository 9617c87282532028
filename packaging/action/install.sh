#!/usr/bin/env bash
# The Action's install step (action.yml), runnable as a plain script: installs `hooks` HOOKS_VERSION
# from the npm package `hooks-cli` or the Python wheel `hooks-cli` into HOOKS_INSTALL_DIR and prints
# the directory that holds the `hooks` command (appended to $GITHUB_PATH when that is set).
#
#   HOOKS_VERSION      the release to install (action.yml pins it; required)
#   HOOKS_INSTALLER    npm (default) or pip
#   HOOKS_INSTALL_DIR  where (action.yml: the runner's tool cache, cached by actions/cache)
#   HOOKS_FROM         optional: a directory of locally built packages (hooks-cli-*.tgz, *.whl)
#                      installed instead of the registries' — how packaging/check.sh runs this
#                      before a release exists. Nothing is fetched from a registry then.
set -euo pipefail
: "${HOOKS_VERSION:?HOOKS_VERSION: the version of hooks-cli to install}"
: "${HOOKS_INSTALL_DIR:?HOOKS_INSTALL_DIR: where to install}"
installer=${HOOKS_INSTALLER:-npm}
from=${HOOKS_FROM:-}
mkdir -p "$HOOKS_INSTALL_DIR"
dir=$(cd "$HOOKS_INSTALL_DIR" && pwd)

case $installer in
  npm)
    bin=$dir/node_modules/.bin
    if [ ! -x "$bin/hooks" ]; then
      [ -f "$dir/package.json" ] || echo '{"private": true}' > "$dir/package.json"
      if [ -n "$from" ]; then
        platform=$(node -p 'process.platform + "-" + process.arch')
        npm install --prefix "$dir" --offline --no-audit --no-fund --no-save \
          "$from/hooks-cli-$HOOKS_VERSION.tgz" "$from/hooks-cli-$platform-$HOOKS_VERSION.tgz" >&2
      else
        npm install --prefix "$dir" --no-audit --no-fund --no-save "hooks-cli@$HOOKS_VERSION" >&2
      fi
    fi
    ;;
  pip)
    if [ -x "$dir/venv/Scripts/hooks.exe" ]; then bin=$dir/venv/Scripts; else bin=$dir/venv/bin; fi
    if [ ! -x "$bin/hooks" ] && [ ! -x "$bin/hooks.exe" ]; then
      python=$(command -v python3 || command -v python) || { echo "install: no python3 on PATH" >&2; exit 1; }
      "$python" -m venv "$dir/venv"
      if [ -d "$dir/venv/Scripts" ]; then bin=$dir/venv/Scripts; else bin=$dir/venv/bin; fi
      if [ -n "$from" ]; then
        "$bin/python" -m pip install --quiet --no-index --find-links "$from" "hooks-cli==$HOOKS_VERSION" >&2
      else
        "$bin/python" -m pip install --quiet "hooks-cli==$HOOKS_VERSION" >&2
      fi
    fi
    ;;
  *)
    echo "install: HOOKS_INSTALLER is npm or pip, not \`$installer\`" >&2
    exit 2
    ;;
esac

got=$("$bin/hooks" --version)
if [ "$got" != "hooks $HOOKS_VERSION" ]; then
  echo "install: \`$bin/hooks --version\` says \`$got\`, expected \`hooks $HOOKS_VERSION\`" >&2
  exit 1
fi
if [ -n "${GITHUB_PATH:-}" ]; then echo "$bin" >> "$GITHUB_PATH"; fi
echo "$bin"
