#!/usr/bin/env bash
# What the JIT does inside a fork's measured iterations, and what waiting for the compilers before each one changes,
# on the futex handoff across two CPUs (both CPUs the pair's, so any compilation there competes with it):
#   1. with switchcost's profilers but without the compilers' settle, JMH's -prof comp over 20 iterations after the quick
#      run's warm-up (compile time inside each iteration);
#   2. the same without switchcost's profilers (the benchmark's own compilation alone);
#   3. one fork of 1. with -XX:+PrintCompilation (what compiles there);
#   4. four forks without the settle and four with it, alternated twice (each iteration's figure, run-queue delay, the
#      settle's wait and the compilers' time inside the window).
#   M=docs/results/<date>/jit-window scripts/studies/measure-jit-window.sh
# Takes about 3 minutes. Nothing else may run meanwhile.
set -euo pipefail
source "$(dirname "$0")/measure-lib.sh"
M=${M:-$(mktemp -d)}; mkdir -p "$M"; M=$(cd "$M" && pwd)
measure_start
measure_build -Dmaven.test.skip=true
row=('FutexPingPong.roundTrip$' -p binding=FFM -p placement=CROSS_CPU -p wait=UNTIMED -wi 3 -w 300ms -r 200ms)
jmh=dev.switchcost.measure.jmh
ours=(-prof $jmh.ContextSwitchProfiler -prof $jmh.PairedWalkProfiler -prof $jmh.InterferenceProfiler)
log "1. -prof comp with switchcost's profilers, no settle"
java -jar target/benchmarks.jar "${row[@]}" -f 1 -i 20 -prof comp "${ours[@]}" > "$M/comp-profilers.txt" 2>&1
log "2. -prof comp alone"
java -jar target/benchmarks.jar "${row[@]}" -f 1 -i 20 -prof comp > "$M/comp-alone.txt" 2>&1
log "3. PrintCompilation with switchcost's profilers, no settle"
java -jar target/benchmarks.jar "${row[@]}" -f 1 -i 20 "${ours[@]}" -jvmArgsAppend -XX:+PrintCompilation \
    > "$M/print-compilation.txt" 2>&1
for round in 1 2; do
    log "4. round $round: four forks without the settle, then four with it"
    java -jar target/benchmarks.jar "${row[@]}" -f 4 -i 3 "${ours[@]}" > "$M/without-$round.txt" 2>&1
    java -jar target/benchmarks.jar "${row[@]}" -f 4 -i 3 "${ours[@]}" -prof $jmh.CompilerSettleProfiler \
        > "$M/with-$round.txt" 2>&1
done
log "done"
measure_end 'benchmarks.jar'
