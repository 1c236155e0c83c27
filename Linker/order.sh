#!/usr/bin/env bash
# Writes Linker/coursebrowser.order: the functions of the release build that a session runs
# (start, open a course, scroll, help, filter, resize, quit), which the release link lays out
# together so that a start touches fewer pages of the binary. A stale list only lays out less
# well; run this again after large changes. Needs valgrind, tmux and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product coursebrowser
work=$(mktemp -d)
trap 'tmux -L order kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
# Valgrind can't read lld's debug information; the symbol table is all it needs.
objcopy --strip-debug .build/release/coursebrowser "$work/coursebrowser"

tmux -L order new-session -d -x 140 -y 45 \
    "HOME=$work XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config \
     valgrind --tool=callgrind --demangle=no --compress-strings=no --callgrind-out-file=$work/calls \
     $work/coursebrowser 2>$work/valgrind.log; touch $work/done"
until tmux -L order capture-pane -p | grep -q 'quit'; do sleep 1; done
sleep 3
press() { for key in "$@"; do tmux -L order send-keys "$key"; sleep 1; done; }
press j Enter
sleep 4
press Tab j j NPage PPage '?' Escape Tab j Tab
tmux -L order resize-window -x 80 -y 24; sleep 2
tmux -L order resize-window -x 140 -y 45; sleep 2
press / l a p Escape j Enter
sleep 3
press q
until [ -f "$work/done" ]; do sleep 1; done

python3 - "$work/calls" .build/release/coursebrowser Linker/coursebrowser.order <<'PY'
import re, subprocess, sys
calls, binary, out = sys.argv[1:]
defined = {line.split()[-1] for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines()}
names, seen, current = [], set(), None
for line in open(calls):
    if line.startswith("ob="):
        current = line[3:].strip()
    elif line.startswith("fn=") and current and current.endswith("/coursebrowser"):
        # Callgrind marks a function met again inside a recursion with 'N.
        name = re.sub(r"'\d+$", "", line[3:].strip())
        if name in defined and name not in seen:
            seen.add(name)
            names.append(name)
# Callgrind lists them in no useful order; sorted, the list changes only where the code did.
open(out, "w").write("\n".join(sorted(names)) + "\n")
print(f"{len(names)} functions written to {out}")
PY
# SwiftPM does not know the link reads the list: the next release build links anew.
rm -f .build/release/coursebrowser
