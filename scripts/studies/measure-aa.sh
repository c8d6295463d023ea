#!/usr/bin/env bash
# The A/A and A/B study of the quick run: N independent `run --quick` of one commit on a quiet machine, one after another,
# then scripts/studies/AaStudy.java over them (run-to-run spread, coverage, diff's false positives and "same" verdicts; known and
# injected differences detected).
#   M=docs/results/<date>/aa N=10 scripts/studies/measure-aa.sh
# REFERENCE=1 adds, after the runs, the same rows after a long warm-up (6 x 300 ms, 10 forks), which every run's
# interval is checked against (the quick design's bias).
# DESIGN=1 adds what the quick card's precision costs here (Kalibera and Jones's two-level design): a fork's and an
# iteration's cost, timed (gettid, one fork then six, with no warm-up and one 10 ms iteration, then with the quick set's
# iterations), then scripts/studies/DesignStudy.java over the runs (each row's variance within and between forks, and the
# cheapest forks x iterations that reach its target), then one `run --quick --precision 5% --budget 10m`: what the run
# that asks for it reaches, and how long it takes.
# The first run is timed from the fresh clone with its build, as the README's first command.
# Takes about N x 3 minutes (DESIGN=1: 12 more). Nothing else may run meanwhile.
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
    scripts/switchcost run --quick -o "$M/run-$i" > "$M/run-$i.txt" 2>&1 \
        || log "run $i exited $? (kept, marked in its status; AaStudy reads only complete trials)"
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
if [[ ${DESIGN:-0} == 1 ]]; then
    # seconds per fork of gettid with these iteration arguments: one fork, then six, the difference over five
    per_fork() {
        local f
        for f in 1 6; do
            /usr/bin/time -f %e -o "$M/fork-cost-$f.s" scripts/switchcost run --no-history -o "$M/fork-cost" \
                'SyscallBaseline.gettid$' -p binding=FFM -f "$f" "$@" > /dev/null 2>&1 || { log "fork cost: -f $f $* failed"; exit 1; }
        done
        awk -v a="$(cat "$M/fork-cost-1.s")" -v b="$(cat "$M/fork-cost-6.s")" 'BEGIN {printf "%.3f", (b - a) / 5}'
        rm -f "$M"/fork-cost-*.s
    }
    bare=$(per_fork -wi 0 -i 1 -r 10ms)
    quick=$(per_fork -wi 3 -w 300ms -i 3 -r 200ms)
    rm -rf "$M/fork-cost"
    # quick = start + 3 x (300 ms + o) + 3 x (200 ms + o), bare = start + 10 ms + o: o an iteration's own cost
    o=$(awk -v b="$bare" -v q="$quick" 'BEGIN {printf "%.3f", (q - b - 1.49) / 5}')
    fork=$(awk -v b="$bare" -v o="$o" 'BEGIN {printf "%.3f", b - 0.01 - o + 3 * (0.3 + o)}')
    iteration=$(awk -v o="$o" 'BEGIN {printf "%.3f", 0.2 + o}')
    log "a fork: ${bare} s bare, ${quick} s with the quick iterations; an iteration's own cost ${o} s: a fork ${fork} s before its measured iterations, an iteration ${iteration} s"
    "$java_bin" -cp target/benchmarks.jar scripts/studies/DesignStudy.java "$fork" "$iteration" $(ls -d "$M"/run-*/*/ | sort -V) \
        > "$M/design-study.md"
    log "precision run: run --quick --precision 5% --budget 10m"
    t0=$(date +%s)
    scripts/switchcost run --quick --precision 5% --budget 10m -o "$M/precision" > "$M/precision.txt" 2>&1 || log "precision run exited $?"
    log "precision run took $(( $(date +%s) - t0 )) s"
fi
"$java_bin" -cp target/benchmarks.jar scripts/studies/AaStudy.java "${ref[@]}" $(ls -d "$M"/run-*/*/ | sort -V) > "$M/aa-study.md"
log "study written: aa-study.md"
measure_end 'benchmarks.jar'
