#!/usr/bin/env bash
# Measures what docs/native-and-reports.md describes, for the README: the native-vs-JVM comparison,
# a JMH run of the handoff, virtual-thread and working-set benchmarks, and the report with charts.
#
# usage: scripts/measure-native.sh [OUT_DIR]      (default: results/native-<host>-<date-time>)
#   SWITCHCOST_REPETITIONS  compare repetitions (default 5)
#   SWITCHCOST_BENCH        JMH include regex for jmh.json
#                           (default: FutexPingPong|ParkUnparkPingPong|SyscallBaseline|VirtualThreadHandoff|WorkingSetHandoff)
# Run on a quiet machine: nothing else building or benchmarking. Takes tens of minutes with the
# default benchmark set (WorkingSetHandoff has many parameter combinations).
# Writes OUT_DIR/{compare.txt,compare.json,machine.json,jmh.json,jmh.txt,report.md,report.html,charts/*.png};
# progress on stderr.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
[[ -f pom.xml && -d src/main/c ]] || { echo "measure-native: run from a switchcost checkout" >&2; exit 2; }
case "${1:-}" in -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac

out="${1:-results/native-$(hostname)-$(date +%Y%m%d-%H%M%S)}"
reps="${SWITCHCOST_REPETITIONS:-5}"
bench="${SWITCHCOST_BENCH:-FutexPingPong|ParkUnparkPingPong|SyscallBaseline|VirtualThreadHandoff|WorkingSetHandoff}"
mkdir -p "$out"

echo "measure-native: building (mvn -B package -DskipTests, then scripts/build-native.sh)" >&2
mvn -q -B package -DskipTests >&2
scripts/build-native.sh >/dev/null || echo "measure-native: native baseline not built; the native column will say why" >&2

echo "measure-native: switchcost compare --repetitions $reps --results-dir $out" >&2
status=0
scripts/switchcost compare --repetitions "$reps" --results-dir "$out" | tee "$out/compare.txt" || status=$?
[[ $status -eq 0 ]] || echo "measure-native: compare exited $status (some cells failed; see $out/compare.txt)" >&2

echo "measure-native: java -jar target/benchmarks.jar '$bench' -prof ContextSwitchProfiler -rf json" >&2
java -jar target/benchmarks.jar "$bench" -prof dev.switchcost.jmh.ContextSwitchProfiler \
    -rf json -rff "$out/jmh.json" > "$out/jmh.txt"

echo "measure-native: switchcost report $out" >&2
scripts/switchcost report "$out"
echo "$out"
