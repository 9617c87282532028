#!/bin/sh
# A Claude-style hook directory script. `.claude/hooks/` is read for import and diagnostics only:
# no agent executes it. `hooks import --from claude-dir --to gjc` refuses it, because GJC loads
# hook modules (JavaScript/TypeScript), not shell scripts.
input=$(cat)
case "$input" in
  *"git push --force"*) echo "force-push blocked" >&2; exit 2 ;;
esac
exit 0
