#!/usr/bin/env bash
# Issue 31, the JVM side: the primitive matrix (PrimitiveHandoff) and the wait-strategy sweep (SpinOrPark), from a
# fresh clone, one step at a time, on a quiet machine (nothing else may run meanwhile).
#   M=docs/results/<date>/spin scripts/measure-spin.sh           # the figures: 3 forks per cell
#   M=/tmp/spin-smoke scripts/measure-spin.sh --smoke            # the pipeline only: 1 fork, 1 short iteration
# The sweep is a restricted cross product (JMH runs the full product of its -p values, so it runs twice):
# SPIN_THEN_PARK over every budget B, and every other strategy at budgetNs=0 (they ignore B), each at the reply
# delays D below, on one CPU and on two. The second run's jmh.json is copied into the first run's directory as
# jmh-fixed.json (a results directory reads every jmh-*.json), so $M/spin/*/ holds the whole sweep for
# `switchcost report`. Expected on a quiet 2-vCPU machine: build ~1 min, primitives ~5 min (90 forks), sweep ~10 min
# (324 forks of ~1.9 s: JVM start, one 100 ms warm-up and four 150 ms iterations), ~16 min in all.
set -euo pipefail
source "$(dirname "$0")/measure-lib.sh"
M=${M:-$(mktemp -d)}; mkdir -p "$M"; M=$(cd "$M" && pwd)
forks=(-f 3)
primitives=(-wi 2 -i 5)
sweep=(-wi 1 -w 100ms -i 4 -r 150ms)
case "${1:-}" in
  --smoke) forks=(-f 1); primitives=(-wi 0 -i 1 -r 100ms); sweep=(-wi 0 -i 1 -r 100ms) ;;
  "") ;;
  *) echo "usage: M=DIR $0 [--smoke]" >&2; exit 2 ;;
esac
measure_start
measure_build -Dmaven.test.skip=true
budgets=0,1000,2000,5000,10000,20000,50000
replies=0,10000,exp:20000
fixed=PARK,SPIN,YIELD,BACKOFF,AGRONA_BACKOFF,AGRONA_SLEEPING,AGRONA_YIELDING,DISRUPTOR_BLOCKING,DISRUPTOR_SLEEPING,DISRUPTOR_YIELDING,DISRUPTOR_BUSY_SPIN
step() {
    local name=$1; shift
    log "$name: load $(cat /proc/loadavg)"
    local t0; t0=$(date +%s)
    if ! scripts/switchcost run --full "${forks[@]}" -o "$M/$name" "$@" > "$M/$name.txt" 2>&1; then
        log "$name exited non-zero: see $M/$name.txt (failed trials are named in its status)"
        status=1
    fi
    log "$name took $(( $(date +%s) - t0 )) s"
}
status=0
step primitives "${primitives[@]}" 'PrimitiveHandoff\.roundTrip$'
step spin "${sweep[@]}" 'SpinOrPark\.handoff$' -p strategy=SPIN_THEN_PARK -p budgetNs=$budgets -p replyNs=$replies \
    -p placement=SAME_CPU,CROSS_CPU
step spin-fixed "${sweep[@]}" 'SpinOrPark\.handoff$' -p strategy=$fixed -p budgetNs=0 -p replyNs=$replies \
    -p placement=SAME_CPU,CROSS_CPU
spin_dir=$(ls -d "$M"/spin/*/ | head -1)
fixed_json=$(ls "$M"/spin-fixed/*/jmh.json | head -1)
cp "$fixed_json" "$spin_dir/jmh-fixed.json.tmp" && mv "$spin_dir/jmh-fixed.json.tmp" "$spin_dir/jmh-fixed.json"
log "sweep in one directory: $spin_dir (jmh.json: SPIN_THEN_PARK, jmh-fixed.json: the other strategies)"
scripts/switchcost report "$spin_dir" > "$M/spin-report.txt" 2>&1 || { log "report failed: see $M/spin-report.txt"; status=3; }
log "cpuidle: $(cat /sys/devices/system/cpu/cpuidle/current_governor 2>/dev/null || echo none) governor," \
    "driver $(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none)"
measure_end 'benchmarks.jar'
exit $status
