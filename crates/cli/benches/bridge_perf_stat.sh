#!/usr/bin/env bash
# `hooks bridge` per-event cost as whole processes, CPU time by `perf stat -e task-clock` (the
# process tree of each case, so a hook's own shell counts) and wall time, all cases in one run:
#   direct_sh_c_true   what the host does for a plain command hook: `/bin/sh -c true`, payload on stdin
#   bridge_nothing     the bridge, no hook of the event (its floor)
#   bridge_one_true    the bridge running one Jarvis hook `true` (`/bin/sh -c`): minus the first
#                      row, what the bridge adds to a command hook
#   bridge_gjc_module  the bridge running one GJC `.gjc/hooks/pre/bash.js` module (Node.js started)
# Each case runs N times in a bash loop (the loop's own fork is in every row alike).
# Usage: bridge_perf_stat.sh N /path/to/hooks   (a release build: cargo build --release -p hooks-cli)
set -euo pipefail
N=${1:?N}
BIN=${2:?path of the hooks binary}
command -v perf >/dev/null || { echo "perf is needed (linux-perf)" >&2; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for c in none one module; do mkdir -p "$T/$c/project" "$T/$c/home/.jarvis-code"; done
printf '[[hooks]]\nevent = "PreToolUse"\ncommand = "true"\n' > "$T/one/home/.jarvis-code/config.toml"
mkdir -p "$T/module/project/.gjc/hooks/pre"
echo "export default (api) => { api.on('tool_call', (e) => { if (e.input.command.includes('rm -rf')) return { block: true, reason: 'no' } }) }" \
  > "$T/module/project/.gjc/hooks/pre/bash.js"
for c in none one module; do
  printf '{"session_id":"b","transcript_path":null,"cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t"}\n' \
    "$T/$c/project" > "$T/$c/payload.json"
done
row() { # name, command run N times
  local name=$1 cmd=$2 cpu s e
  cpu=$(perf stat -x, -e task-clock -- bash -c "for ((i=0;i<N;i++)); do $cmd; done" 2>&1 >/dev/null |
    grep task-clock | cut -d, -f1)
  s=$(date +%s%N)
  bash -c "for ((i=0;i<N;i++)); do $cmd; done" >/dev/null 2>&1
  e=$(date +%s%N)
  awk -v n="$name" -v c="$cpu" -v w="$((e - s))" -v N="$N" \
    'BEGIN { printf "%-18s %8.2f ms cpu %8.2f ms wall\n", n, c / N, w / N / 1e6 }'
}
export N
bridge="$BIN bridge --host claude-settings --event PreToolUse"
row direct_sh_c_true "/bin/sh -c true < $T/one/payload.json"
row bridge_nothing "HOME=$T/none/home $bridge < $T/none/payload.json > /dev/null"
row bridge_one_true "HOME=$T/one/home $bridge < $T/one/payload.json > /dev/null"
row bridge_gjc_module "HOME=$T/module/home $bridge < $T/module/payload.json > /dev/null"
