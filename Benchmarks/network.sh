#!/usr/bin/env bash
# Measures coursebrowser's network layer beside curl, against the loopback fake Canvas:
#   1. upload throughput of one file with `drain`, and with curl doing the same three steps;
#   2. CPU used while one request hangs for 10 s, by `drain` and by curl waiting the same way;
#   3. how much `drain`'s memory grows during a large upload.
# Usage: Benchmarks/network.sh [MEGABYTES] [RSS_MEGABYTES]   (defaults 200 and 1000)
# Builds the release binary first. Prints a table; nothing here asserts.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
size_mb=${1:-200}
rss_mb=${2:-1000}

swift build -c release --product coursebrowser >/dev/null
app="$PWD/.build/release/coursebrowser"
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT

token="bench-token"
python3 Tests/FakeCanvas/fake_canvas.py --port 0 --token "$token" --lifetime 900 >"$work/ports" 2>/dev/null &
server=$!
until [ "$(wc -l <"$work/ports")" -ge 2 ]; do sleep 0.1; done
port=$(awk '/^PORT/ {print $2}' "$work/ports")
control=$(awk '/^CONTROL/ {print $2}' "$work/ports")
base="http://127.0.0.1:$port"
export CANVAS_TOKEN="$token" HOME="$work" XDG_DATA_HOME="$work/data"

now() { date +%s.%N; }
elapsed() { python3 -c "print(f'{$2 - $1:.2f}')"; }
rate() { python3 -c "print(f'{$1 / ($3 - $2):.0f}')"; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
reset() { curl -s -X POST "http://127.0.0.1:$control/__control/reset" >/dev/null; }

# --- 1. upload throughput -----------------------------------------------------------
head -c $((size_mb * 1024 * 1024)) /dev/urandom >"$work/payload.bin"
reset
"$app" upload --canvas "$base" --course 1 --data-dir "$work/q" "$work/payload.bin" >/dev/null
start=$(now); "$app" drain --canvas "$base" --data-dir "$work/q" >/dev/null; end=$(now)
app_rate=$(rate "$size_mb" "$start" "$end"); app_time=$(elapsed "$start" "$end")

reset
start=$(now)
ticket=$(curl -s -H "Authorization: Bearer $token" -d name=payload.bin -d "size=$((size_mb * 1024 * 1024))" \
    -d parent_folder_path=bench -d on_duplicate=overwrite "$base/api/v1/courses/1/files")
form=$(python3 -c 'import json,sys; t=json.loads(sys.argv[1]); print(" ".join(["-F " + k + "=" + str(v) for k, v in t["upload_params"].items()] + [t["upload_url"]]))' "$ticket")
# shellcheck disable=SC2086
location=$(curl -s -o /dev/null -w '%{redirect_url}' -H "Expect:" $form -F "file=@$work/payload.bin")
curl -s -H "Authorization: Bearer $token" "$location" >/dev/null
end=$(now)
curl_rate=$(rate "$size_mb" "$start" "$end"); curl_time=$(elapsed "$start" "$end")

# --- 2. CPU while a request hangs for 10 s ---------------------------------------------
reset
curl -s -X POST "http://127.0.0.1:$control/__control/faults" \
    -d '{"match": "/api/v1/courses/1/files", "kind": "slow", "seconds": 30, "count": -1}' >/dev/null
head -c 1000 /dev/urandom >"$work/small.bin"
"$app" upload --canvas "$base" --course 1 --data-dir "$work/w" "$work/small.bin" >/dev/null
"$app" drain --canvas "$base" --data-dir "$work/w" --timeout 25 >/dev/null 2>&1 &
waiting_app=$!
curl -s -m 25 -H "Authorization: Bearer $token" -d name=x "$base/api/v1/courses/1/files" >/dev/null &
waiting_curl=$!
sleep 1
app_before=$(cpu_ticks $waiting_app); curl_before=$(cpu_ticks $waiting_curl)
sleep 10
app_cpu=$(( $(cpu_ticks $waiting_app) - app_before )); curl_cpu=$(( $(cpu_ticks $waiting_curl) - curl_before ))
kill $waiting_app $waiting_curl 2>/dev/null || true
wait $waiting_app $waiting_curl 2>/dev/null || true
hz=$(getconf CLK_TCK)

# --- 3. memory during a large upload ---------------------------------------------------
reset
head -c $((rss_mb * 1024 * 1024)) /dev/zero >"$work/large.bin"
"$app" upload --canvas "$base" --course 1 --data-dir "$work/r" "$work/large.bin" >/dev/null
rm -f "$work/large.bin"
"$app" drain --canvas "$base" --data-dir "$work/r" >/dev/null &
draining=$!
# The baseline is taken once the upload runs: before that the process is still loading.
sleep 0.3
first=$(awk '/^VmRSS/ {print $2}' "/proc/$draining/status" 2>/dev/null || echo 0)
peak=$first
while kill -0 $draining 2>/dev/null; do
    rss=$(awk '/^VmRSS/ {print $2}' "/proc/$draining/status" 2>/dev/null || echo 0)
    [ "${rss:-0}" -gt "$peak" ] && peak=$rss
    sleep 0.05
done

printf '\n%-44s %12s %12s %8s\n' "measure" "coursebrowser" "curl" "ratio"
printf '%-44s %9s MB/s %7s MB/s %7s\n' "upload of $size_mb MB (3 steps)" "$app_rate" "$curl_rate" \
    "$(python3 -c "print(f'{$app_rate / $curl_rate:.2f}x')")"
printf '%-44s %12s %12s\n' "  time" "$app_time s" "$curl_time s"
printf '%-44s %11s%% %11s%%\n' "CPU while one request hangs 10 s" \
    "$(python3 -c "print(f'{100 * $app_cpu / $hz / 10:.1f}')")" "$(python3 -c "print(f'{100 * $curl_cpu / $hz / 10:.1f}')")"
printf '%-44s %12s\n' "drain RSS during a $rss_mb MB upload" "$(( first / 1024 )) MB, +$(( (peak - first) / 1024 )) MB"
