#!/usr/bin/env bash
# The A/A and A/B study of the quick run: N independent `run --quick` of one commit on a quiet machine, one after another,
# then scripts/studies/AaStudy.java over them (run-to-run spread, coverage, diff's false positives and "same" verdicts; known and
# injected differences detected).
#   M=docs/results/<date>/aa N=10 scripts/studies/measure-aa.sh
# REFERENCE=1 adds, after the runs, the same rows after a long warm-up (6 x 300 ms, 10 forks), which every run's
# interval is checked against (the quick design's bias).
# The first run is timed from the fresh clone with its build, as the README's first command.
# Takes about N x 3 minutes. Nothing else may run meanwhile.
set -euo pipefail
N=${N:-10}
source "$(dirname "$0")/measure-lib.sh"
M=${M:-$(mktemp -d)}; mkdir -p "$M"; M=$(cd "$M" && pwd)
measure_start
start=$(date +%s)
measure_build -Dmaven.test.skip=true
for i in $(seq 1 "$N"); do
    log "run $i of $N: load $(cat /proc/loadavg)"
    t0=$(date +%s)
    if ! scripts/switchcost run --quick -o "$M/run-$i" > "$M/run-$i.txt" 2>&1; then
        log "run $i exited $? (kept, marked in its status; AaStudy reads only complete trials)"
    fi
    log "run $i took $(( $(date +%s) - t0 )) s"
    [[ $i == 1 ]] && log "fresh clone to the first card: $(( $(date +%s) - start )) s"
done
ref=()
if [[ ${REFERENCE:-0} == 1 ]]; then
    log "reference: the quick rows after 6 x 300 ms of warm-up, 10 forks"
    t0=$(date +%s)
    scripts/switchcost run --quick -f 10 -wi 6 -o "$M/reference" > "$M/reference.txt" 2>&1 || log "reference exited $?"
    log "reference took $(( $(date +%s) - t0 )) s"
    ref=(--reference "$(ls -d "$M"/reference/*/ | head -1)")
fi
java_bin=$(java -cp target/benchmarks.jar dev.switchcost.launch.JdkPolicy builder)
"$java_bin" -cp target/benchmarks.jar scripts/studies/AaStudy.java "${ref[@]}" $(ls -d "$M"/run-*/*/ | sort -V) > "$M/aa-study.md"
log "study written: aa-study.md"
measure_end 'benchmarks.jar'
