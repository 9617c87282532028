#!/bin/sh
# Demo script: reads the hook payload on stdin and allows.
cat >/dev/null
exit 0
