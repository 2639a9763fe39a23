#!/usr/bin/env bash
# Opens the desktop window under a virtual display, waits until its UI is interactive,
# screenshots it and fails when the picture is blank. It prints the cold start (process
# start → the UI's first call into Go) and the idle memory of the app and of WebKit's
# processes (no Chrome runs: no errand was started). Usage: build/shot.sh BINARY OUTDIR
set -euo pipefail
bin=${1:?binary}
out=${2:-build/shots}
mkdir -p "$out"
data=$(mktemp -d)
log="$out/window.log"
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$data"
}
trap cleanup EXIT

display=${DISPLAY:-}
if [ -z "$display" ]; then
	display=:97
	Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
	pids+=($!)
	for _ in $(seq 50); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done
fi

DISPLAY=$display ERRAND_DATA_DIR=$data OLLAMA_HOST=127.0.0.1:9 "$bin" >"$log" 2>&1 &
app=$!
pids+=("$app")
for _ in $(seq 300); do
	grep -q 'window interactive' "$log" && break
	kill -0 "$app" 2>/dev/null || { cat "$log" >&2; echo "shot: the app exited" >&2; exit 1; }
	sleep 0.1
done
cold=$(sed -n 's/.*coldStartMs=\([0-9]*\).*/\1/p' "$log" | head -1)
[ -n "$cold" ] || { cat "$log" >&2; echo "shot: the window never became interactive" >&2; exit 1; }
sleep 3 # idle: let the first paint and the history load settle before measuring

kb() { awk "/^$1:/ {print \$2}" "/proc/$2/${3:-status}"; }
rss=$(kb VmRSS "$app")
pss=$(kb Pss "$app" smaps_rollup)
web_rss=0 web_pss=0
for c in $(pgrep -P "$app" || true); do
	web_rss=$((web_rss + $(kb VmRSS "$c"))) web_pss=$((web_pss + $(kb Pss "$c" smaps_rollup)))
done
import -display "$display" -window root "$out/window.png"
colours=$(convert "$out/window.png" -format '%k' info:)
echo "shot: cold start to interactive ${cold} ms"
echo "shot: idle memory: app RSS $((rss / 1024)) MB (PSS $((pss / 1024)) MB); WebKit processes RSS $((web_rss / 1024)) MB (PSS $((web_pss / 1024)) MB)"
echo "shot: $out/window.png has $colours colours"
if [ "$colours" -lt 16 ]; then
	echo "shot: the window is blank" >&2
	exit 1
fi
