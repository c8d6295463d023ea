#!/bin/bash
# The pinning study once more, after switchcost run stopped recording JFR in every virtual-thread trial:
# measure2.sh's times (with JFR) against these (without) are JFR's cost. Fresh clone, nothing else running.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
measure_build -DskipTests
{ scripts/switchcost run --jdk "$(scripts/jdk21.sh)" --jdk /usr/lib/jvm/temurin-25-jdk-amd64/bin/java \
    -p pair=VT_VT -p primitive=SYNCHRONIZED,REENTRANT_LOCK,LOCK_SUPPORT,SYNCHRONOUS_QUEUE 'VirtualThreadHandoff\w+\.roundTrip' \
    -o $M/pinning; echo "exit=$?"; } > $M/pinning-terminal.txt 2>&1
log "pinning done: $(tail -1 $M/pinning-terminal.txt)"
measure_end 'switchcost'
