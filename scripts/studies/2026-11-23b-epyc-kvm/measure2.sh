#!/bin/bash
# After the harness fix (9d540ba): the five quick runs and the quiet compare again; creation kept marked.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
{ /usr/bin/time -f "elapsed %e s" bash -c "mvn -B -q package -DskipTests && scripts/switchcost run --quick -o $M/quick"; echo "exit=$?"; } > $M/quick-terminal.txt 2>&1
log "quick done: $(tail -2 $M/quick-terminal.txt | tr '\n' ' ')"
for i in 2 3 4 5; do
  { /usr/bin/time -f "elapsed %e s" scripts/switchcost run --quick -o $M/quick-$i; echo "exit=$?"; } > $M/quick-$i-terminal.txt 2>&1
  log "quick $i done: $(tail -2 $M/quick-$i-terminal.txt | tr '\n' ' ')"
done
{ scripts/switchcost compare --placements SAME_CPU --repetitions 3 -o $M/compare-quiet; echo "exit=$?"; } > $M/compare-quiet-terminal.txt 2>&1
log "compare quiet done: $(tail -1 $M/compare-quiet-terminal.txt)"
{ scripts/switchcost run --full --allow-disturbed -o $M/creation 'ThreadCreation'; echo "exit=$?"; } > $M/creation-terminal.txt 2>&1
log "creation done: $(tail -1 $M/creation-terminal.txt)"
measure_end 'yes|ws_threads|futex_threads|parker_threads'
# after measure2.sh, the same way: the disturbed verdict on run at 9d540ba
taskset -c 1 yes >/dev/null & scripts/switchcost run -f 1 -wi 2 -i 5 -p placement=SAME_CPU -p binding=FFM -p wait=UNTIMED -o $M/disturbed-yes FutexPingPong; kill %1
scripts/switchcost run -f 1 -wi 2 -i 5 -p placement=SAME_CPU -p binding=FFM -p wait=UNTIMED -o $M/quiet-futex FutexPingPong
