#!/bin/bash
# The whole cost through the caches on one CPU and on two, from one run: the paired round trip with the pair's
# CPU time (switch.beyond), SAME_CPU and CROSS_CPU, stride 64, private arrays, Li's walk, 40 iterations. From a
# fresh clone, one at a time, nothing else running.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
measure_build -Dmaven.test.skip=true
{ scripts/switchcost run -i 40 -p placement=SAME_CPU,CROSS_CPU -p handoff=FUTEX -p sharing=PRIVATE -p walk=LI -p strideBytes=64 \
    -p workingSetKiB=0,16,32,64,128,256,512,1024,2048,4096 'WorkingSetHandoff\.roundTripPaired$' \
    -o $M/placements; echo "exit=$?"; } > $M/placements-terminal.txt 2>&1
log "placements done: $(tail -1 $M/placements-terminal.txt)"
measure_end 'ws_threads|futex_threads|parker_threads|ws_single'
