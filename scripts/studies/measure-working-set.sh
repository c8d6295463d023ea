#!/usr/bin/env bash
# The working-set curve (indirect cost of a switch) at the sizes switchcost working-set-sizes picks
# around this machine's caches, and process against thread switches, through switchcost run (its
# report shows the indirect cost per switch).
# usage: scripts/studies/measure-working-set.sh [--full] [JMH options...]
#   --full  the full size list (much longer); JMH options e.g. -f 3, or -wi 0 -i 1 -r 100ms for a smoke run
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
list=()
if [[ "${1:-}" == --full ]]; then
  list=(--full)
  shift
fi
sizes=$(scripts/switchcost working-set-sizes ${list[@]+"${list[@]}"})
# the working-set curve: futex handoff, strides 8 and 64 B, PRIVATE and SHARED, one CPU and two, with
# the walk-alone baselines for the same sizes and strides
scripts/switchcost run --full 'WorkingSetHandoff\.' -p workingSetKiB="$sizes" -p strideBytes=8,64 \
  -p sharing=PRIVATE,SHARED -p handoff=FUTEX -p placement=SAME_CPU,CROSS_CPU "$@"
# process against thread: the same shared-futex ping-pong between two JVM processes and two threads
exec scripts/switchcost run --full 'ProcessVsThreadSwitch\.' -p placement=SAME_CPU,CROSS_CPU,UNPINNED "$@"
