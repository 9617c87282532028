#!/usr/bin/env bash
# Creates (or reuses) a virtual environment DIR holding the packaging tools of
# packaging/requirements-tools.txt (maturin, pre-commit), installed from PyPI, and checks they run.
# usage: packaging/tools.sh DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:?usage: packaging/tools.sh DIR}
python=$(command -v python3 || command -v python) || { echo "tools: no python3 on PATH" >&2; exit 1; }
if [ ! -x "$dir/bin/python" ]; then
  "$python" -m venv "$dir"
fi
"$dir/bin/python" -m pip install --quiet --disable-pip-version-check -r "$root/packaging/requirements-tools.txt"
"$dir/bin/maturin" --version > /dev/null
"$dir/bin/pre-commit" --version > /dev/null
