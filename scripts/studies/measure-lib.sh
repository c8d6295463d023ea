# The harness of the dated measuring scripts (scripts/studies/<folder>/measure*.sh and the scripts/studies/measure-*.sh harnesses): sourced, never run.
# It measures from a fresh clone, one step at a time, and keeps a timeline of what ran when.
#
#   source "$(dirname "$0")/../../../scripts/studies/measure-lib.sh"
#   measure_start            # $M: the output directory (M=DIR, else a new temporary one); then works in $F,
#                            # a fresh clone of this checkout's HEAD
#   measure_build [FLAGS]    # mvn -B -q package FLAGS > $M/build.txt, then "built"
#   log "text"               # one line, with its UTC time, into $M/timeline.txt
#   measure_end 'A|B'        # the leftovers: processes matching it, switchcost shm files; then removes the clone
#
# SWITCHCOST_REPO=DIR clones another checkout. Nothing else runs meanwhile: that is the caller's job.
set -u

MEASURE_REPO=${SWITCHCOST_REPO:-$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)}

log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$M/timeline.txt"; }

measure_start() {
    M=${M:-$(mktemp -d)}
    F=$(mktemp -d)
    rm -rf "$M"; mkdir -p "$M"
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
