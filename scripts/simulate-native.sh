#!/usr/bin/env bash
# The native programs under valgrind, for machines without a PMU (no hardware counters):
#   callgrind: user-space instructions per round trip of every native program;
#   cachegrind --cache-sim=yes: simulated D1 and last-level misses per switch of ws_threads against
#   the working-set size, in all and for the first and second walk of each wake, with --I1/--D1/--LL
#   taken from /sys/devices/system/cpu/cpu0/cache (two rows per size: LL = L3 and LL = L2, since
#   cachegrind simulates one last level).
# Each program runs with N and 2N round trips and the counts are differenced (start-up cancels).
# valgrind runs one thread at a time, so both sides share one simulated cache, as on one CPU; it sees no
# kernel code. Prints one JSON line per row on stdout, each labelled
# "source":"simulated (cachegrind), user space only" (or callgrind); valgrind's files stay only in a --work-dir you name.
# With -o DIR (a results directory, created if absent) the lines go to DIR/simulated.jsonl instead, written
# atomically (a temporary file in DIR renamed when every row is done), which `switchcost report DIR` renders.
# usage: scripts/simulate-native.sh [-o DIR] [--work-dir DIR] [--round-trips N (20, cachegrind)] [--callgrind-round-trips N (2000)]
#                                   [--sizes 0,16,64,128,256,512,1024,4096]
#                                   [--stride BYTES (64)] [--walk li|sparse] [--skip-callgrind] [--skip-cachegrind]
# Needs valgrind (exit 3 without it), a C compiler and target/benchmarks.jar (mvn -B package -Dmaven.test.skip=true).
# Builds the C programs, then runs `switchcost simulate-native` (cli/SimulateNativeCommand), which does the rest.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case "${1:-}" in
  -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
if ! built=$("$here/scripts/build-native.sh" 2>&1 >/dev/null); then
  echo "$built" >&2
  exit 3
fi
exec "$here/scripts/switchcost" simulate-native "$@"
