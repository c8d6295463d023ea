#!/bin/bash
# The README's first command from a fresh clone, timed, build included. One at a time, nothing else running.
set -u
M=${M:-/tmp/m-quick}
F=/tmp/fresh-quick
rm -rf $F $M; mkdir -p $M
git clone -q /work/main $F && ln -sfn /work/shared /tmp/shared
cd $F
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a $M/timeline.txt; }
log "start; load: $(cat /proc/loadavg); commit $(git rev-parse --short HEAD)"
start=$(date +%s)
{ mvn -B -q package -Dmaven.test.skip=true && scripts/switchcost run --quick -o $M/quick; echo "exit=$?"; } > $M/quick-terminal.txt 2>&1
log "quick done in $(( $(date +%s) - start )) s, build included: $(tail -1 $M/quick-terminal.txt)"
log "end; leftovers: $(pgrep -a -f 'ws_threads|futex_threads|parker_threads|ws_single' | grep -v measure | wc -l) processes"
