#!/bin/bash
# Issue 15: the C thread pair's whole cost through the caches (beyond_ns_per_switch less its size-0 value)
# at the JVM curve's sizes, SAME_CPU, stride 64, Li's walk: 9 repetitions, sizes interleaved within each.
# From a fresh clone, one at a time, nothing else running. Summary: c-whole.py.
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
CPU=$(taskset -pc $$ | sed 's/.*: //; s/[,-].*//')
for rep in 1 2 3 4 5 6 7 8 9; do
    for kib in 0 16 32 64 128 256 512 1024 2048 4096; do
        # about 0.2 s per cell: 20,000 round trips at size 0, fewer as the walks grow
        rt=$(( 20000 / (kib / 16 + 1) )); [ $rt -lt 100 ] && rt=100
        target/native/ws_threads --cpus $CPU SAME_CPU $rt 1 $kib 64 li >> $M/c-threads.jsonl 2>> $M/c-threads.err \
            || log "ws_threads $kib KiB failed: exit $?"
    done
done
log "c done: $(wc -l < $M/c-threads.jsonl) lines"
log "end; leftovers: $(pgrep -a -f 'ws_threads|futex_threads|parker_threads|ws_single' | grep -v measure | wc -l) processes"
