#!/bin/bash
# Issue 15's 64 KiB question from two more angles (both sides walking ONE array, and a bare kernel entry
# before the control's first walk), then the pinning study with JFR's jdk.VirtualThreadPinned counts and
# -prof gc. Run from a fresh clone, one at a time, nothing else running.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
measure_build -DskipTests
{ scripts/switchcost run 'WorkingSetHandoff\.(roundTripPaired|walkAlonePaired)$' -p placement=SAME_CPU -p handoff=FUTEX \
    -p sharing=PRIVATE,SHARED -p strideBytes=64 -p walk=LI -p before=NONE,YIELD,READ_L1D,WRITE_L1D \
    -p workingSetKiB=16,64 -i 40 -o $M/l1d-kernel; echo "exit=$?"; } > $M/l1d-kernel-terminal.txt 2>&1
log "l1d-kernel done: $(tail -1 $M/l1d-kernel-terminal.txt)"
{ scripts/switchcost run --jdk "$(scripts/jdk21.sh)" --jdk /usr/lib/jvm/temurin-25-jdk-amd64/bin/java -prof gc \
    -p pair=VT_VT -p primitive=SYNCHRONIZED,REENTRANT_LOCK,LOCK_SUPPORT,SYNCHRONOUS_QUEUE 'VirtualThreadHandoff\w+\.roundTrip' \
    -o $M/pinning; echo "exit=$?"; } > $M/pinning-terminal.txt 2>&1
log "pinning done: $(tail -1 $M/pinning-terminal.txt)"
measure_end 'ws_threads|futex_threads|parker_threads|ws_single'
