#!/bin/bash
# The C pairs' whole cost through the caches, threads (ws_threads: futex) against processes (ws_pipe_processes:
# Li et al.'s pipe pair), SAME_CPU, stride 64, Li's walk, at the JVM curve's sizes: 9 repetitions, sizes and the
# two programs interleaved within each. From a fresh clone, one at a time, nothing else running.
# Summary per program: c-whole.py (the size-0 median of beyond_ns_per_switch subtracted).
source "$(dirname "$0")/../measure-lib.sh"
measure_start
measure_build -Dmaven.test.skip=true
CPU=$(taskset -pc $$ | sed 's/.*: //; s/[,-].*//')
for rep in 1 2 3 4 5 6 7 8 9; do
    for kib in 0 16 32 64 128 256 512 1024 2048 4096; do
        # about 0.2 s per cell: 20,000 round trips at size 0, fewer as the walks grow
        rt=$(( 20000 / (kib / 16 + 1) )); [ $rt -lt 100 ] && rt=100
        for prog in ws_threads ws_pipe_processes; do
            target/native/$prog --cpus $CPU SAME_CPU $rt 1 $kib 64 li >> $M/$prog.jsonl 2>> $M/$prog.err \
                || log "$prog $kib KiB failed: exit $?"
        done
    done
done
log "c done: $(wc -l < $M/ws_threads.jsonl) + $(wc -l < $M/ws_pipe_processes.jsonl) lines"
for prog in ws_threads ws_pipe_processes; do
    python3 scripts/studies/2026-11-23e-epyc-kvm/c-whole.py $M/$prog.jsonl > $M/$prog-whole.txt
done
measure_end 'ws_threads|ws_pipe_processes'
