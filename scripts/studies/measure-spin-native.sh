#!/usr/bin/env bash
# The C twin of the spin-then-park waiter (target/native/spin_futex) beside the JVM's
# SpinOrPark.handoff, through `switchcost compare --spin`: its default grid (PARK; SPIN_THEN_PARK at B = 2, 5, 10,
# 20 us; SPIN; D = 0, 10 us, exp:20000; SAME_CPU and CROSS_CPU: 36 cells, each in C and on the JVM) in R interleaved
# repetitions (default 4), from a fresh clone with its build. docs/spin-or-park.md ("Against C") says how to read it.
#   M=docs/results/<date>/spin-native R=4 scripts/studies/measure-spin-native.sh [more compare --spin options...]
# Takes about 8 minutes on 2 vCPUs with R=4 (about 2 minutes per repetition, plus the build). Nothing else may run
# meanwhile: every repetition another task disturbs is left out of the figures, and the run then exits 1.
set -euo pipefail
R=${R:-4}
source "$(dirname "$0")/measure-lib.sh"
M=${M:-$(mktemp -d)}; mkdir -p "$M"; M=$(cd "$M" && pwd)
measure_start
measure_build -Dmaven.test.skip=true
[[ -x target/native/spin_futex ]] || { log "target/native/spin_futex not built (no C compiler?): see $M/build.txt"; exit 3; }
log "compare --spin, $R repetitions: load $(cat /proc/loadavg)"
t0=$(date +%s)
status=0
scripts/switchcost compare --spin --repetitions "$R" -o "$M/compare-spin" "$@" > "$M/compare-spin.txt" 2> "$M/compare-spin.err" \
    || status=$?
log "compare --spin exited $status after $(( $(date +%s) - t0 )) s (table: compare-spin.txt; raw data: compare-spin/spin-compare.json)"
measure_end 'benchmarks.jar|spin_futex'
exit "$status"
