#!/usr/bin/env bash
# Measures what HTTP/2 changes for a cold start: the app, on a tmux terminal with nothing
# saved, opens course 1 through the TLS front (Tests/FakeCanvas/h2_front.py) before the fake
# Canvas, offered HTTP/2 and HTTP/1.1 in turns, the front adding ROUND_TRIP_MS before each
# answer and twice it before each new connection's handshake (TCP's and TLS 1.3's round trips).
# Prints requests, connections and the time from launch to the course's modules on screen.
# Usage: Benchmarks/http2.sh [ROUND_TRIP_MS] [RUNS]   (defaults 50 and 5)
# APP=path uses that binary instead of building the release one. Nothing here asserts.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
rtt=${1:-50}
runs=${2:-5}

if [ -z "${APP:-}" ]; then
    swift build -c release --product coursebrowser >/dev/null
    APP="$PWD/.build/release/coursebrowser"
fi
work=$(mktemp -d)
socket="cb-http2-$$"
servers=()
cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
    # An app that got SIGHUP may still be writing its saved copies for a moment.
    sleep 0.5
    rm -rf "$work" 2>/dev/null || { sleep 1; rm -rf "$work"; }
}
trap cleanup EXIT

wait_lines() { until [ -f "$1" ] && [ "$(wc -l <"$1")" -ge "$2" ]; do sleep 0.1; done; }
field() { awk -v name="$1" '$1 == name {print $2}' "$2"; }

token="bench-token"
printf '%s\n' "$token" >"$work/token"
chmod 600 "$work/token"
python3 Tests/FakeCanvas/fake_canvas.py --port 0 --token "$token" --lifetime 900 >"$work/fake" 2>/dev/null &
servers+=($!)
wait_lines "$work/fake" 3
upstream="http://127.0.0.1:$(field PORT "$work/fake")"

python3 Tests/FakeCanvas/h2_front.py --make-certificate "$work"
start_front() {
    python3 Tests/FakeCanvas/h2_front.py --upstream "$upstream" --latency-ms "$rtt" --lifetime 900 \
        --cert "$work/cert.pem" --key "$work/key.pem" "${@:2}" >"$work/$1" 2>/dev/null &
    servers+=($!)
    wait_lines "$work/$1" 3
}
start_front h2
start_front h1 --http1-only

# One cold start through front $1: prints "seconds connections requests".
open_course() {
    local port control home
    port=$(field PORT "$work/$1")
    control=$(field CONTROL "$work/$1")
    home=$(mktemp -d "$work/home.XXXX")
    curl -s -X POST "http://127.0.0.1:$control/reset" >/dev/null
    local start end
    start=$(date +%s.%N)
    tmux -L "$socket" new-session -d -x 140 -y 45 \
        "env HOME=$home XDG_DATA_HOME=$home/data CURL_CA_BUNDLE=$work/cert.pem $APP --canvas https://127.0.0.1:$port --token-file $work/token --course 1"
    until tmux -L "$socket" capture-pane -p 2>/dev/null | grep -q "Modules · 4"; do sleep 0.01; done
    end=$(date +%s.%N)
    # Whatever the start still has under way when the modules show counts too.
    sleep 1
    tmux -L "$socket" kill-server 2>/dev/null || true
    curl -s "http://127.0.0.1:$control/log" | python3 -c '
import json, sys
log = json.load(sys.stdin)
print("%.3f %d %d" % (float(sys.argv[2]) - float(sys.argv[1]), log["connections"], len(log["requests"])))' "$start" "$end"
}

for _ in $(seq "$runs"); do
    open_course h2 >>"$work/h2.runs"
    open_course h1 >>"$work/h1.runs"
done

python3 - "$work/h2.runs" "$work/h1.runs" "$rtt" "$runs" <<'EOF'
import statistics, sys

def read(path):
    rows = [line.split() for line in open(path)]
    return [float(r[0]) for r in rows], [int(r[1]) for r in rows], [int(r[2]) for r in rows]

def span(values, unit=""):
    low, high = min(values), max(values)
    return f"{low}{unit}" if low == high else f"{low}–{high}{unit}"

h2, h1 = read(sys.argv[1]), read(sys.argv[2])
print(f"course 1 opened cold through the TLS front, {sys.argv[3]} ms round trip, {sys.argv[4]} runs each\n")
print("| measure | HTTP/2 | HTTP/1.1 |")
print("| --- | --- | --- |")
print(f"| requests | {span(h2[2])} | {span(h1[2])} |")
print(f"| connections | {span(h2[1])} | {span(h1[1])} |")
ms = lambda times: [round(t * 1000) for t in times]
print(f"| launch to modules on screen, median | {statistics.median(ms(h2[0]))} ms | {statistics.median(ms(h1[0]))} ms |")
print(f"| launch to modules on screen, range | {span(ms(h2[0]), ' ms')} | {span(ms(h1[0]), ' ms')} |")
EOF
