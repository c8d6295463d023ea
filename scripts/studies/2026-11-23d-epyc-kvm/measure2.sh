#!/bin/bash
# The pinning study again after b1791b6 (JFR left off where JDK 21 carriers pin in Object.wait: in
# measure.sh's run JFR beside them hung the two-carrier synchronized trial). Without -prof gc, as the README
# gives the command: at 1e77100 -prof gc beside that trial hung it too (2 of 5 tries). Fresh clone, nothing else running.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
measure_build -DskipTests
{ scripts/switchcost run --jdk "$(scripts/jdk21.sh)" --jdk /usr/lib/jvm/temurin-25-jdk-amd64/bin/java \
    -p pair=VT_VT -p primitive=SYNCHRONIZED,REENTRANT_LOCK,LOCK_SUPPORT,SYNCHRONOUS_QUEUE 'VirtualThreadHandoff\w+\.roundTrip' \
    -o $M/pinning; echo "exit=$?"; } > $M/pinning-terminal.txt 2>&1
log "pinning done: $(tail -1 $M/pinning-terminal.txt)"
measure_end 'switchcost'
