#!/bin/bash
# The quotable runs of the second session of 2026-11-23, one at a time on a quiet machine, from a fresh clone of main.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
# 1. README command 1 from a fresh clone, build included
log "quick (fresh clone, build included)"
{ /usr/bin/time -f "elapsed %e s" bash -c "mvn -B -q package -DskipTests && scripts/switchcost run --quick -o $M/quick"; echo "exit=$?"; } > $M/quick-terminal.txt 2>&1
log "quick done: $(tail -2 $M/quick-terminal.txt | tr '\n' ' ')"
# 2. no false alarm: four more quick runs (five with the first), none may be called disturbed
for i in 2 3 4 5; do
  { /usr/bin/time -f "elapsed %e s" scripts/switchcost run --quick -o $M/quick-$i; echo "exit=$?"; } > $M/quick-$i-terminal.txt 2>&1
  log "quick $i done: $(tail -2 $M/quick-$i-terminal.txt | tr '\n' ' ')"
done
# 3. the disturbed verdict for compare's cells, JVM and C: a pinned busy loop on the SAME_CPU CPU, then without
CPU=$(scripts/switchcost doctor 2>/dev/null | sed -n "s/.*placement SAME_CPU .*side A on cpu \([0-9]*\).*/\1/p" | head -1); CPU=${CPU:-1}
taskset -c $CPU yes >/dev/null & Y=$!
{ echo "# taskset -c $CPU yes >/dev/null & (pid $Y)"; scripts/switchcost compare --placements SAME_CPU --repetitions 2 -o $M/compare-yes; echo "exit=$?"; } > $M/compare-yes-terminal.txt 2>&1
kill $Y; wait $Y 2>/dev/null
log "compare beside yes done: $(tail -1 $M/compare-yes-terminal.txt)"
{ scripts/switchcost compare --placements SAME_CPU --repetitions 3 -o $M/compare-quiet; echo "exit=$?"; } > $M/compare-quiet-terminal.txt 2>&1
log "compare quiet done: $(tail -1 $M/compare-quiet-terminal.txt)"
# 4. the paired indirect cost on one CPU, stride 64, 40 iterations
{ scripts/switchcost run -f 1 -wi 4 -i 40 -p placement=SAME_CPU -p handoff=FUTEX -p sharing=PRIVATE -p walk=LI -p strideBytes=64 -p workingSetKiB=0,16,64,128,256,512,1024,2048,4096 -o $M/paired-same-cpu 'WorkingSetHandoff\.roundTripPaired$'; echo "exit=$?"; } > $M/paired-same-cpu-terminal.txt 2>&1
log "paired same-cpu done: $(tail -1 $M/paired-same-cpu-terminal.txt)"
# 5. JVM and C curves, one interleaved run, stride 64; then Li et al.'s own programs at the same sizes
{ scripts/switchcost working-set --sizes 16,32,64,128,256,512,1024,2048,4096,8192 --strides 64 --placements SAME_CPU --repetitions 3 -o $M/curve; echo "exit=$?"; } > $M/curve-terminal.txt 2>&1
log "curve done: $(tail -1 $M/curve-terminal.txt)"
bash scripts/studies/2026-11-23b-epyc-kvm/li/li.sh $M/li > $M/li-terminal.txt 2>&1
log "li done: $(tail -1 $M/li-terminal.txt)"
# 6. every figure current: process vs thread, the brigade, creation, footprint
{ scripts/switchcost run --full -o $M/process-vs-thread 'ProcessVsThreadSwitch'; echo "exit=$?"; } > $M/process-vs-thread-terminal.txt 2>&1
log "process vs thread done: $(tail -1 $M/process-vs-thread-terminal.txt)"
{ scripts/switchcost run --full -p tasks=500 -o $M/brigade 'Brigade\.(brigade|oneThread)$'; echo "exit=$?"; } > $M/brigade-terminal.txt 2>&1
log "brigade done: $(tail -1 $M/brigade-terminal.txt)"
{ scripts/switchcost run --full -o $M/creation 'ThreadCreation'; echo "exit=$?"; } > $M/creation-terminal.txt 2>&1
log "creation done: $(tail -1 $M/creation-terminal.txt)"
{ scripts/switchcost footprint --kind virtual; echo "exit=$?"; scripts/switchcost footprint --kind platform; echo "exit=$?"; } > $M/footprint-terminal.txt 2>&1
log "footprint done: $(tail -1 $M/footprint-terminal.txt)"
measure_end 'yes|ws_threads|futex_threads|parker_threads|measureSwitch'
