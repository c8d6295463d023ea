#!/bin/bash
# Issue 15: the JVM and C whole cost through the caches from one interleaved run (switchcost working-set,
# which now carries switch.beyond and beyond_ns_per_switch), SAME_CPU, stride 64, 5 repetitions. From a
# fresh clone, one at a time, nothing else running.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
measure_build -Dmaven.test.skip=true
{ scripts/switchcost working-set --sizes 0,16,32,64,128,256,512,1024,2048,4096 --strides 64 --placements SAME_CPU \
    --repetitions 5 -o $M/sweep; echo "exit=$?"; } > $M/sweep-terminal.txt 2>&1
log "sweep done: $(tail -1 $M/sweep-terminal.txt)"
measure_end 'ws_threads|futex_threads|parker_threads|ws_single'
