#!/usr/bin/env bash
# Runs the commands whose output docs/observability.md (and the README) quote, and saves each
# output under results/observability-<host>-<yyyyMMdd-HHmmss>/. Run on a quiet machine.
#
#   scripts/measure-observability.sh            # everything (about 6-8 minutes on 2 CPUs)
#   scripts/measure-observability.sh --no-quick # skip the 3-minute 'switchcost run --quick'
set -euo pipefail
usage() { echo "usage: scripts/measure-observability.sh [--no-quick]" >&2; exit 2; }
quick=1
for a in "$@"; do
  case "$a" in
    --no-quick) quick=0 ;;
    *) usage ;;
  esac
done
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
[[ -f target/benchmarks.jar ]] || { echo "build first: mvn -B package -DskipTests" >&2; exit 3; }

out=results/observability-$(hostname)-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
step() { echo "== $1" >&2; }

step "doctor"
scripts/switchcost doctor > "$out/doctor.txt" 2>&1 || true

step "list"
scripts/switchcost list > "$out/list.txt" 2>&1

step "perf-stat hook on a futex ping-pong (PerfStatProfiler)"
java -jar target/benchmarks.jar FutexPingPong -p placement=SAME_CPU \
  -prof dev.switchcost.jmh.PerfStatProfiler -prof dev.switchcost.jmh.ContextSwitchProfiler \
  -rf json -rff "$out/perfstat.json" > "$out/perfstat.txt" 2>&1

step "JMH's own perfnorm on the same benchmark (for comparison; exits on a machine without a PMU)"
java -jar target/benchmarks.jar FutexPingPong -p placement=SAME_CPU -f 1 -wi 1 -i 2 \
  -prof perfnorm > "$out/perfnorm.txt" 2>&1 || echo "perfnorm exited with $? (see $out/perfnorm.txt)" >&2

step "sample around a benchmark"
scripts/switchcost sample --csv "$out/sample.csv" -- \
  java -jar target/benchmarks.jar FutexPingPong -p placement=SAME_CPU -f 1 -wi 2 -i 5 > "$out/sample.txt" 2>&1

step "perfasm"
scripts/perfasm.sh ParkUnparkPingPong.roundTrip_park -p placement=SAME_CPU > "$out/perfasm.txt" 2>&1
scripts/perfasm.sh ParkUnparkPingPong.roundTrip_spin -p placement=SAME_CPU > "$out/perfasm-spin.txt" 2>&1

if [[ $quick == 1 ]]; then
  step "switchcost run --quick (the headline run; time it)"
  start=$(date +%s)
  scripts/switchcost run --quick --results-dir "$out/runs" > "$out/run-quick.txt" 2>&1
  echo "wall-clock seconds: $(( $(date +%s) - start ))" >> "$out/run-quick.txt"
fi
echo "$out"
