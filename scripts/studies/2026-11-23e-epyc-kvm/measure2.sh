#!/bin/bash
# Issue 15: the C thread pair's whole cost through the caches (beyond_ns_per_switch less its size-0 value)
# at the JVM curve's sizes, SAME_CPU, stride 64, Li's walk: 9 repetitions, sizes interleaved within each.
# From a fresh clone, one at a time, nothing else running. Summary: c-whole.py.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
measure_build -DskipTests
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
measure_end 'ws_threads|futex_threads|parker_threads|ws_single'
