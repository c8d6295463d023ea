#!/bin/bash
# The whole cost through the caches on one CPU and on two, from one run: the paired round trip with the pair's
# CPU time (switch.beyond), SAME_CPU and CROSS_CPU, stride 64, private arrays, Li's walk, 40 iterations. From a
# fresh clone, one at a time, nothing else running.
set -u
M=${M:-/tmp/m-placements}
F=/tmp/fresh-placements
rm -rf $F $M; mkdir -p $M
git clone -q /work/main $F && ln -sfn /work/shared /tmp/shared
cd $F
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a $M/timeline.txt; }
log "start; load: $(cat /proc/loadavg); commit $(git rev-parse --short HEAD)"
mvn -B -q package -Dmaven.test.skip=true > $M/build.txt 2>&1
log "built"
{ scripts/switchcost run -i 40 -p placement=SAME_CPU,CROSS_CPU -p handoff=FUTEX -p sharing=PRIVATE -p walk=LI -p strideBytes=64 \
    -p workingSetKiB=0,16,32,64,128,256,512,1024,2048,4096 'WorkingSetHandoff\.roundTripPaired$' \
    -o $M/placements; echo "exit=$?"; } > $M/placements-terminal.txt 2>&1
log "placements done: $(tail -1 $M/placements-terminal.txt)"
log "end; leftovers: $(pgrep -a -f 'ws_threads|futex_threads|parker_threads|ws_single' | grep -v measure | wc -l) processes"
