#!/bin/bash
# Issue 15: the working-set curve with the whole cost through the caches (switch.beyond: the pair's CPU
# time per switch beyond its walks, less that at size 0) beside the paired estimate and its no-switch
# control, SAME_CPU, stride 64, private arrays, Li's walk, 40 iterations. From a fresh clone, one at a
# time, nothing else running.
set -u
M=${M:-/tmp/m7}
F=/tmp/fresh7
rm -rf $F $M; mkdir -p $M
git clone -q /work/main $F && ln -sfn /work/shared /tmp/shared
cd $F
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a $M/timeline.txt; }
log "start; load: $(cat /proc/loadavg); commit $(git rev-parse --short HEAD)"
mvn -B -q package -DskipTests > $M/build.txt 2>&1
log "built"
{ scripts/switchcost run -i 40 -p placement=SAME_CPU -p handoff=FUTEX -p sharing=PRIVATE -p walk=LI -p strideBytes=64 \
    -p before=NONE -p workingSetKiB=0,16,32,64,128,256,512,1024,2048,4096 'WorkingSetHandoff\.(roundTripPaired|walkAlonePaired)$' \
    -o $M/curve; echo "exit=$?"; } > $M/curve-terminal.txt 2>&1
log "curve done: $(tail -1 $M/curve-terminal.txt)"
log "end; leftovers: $(pgrep -a -f 'ws_threads|futex_threads|parker_threads|ws_single' | grep -v measure | wc -l) processes"
