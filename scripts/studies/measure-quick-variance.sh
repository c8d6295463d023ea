#!/usr/bin/env bash
# Where the quick run's between-fork variance comes from: the quick set's one-CPU rows (futex, park, the virtual pair,
# gettid), 10 forks each, after 1, 3 and 6 warm-up iterations of 300 ms, with JMH's compiler profiler (-prof comp: the
# JIT's time inside the measured iterations); then one fork with -XX:+PrintCompilation, to name what compiles there.
#   M=docs/results/<date>/quick-variance scripts/studies/measure-quick-variance.sh
# Takes about 7 minutes. Nothing else may run meanwhile (the disturbance rule names any process beside it).
set -euo pipefail
source "$(dirname "$0")/measure-lib.sh"
M=${M:-$(mktemp -d)}; mkdir -p "$M"; M=$(cd "$M" && pwd)
measure_start
measure_build -Dmaven.test.skip=true
rows='FutexPingPong.roundTrip$|ParkUnparkPingPong.roundTrip_park$|VirtualThreadHandoffOneCarrier.roundTrip$|SyscallBaseline.gettid$'
params=(-p placement=SAME_CPU -p binding=FFM -p wait=UNTIMED -p pair=VT_VT -p primitive=LOCK_SUPPORT)
labels=()
for wi in 1 3 6; do
    log "warm-up $wi x 300 ms"
    scripts/switchcost run -o "$M/wi$wi" -f 10 -wi "$wi" -w 300ms -i 3 -r 200ms -prof comp "${params[@]}" "$rows" \
        > "$M/wi$wi.txt" 2>&1 || log "warm-up $wi exited $? (its status says which trial)"
    labels+=("${wi}x300ms=$(ls -d "$M/wi$wi"/*/ | head -1)")
done
log "one fork with -XX:+PrintCompilation"
scripts/switchcost run -o "$M/print-compilation" -f 1 -wi 1 -w 300ms -i 3 -r 200ms -jvmArgsAppend -XX:+PrintCompilation \
    -p placement=SAME_CPU -p binding=FFM -p wait=UNTIMED 'FutexPingPong.roundTrip$' > "$M/print-compilation.txt" 2>&1 || true
java_bin=$(java -cp target/benchmarks.jar dev.switchcost.launch.JdkPolicy builder)
"$java_bin" -cp target/benchmarks.jar scripts/studies/VarianceStudy.java "${labels[@]}" > "$M/variance-study.md"
log "study written: variance-study.md"
measure_end 'benchmarks.jar'
