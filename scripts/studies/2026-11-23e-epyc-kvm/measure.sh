#!/bin/bash
# Issue 15: the working-set curve with the whole cost through the caches (switch.beyond: the pair's CPU
# time per switch beyond its walks, less that at size 0) beside the paired estimate and its no-switch
# control, SAME_CPU, stride 64, private arrays, Li's walk, 40 iterations. From a fresh clone, one at a
# time, nothing else running.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
measure_build -DskipTests
{ scripts/switchcost run -i 40 -p placement=SAME_CPU -p handoff=FUTEX -p sharing=PRIVATE -p walk=LI -p strideBytes=64 \
    -p before=NONE -p workingSetKiB=0,16,32,64,128,256,512,1024,2048,4096 'WorkingSetHandoff\.(roundTripPaired|walkAlonePaired)$' \
    -o $M/curve; echo "exit=$?"; } > $M/curve-terminal.txt 2>&1
log "curve done: $(tail -1 $M/curve-terminal.txt)"
measure_end 'ws_threads|futex_threads|parker_threads|ws_single'
