# The harness of the dated measuring scripts (scripts/studies/<folder>/measure*.sh and the scripts/studies/measure-*.sh harnesses): sourced, never run.
# It measures from a fresh clone, one step at a time, and keeps a timeline of what ran when.
#
#   source "$(dirname "$0")/../../../scripts/studies/measure-lib.sh"
#   measure_start            # $M: the output directory (M=DIR, else a new temporary one; refused, exit 2, when it
#                            # already holds files); then works in $F,
#                            # a fresh clone of this checkout's HEAD
#   measure_build [FLAGS]    # mvn -B -q package FLAGS > $M/build.txt, then "built"
#   log "text"               # one line, with its UTC time, into $M/timeline.txt
#   ab_calibrate FN S E      # sizes an injected effect by measurement (below)
#   measure_end 'A|B'        # the leftovers: processes matching it, switchcost shm files; then removes the clone
#
# SWITCHCOST_REPO=DIR clones another checkout. Nothing else runs meanwhile: that is the caller's job.
set -u

MEASURE_REPO=${SWITCHCOST_REPO:-$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)}

log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$M/timeline.txt"; }

measure_start() {
    M=${M:-$(mktemp -d)}
    # never over an earlier run: a second study into the same OUT once deleted an hour of the first's windows
    if [[ -d $M && -n $(ls -A "$M" 2>/dev/null) ]]; then
        echo "measure: $M already holds files; give a new OUT, or move that one away first" >&2
        exit 2
    fi
    F=$(mktemp -d)
    mkdir -p "$M"
    git clone -q "$MEASURE_REPO" "$F/switchcost" || { echo "measure: cannot clone $MEASURE_REPO" >&2; exit 3; }
    cd "$F/switchcost" || exit 3
    log "start $(basename "$0"); load: $(cat /proc/loadavg); commit $(git rev-parse --short HEAD)"
}

measure_build() {
    mvn -B -q package "$@" > "$M/build.txt" 2>&1 || { log "build failed: see $M/build.txt"; exit 3; }
    log "built"
}

measure_end() {
    log "end; leftovers: $(pgrep -a -f "$1" | grep -v measure | wc -l) processes, $(ls /dev/shm | grep -c switchcost) shm files"
    [[ -n ${F:-} ]] && cd / && rm -rf "$F"  # the clone measure_start made
}

# ab_calibrate FN SIZE EFFECT: the injection's size per percent of change, by measurement. FN NAME SIZE runs one `ab`
# trial with the head injected SIZE and prints the row's line. An injection's effect is not proportional to its size
# (7 consumeCPU tokens sized from 50 made +6-8 % where +10 % was asked; a partner's spin of 452 ns added 1-3 % to a
# 4,520 ns round trip), and one trial's ratio may be too wide to size anything (±12-16 % on whole rounds), so: a trial
# counts only when its interval is within ±CAL_PRECISION (3 %); the size is corrected in proportion to what a counted
# trial made until one makes EFFECT within ±CAL_WITHIN (1.5) points, at most CAL_TRIALS (5) trials. Prints the size
# per percent from the last counted trial; logs every trial. CAL_SIZE=S skips the trials: S is taken as EFFECT percent
# (sized by an earlier calibration, which the study's notes then give; the A/B trials measure what it made).
ab_calibrate() {
    local fn=$1 size=$2 effect=$3 line r h k per=
    if [[ -n ${CAL_SIZE:-} ]]; then
        log "calibration: size $CAL_SIZE given as $effect %" >&2
        awk -v s="$CAL_SIZE" -v e="$effect" 'BEGIN {print s / e}'
        return
    fi
    for k in $(seq 1 "${CAL_TRIALS:-5}"); do
        line=$("$fn" "calibration-$k" "$size")
        # the row's head/base and its half-width (within the host's state where it ran in two): "1.13 ± 0.012× (...)"
        read -r r h < <(awk -F'  +' '{split($5, x, " "); sub(/×.*/, "", x[3]); print x[1], x[3]}' <<< "$line")
        log "calibration $k, size $size: $line" >&2
        awk -v h="$h" -v p="${CAL_PRECISION:-3}" 'BEGIN {exit !(h != "" && h <= p / 100)}' || continue  # too wide: again
        awk -v r="$r" 'BEGIN {exit !(r > 1.005)}' || { log "size $size changed nothing (${r}x): give a larger first size" >&2; exit 3; }
        per=$(awk -v r="$r" -v s="$size" 'BEGIN {print s / ((r - 1) * 100)}')
        awk -v r="$r" -v e="$effect" -v w="${CAL_WITHIN:-1.5}" 'BEGIN {exit !((r - 1) * 100 - e <= w && e - (r - 1) * 100 <= w)}' && break
        size=$(awk -v p="$per" -v e="$effect" 'BEGIN {printf "%d", p * e + 0.5}')
    done
    [[ -n $per ]] || { log "no calibration trial was within ±${CAL_PRECISION:-3} %: the host is too noisy to size an effect" >&2; exit 3; }
    echo "$per"
}
