#!/bin/bash
# The README's first command from a fresh clone, timed, now with -Dmaven.test.skip=true (the tests are not
# compiled: 32 s against 49 s here) and the cache line in a run of its own on one CPU. One at a time,
# nothing else running.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
start=$(date +%s)
{ mvn -B -q package -Dmaven.test.skip=true && scripts/switchcost run --quick -o $M/quick; echo "exit=$?"; } > $M/quick-terminal.txt 2>&1
log "quick done in $(( $(date +%s) - start )) s, build included: $(tail -1 $M/quick-terminal.txt)"
measure_end 'ws_threads|futex_threads|parker_threads|ws_single'
