#!/bin/bash
# The pinning study once more, after switchcost run stopped recording JFR in every virtual-thread trial:
# measure2.sh's times (with JFR) against these (without) are JFR's cost. Fresh clone, nothing else running.
set -u
M=${M:-/tmp/m8}
F=/tmp/fresh8
rm -rf $F $M; mkdir -p $M
git clone -q /work/main $F && ln -sfn /work/shared /tmp/shared
cd $F
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a $M/timeline.txt; }
log "start; load: $(cat /proc/loadavg); commit $(git rev-parse --short HEAD)"
mvn -B -q package -DskipTests > $M/build.txt 2>&1
log "built"
{ scripts/switchcost run --jdk "$(scripts/jdk21.sh)" --jdk /usr/lib/jvm/temurin-25-jdk-amd64/bin/java \
    -p pair=VT_VT -p primitive=SYNCHRONIZED,REENTRANT_LOCK,LOCK_SUPPORT,SYNCHRONOUS_QUEUE 'VirtualThreadHandoff\w+\.roundTrip' \
    -o $M/pinning; echo "exit=$?"; } > $M/pinning-terminal.txt 2>&1
log "pinning done: $(tail -1 $M/pinning-terminal.txt)"
log "end; leftovers: $(pgrep -a -f 'switchcost' | grep -v measure | wc -l) processes"
