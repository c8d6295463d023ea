#!/usr/bin/env bash
# Does a change make the quick card more precise, or cheaper? Written for the compilers' settle before each measured
# iteration (CompilerSettleProfiler), used since for any BEFORE commit against HEAD (the profilers' warm-up reads).
# N `run --quick` of a BEFORE commit and N of this checkout's HEAD, alternated (before, head, before, ...), each from its
# own clone and build; then, for each side, scripts/studies/AaStudy.java (run-to-run spread, coverage, diff's false alarms,
# "same" verdicts, a ×1.25 slowdown injected into the data) and scripts/studies/DesignStudy.java (each row's variance
# within and between forks) and scripts/studies/VarianceStudy.java (per run and row: the first measured iteration against the
# rest, and the JIT's time inside the windows); and last the rows after a long warm-up (6 warm-ups, 10 forks), the reference every
# run's interval is checked against: the head's, or with REFERENCE_FROM=before the before commit's (when the head changes the
# warm-up itself). MEASURED_BEFORE and MEASURED_HEAD give each side's measured iterations and seconds each (default 3x0.25),
# which DesignStudy takes from a fork's cost.
#   BEFORE=<commit> N=6 M=docs/results/<date>/settle scripts/studies/measure-settle.sh
# Takes about 2N x 3.5 minutes + 5. Nothing else may run meanwhile.
set -euo pipefail
N=${N:-6}
BEFORE=${BEFORE:?"BEFORE=<commit> names the code without the settle"}
source "$(dirname "$0")/measure-lib.sh"
M=${M:-$(mktemp -d)}; mkdir -p "$M"; M=$(cd "$M" && pwd)
measure_start
head=$F/switchcost
before=$F/before
git clone -q "$head" "$before" && git -C "$before" checkout -q "$BEFORE"
log "head $(git -C "$head" rev-parse --short HEAD), before $(git -C "$before" rev-parse --short HEAD)"
(cd "$before" && mvn -B -q package -Dmaven.test.skip=true > "$M/build-before.txt" 2>&1) || { log "before: build failed"; exit 3; }
measure_build -Dmaven.test.skip=true
for i in $(seq 1 "$N"); do
    for side in before head; do
        dir=$before; [[ $side == head ]] && dir=$head
        log "$side run $i of $N: load $(cat /proc/loadavg)"
        t0=$(date +%s)
        (cd "$dir" && scripts/switchcost run --quick --no-history -o "$M/$side-$i") > "$M/$side-$i.txt" 2>&1 \
            || log "$side run $i exited $? (kept, marked in its status; the studies read only complete trials)"
        log "$side run $i took $(( $(date +%s) - t0 )) s"
    done
done
REFERENCE_FROM=${REFERENCE_FROM:-head}
refdir=$head; [[ $REFERENCE_FROM == before ]] && refdir=$before
log "reference: the $REFERENCE_FROM's quick rows after 6 warm-ups, 10 forks"
(cd "$refdir" && scripts/switchcost run --quick --no-history -f 10 -wi 6 -o "$M/reference") > "$M/reference.txt" 2>&1 \
    || log "reference exited $?"
java_bin=$(java -cp target/benchmarks.jar dev.switchcost.launch.JdkPolicy builder)
for side in before head; do
    runs=("$M/$side"-*/*/)
    "$java_bin" -cp target/benchmarks.jar scripts/studies/AaStudy.java --reference "$(ls -d "$M"/reference/*/ | head -1)" \
        "${runs[@]}" > "$M/aa-$side.md" 2>&1 || log "AaStudy on $side exited $?"
    # a fork's cost less its measured iterations, from the runs' own timing (precision.json)
    measured=MEASURED_${side^^}; measured=${!measured:-3x0.25}; iterations=${measured%x*}; iteration_s=${measured#*x}
    fork=$(python3 -c 'import json,sys,statistics as s; print(round(s.median(t["secondsPerFork"] for f in sys.argv[3:] for t in json.load(open(f))["trials"]) - int(sys.argv[1]) * float(sys.argv[2]), 2))' "$iterations" "$iteration_s" "${runs[@]/%/precision.json}")
    "$java_bin" -cp target/benchmarks.jar scripts/studies/DesignStudy.java "$fork" "$iteration_s" "${runs[@]}" > "$M/design-$side.md" 2>&1 \
        || log "DesignStudy on $side exited $?"
done
labels=(); for d in "$M"/before-*/*/ "$M"/head-*/*/; do labels+=("$(basename "$(dirname "$d")")=$d"); done
"$java_bin" -cp target/benchmarks.jar scripts/studies/VarianceStudy.java "${labels[@]}" > "$M/variance-study.md" 2>&1 \
    || log "VarianceStudy exited $?"
log "studies written: aa-before.md, aa-head.md, design-before.md, design-head.md, variance-study.md"
measure_end 'benchmarks.jar'
