#!/bin/bash
# The quotable runs of 2026-11-23, one at a time on a quiet machine.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
# 1. README command 1 from a fresh clone, build included
log "quick (fresh clone, build included)"
{ /usr/bin/time -f "elapsed %e s" bash -c "mvn -B -q package -DskipTests && scripts/switchcost run --quick -o $M/quick"; echo "exit=$?"; } > $M/quick-terminal.txt 2>&1
log "quick done: $(tail -2 $M/quick-terminal.txt | tr '\n' ' ')"
# 2. disturbed verdict: a pinned busy loop on CPU 1, then without
taskset -c 1 yes >/dev/null & Y=$!
{ echo "# taskset -c 1 yes >/dev/null & (pid $Y)"; scripts/switchcost run -f 1 -wi 2 -i 5 -p placement=SAME_CPU -p binding=FFM -p wait=UNTIMED -o $M/disturbed-yes FutexPingPong; echo "exit=$?"; } > $M/disturbed-yes-terminal.txt 2>&1
kill $Y; wait $Y 2>/dev/null
log "disturbed (yes) done: $(tail -1 $M/disturbed-yes-terminal.txt)"
{ scripts/switchcost run -f 1 -wi 2 -i 5 -p placement=SAME_CPU -p binding=FFM -p wait=UNTIMED -o $M/quiet-futex FutexPingPong; echo "exit=$?"; } > $M/quiet-futex-terminal.txt 2>&1
log "quiet futex done: $(tail -1 $M/quiet-futex-terminal.txt)"
# 3. the paired indirect cost on one CPU, stride 64, JMH's own error over 20 iterations
{ scripts/switchcost run -f 1 -wi 4 -i 20 -p placement=SAME_CPU -p handoff=FUTEX -p sharing=PRIVATE -p walk=LI -p strideBytes=64 -p workingSetKiB=0,16,64,128,256,512,1024,2048,4096 -o $M/paired-same-cpu 'WorkingSetHandoff\.roundTripPaired$'; echo "exit=$?"; } > $M/paired-same-cpu-terminal.txt 2>&1
log "paired same-cpu done: $(tail -1 $M/paired-same-cpu-terminal.txt)"
# 4. JVM and C curves, one interleaved run, stride 64
{ scripts/switchcost working-set --sizes 16,32,64,128,256,512,1024,2048,4096,8192 --strides 64 --placements SAME_CPU --repetitions 3 -o $M/curve; echo "exit=$?"; } > $M/curve-terminal.txt 2>&1
log "curve done: $(tail -1 $M/curve-terminal.txt)"
# 5. the replication seed's two figures
{ scripts/switchcost working-set --sizes 32,64,256,1024,2048,8192 --strides 8,16,32,64,128 --placements SAME_CPU --repetitions 3 -o $M/seed; echo "exit=$?"; } > $M/seed-terminal.txt 2>&1
log "seed done: $(tail -1 $M/seed-terminal.txt)"
# 6. park() split with the C Parker, simulated instructions
{ scripts/switchcost compare --placements SAME_CPU --repetitions 6 --simulate -o $M/compare; echo "exit=$?"; } > $M/compare-terminal.txt 2>&1
log "compare done: $(tail -1 $M/compare-terminal.txt)"
# 7. simulated misses per switch against size (cachegrind)
{ scripts/simulate-native.sh --skip-callgrind --sizes 0,16,32,64,128,256,512,1024,2048,4096 -o $M/simulated; echo "exit=$?"; } > $M/simulated-terminal.txt 2>&1
log "simulated done: $(tail -1 $M/simulated-terminal.txt)"
measure_end 'yes|ws_threads|futex_threads|parker_threads'
