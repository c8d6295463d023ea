#!/usr/bin/env bash
# Measures the README's foundation figures: SyscallBaseline, FutexPingPong and ParkUnparkPingPong
# for every placement this machine has, with switch counting, at the classes' own settings.
# Output: results/foundation-<host>-<date>/{jmh.json,jmh.txt,machine.json,command.txt}
# Usage: scripts/measure-foundation.sh [extra JMH args]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[[ -f target/benchmarks.jar ]] || { echo "build first: mvn -B package -DskipTests" >&2; exit 3; }
out="results/foundation-$(hostname)-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
cmd=(java -jar target/benchmarks.jar 'SyscallBaseline|FutexPingPong|ParkUnparkPingPong'
     -prof dev.switchcost.jmh.ContextSwitchProfiler -rf json -rff "$out/jmh.json" "$@")
printf '%q ' "${cmd[@]}" > "$out/command.txt"; echo >> "$out/command.txt"
scripts/switchcost machine --out "$out"
"${cmd[@]}" 2>&1 | tee "$out/jmh.txt" >&2
echo "$out"
