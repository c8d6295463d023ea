#!/bin/bash
# The README's first command from a fresh clone, timed: build and run --quick (the card's cache line now
# the whole cost through the caches, with the paired round trip at size 0 beside it). One at a time,
# nothing else running.
source "$(dirname "$0")/../measure-lib.sh"
measure_start
start=$(date +%s)
{ mvn -B -q package -DskipTests && scripts/switchcost run --quick -o $M/quick; echo "exit=$?"; } > $M/quick-terminal.txt 2>&1
log "quick done in $(( $(date +%s) - start )) s, build included: $(tail -1 $M/quick-terminal.txt)"
measure_end 'ws_threads|futex_threads|parker_threads|ws_single'
