#!/usr/bin/env bash
# The spin-or-park study, the JVM side: the primitive matrix (PrimitiveHandoff, and the virtual-thread handoff classes' VT_VT rows
# with every primitive) and the wait-strategy sweep (SpinOrPark), from a fresh clone, one step at a time, on a quiet
# machine (nothing else may run meanwhile).
#   M=docs/results/<date>/spin scripts/studies/measure-spin.sh              # the matrix and the whole sweep: 3 forks per cell
#   M=docs/results/<date>/spin-resolve scripts/studies/measure-spin.sh --resolve
#                                     # two CPUs only, 10 forks per cell, D = 0 and a bimodal mix (5 % of replies
#                                     # after 500 us, the rest at once), PARK, SPIN and SPIN_THEN_PARK over every B:
#                                     # enough forks for the intervals to separate (t(9) = 4.8 against t(2) = 31.6)
#   M=docs/results/<date>/primitives scripts/studies/measure-spin.sh --primitives   # the matrix alone, 3 forks per cell
#   M=/tmp/spin-smoke scripts/studies/measure-spin.sh --smoke               # the pipeline only: 1 fork, 1 short iteration
# The sweep is a restricted cross product (JMH runs the full product of its -p values, so it runs twice):
# SPIN_THEN_PARK over every budget B, and every other strategy at budgetNs=0 (they ignore B), each at the reply
# delays D below. The second run's jmh.json is copied into the first run's directory as jmh-fixed.json (a results
# directory reads every jmh-*.json), so $M/spin/*/ holds the whole sweep for `switchcost report`. Expected on a quiet
# 2-vCPU machine: build ~1 min; primitives ~9 min (90 platform forks, 60 virtual); sweep ~10 min (324 forks of
# ~1.9 s: JVM start, one 100 ms warm-up and four 150 ms iterations); --resolve ~6 min (180 forks).
set -euo pipefail
source "$(dirname "$0")/measure-lib.sh"
M=${M:-$(mktemp -d)}; mkdir -p "$M"; M=$(cd "$M" && pwd)
forks=(-f 3)
primitives=(-wi 2 -i 5)
sweep=(-wi 1 -w 100ms -i 4 -r 150ms)
mode=${1:-all}
budgets=0,1000,2000,5000,10000,20000,50000
replies=0,10000,exp:20000
placements=SAME_CPU,CROSS_CPU
fixed=PARK,SPIN,YIELD,BACKOFF,AGRONA_BACKOFF,AGRONA_SLEEPING,AGRONA_YIELDING,DISRUPTOR_BLOCKING,DISRUPTOR_SLEEPING,DISRUPTOR_YIELDING,DISRUPTOR_BUSY_SPIN
case "$mode" in
  --smoke) forks=(-f 1); primitives=(-wi 0 -i 1 -r 100ms); sweep=(-wi 0 -i 1 -r 100ms) ;;
  --resolve) forks=(-f 10); replies=0,bimodal:5:500000; placements=CROSS_CPU; fixed=PARK,SPIN ;;
  --primitives|all) ;;
  *) echo "usage: M=DIR $0 [--resolve|--primitives|--smoke]" >&2; exit 2 ;;
esac
measure_start
measure_build -Dmaven.test.skip=true
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
every_primitive=LOCK_SUPPORT,PARK_NANOS,SYNCHRONOUS_QUEUE,REENTRANT_LOCK,SYNCHRONIZED,EXCHANGER,TRANSFER_QUEUE,ARRAY_BLOCKING_QUEUE,SEMAPHORE,COMPLETABLE_FUTURE
if [ "$mode" != --resolve ]; then
    # one command: the platform pair on every placement, and two virtual threads on one and on two carriers
    step primitives "${primitives[@]}" '(PrimitiveHandoff|VirtualThreadHandoffOneCarrier|VirtualThreadHandoffTwoCarriers)\.roundTrip$' \
        -p pair=VT_VT -p primitive=$every_primitive
fi
if [ "$mode" != --primitives ]; then
    step spin "${sweep[@]}" 'SpinOrPark\.handoff$' -p strategy=SPIN_THEN_PARK -p budgetNs=$budgets -p replyNs=$replies \
        -p placement=$placements
    step spin-fixed "${sweep[@]}" 'SpinOrPark\.handoff$' -p strategy=$fixed -p budgetNs=0 -p replyNs=$replies \
        -p placement=$placements
    spin_dir=$(ls -d "$M"/spin/*/ | head -1)
    fixed_json=$(ls "$M"/spin-fixed/*/jmh.json | head -1)
    cp "$fixed_json" "$spin_dir/jmh-fixed.json.tmp" && mv "$spin_dir/jmh-fixed.json.tmp" "$spin_dir/jmh-fixed.json"
    log "sweep in one directory: $spin_dir (jmh.json: SPIN_THEN_PARK, jmh-fixed.json: the other strategies)"
    scripts/switchcost report "$spin_dir" > "$M/spin-report.txt" 2>&1 || { log "report failed: see $M/spin-report.txt"; status=3; }
fi
log "cpuidle: $(cat /sys/devices/system/cpu/cpuidle/current_governor 2>/dev/null || echo none) governor," \
    "driver $(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none)"
measure_end 'benchmarks.jar'
exit $status
