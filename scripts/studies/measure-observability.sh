#!/usr/bin/env bash
# The observability tools on this machine, one after another: doctor, list, the perf-stat profiler and
# JMH's perfnorm on a futex ping-pong, sample around a benchmark, perfasm, and the headline run.
# Each run writes its own results directory (switchcost run); the rest prints to the terminal.
# usage: scripts/studies/measure-observability.sh [--no-quick]   (--no-quick: skip the headline run at the end)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
quick=1
case "${1:-}" in
  --no-quick) quick=0 ;;
  "") ;;
  *) echo "usage: scripts/studies/measure-observability.sh [--no-quick]" >&2; exit 2 ;;
esac
scripts/switchcost doctor || true
scripts/switchcost list
scripts/switchcost run FutexPingPong -p placement=SAME_CPU -prof dev.switchcost.measure.jmh.PerfStatProfiler
# JMH's own perfnorm, for comparison: it gives up on a machine without a PMU
scripts/switchcost run FutexPingPong -p placement=SAME_CPU -f 1 -wi 1 -i 2 -prof perfnorm || true
scripts/switchcost sample -- java -jar target/benchmarks.jar FutexPingPong -p placement=SAME_CPU -f 1 -wi 2 -i 5
scripts/perfasm.sh ParkUnparkPingPong.roundTrip_park -p placement=SAME_CPU
if [[ $quick == 1 ]]; then
  time scripts/switchcost run --quick
fi
