#!/bin/bash
# Issue 15, third session of 2026-11-23: the paired estimate with its no-switch control at every size,
# the control with L1d prepared clean or dirty (the 64 KiB negative), and run --quick timed from a fresh clone.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
{ /usr/bin/time -f "elapsed %e s" bash -c "mvn -B -q package -DskipTests && scripts/switchcost run --quick -o $M/quick"; echo "exit=$?"; } > $M/quick-terminal.txt 2>&1
log "quick done: $(tail -2 $M/quick-terminal.txt | tr '\n' ' ')"
{ scripts/switchcost run 'WorkingSetHandoff\.(roundTripPaired|walkAlonePaired)$' -p placement=SAME_CPU -p handoff=FUTEX \
    -p sharing=PRIVATE -p strideBytes=64 -p walk=LI -p before=NONE -p workingSetKiB=0,16,32,64,128,256,512,1024,2048,4096 \
    -i 40 -o $M/paired-control; echo "exit=$?"; } > $M/paired-control-terminal.txt 2>&1
log "paired-control done: $(tail -1 $M/paired-control-terminal.txt)"
{ scripts/switchcost run 'WorkingSetHandoff\.walkAlonePaired$' -p strideBytes=64 -p walk=LI -p workingSetKiB=16,64,128,256 \
    -p before=NONE,READ_L1D,WRITE_L1D -i 40 -o $M/l1d-state; echo "exit=$?"; } > $M/l1d-state-terminal.txt 2>&1
log "l1d-state done: $(tail -1 $M/l1d-state-terminal.txt)"
measure_end 'ws_threads|futex_threads|parker_threads'
