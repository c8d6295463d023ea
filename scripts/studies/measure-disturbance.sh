#!/usr/bin/env bash
# The disturbance verdict's study: no false alarm on a quiet machine, no silent miss beside a
# neighbour. Run it on a QUIET machine (nothing else building or running; check with `switchcost doctor`),
# as the only user, from a built checkout (mvn -B -q package -Dmaven.test.skip=true).
#
#   1. quiet: every benchmark family at the short settings of the disturbance study (-f 1 -wi 1 -i 5 -r 200ms), RUNS times,
#      and `run --quick` RUNS times. Wanted: every trial exit 0, no trial-disturbed line in any status file.
#   2. neighbours, each beside a FutexPingPong trial: `taskset -c 1 yes` (SAME_CPU), `taskset -c 1 nice -n 19 yes`,
#      a bursty neighbour at 5, 10 and 20 % duty (a python3 loop: 5, 10 or 20 ms busy, then the rest of 100 ms asleep) on
#      CPU 1, and `taskset -c 0 yes` beside
#      a CROSS_CPU row. Wanted: every one exit 1, its status naming it disturbed or inconclusive; none exit 0.
#
# Each run writes its own results directory under OUT; the table at the end (OUT/verdicts.tsv) is one line per
# run: case, exit code, the status file's trial lines. Takes about 35 minutes with RUNS=3 on a 2-CPU machine
# (11 families x 3 x ~1 min, 3 quick runs x ~3 min, 6 neighbours x ~20 s); run again with the same OUT, it resumes.
# usage: scripts/studies/measure-disturbance.sh [OUT] [RUNS]     (default docs/results/<today>-disturbance, 3)
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${1:-docs/results/$(date +%F)-disturbance}
runs=${2:-3}
mkdir -p "$out"
short=(-f 1 -wi 1 -i 5 -r 200ms)
futex=(-p binding=FFM -p wait=UNTIMED FutexPingPong)
families=(BindingAfterSwitch Brigade FutexPingPong ParkUnparkPingPong ProcessVsThreadSwitch SyscallBaseline
  ThreadCreation VirtualThreadHandoffOneCarrier VirtualThreadHandoffTwoCarriers WorkingSetHandoff WorkingSetVirtualHandoff)
# the working-set families at two sizes and one stride (every method, placement, handoff and sharing still runs):
# their whole grid is 540 trials, 23 minutes a run at the short settings
ws=(-p workingSetKiB=0,256 -p strideBytes=64)
touch "$out/verdicts.tsv"   # kept: a run already in it is not made again (a stopped study resumes)
neighbour_pids=()
stop_neighbours() { for p in "${neighbour_pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; neighbour_pids=(); }
trap stop_neighbours EXIT

# one run into its own directory; one line of verdicts.tsv
one() {
  local name=$1; shift
  if grep -qP "^$name\t" "$out/verdicts.tsv"; then echo "$name: in verdicts.tsv already"; return; fi
  scripts/switchcost run -o "$out/$name" "$@" > "$out/$name.txt" 2>&1
  local rc=$?
  local trials
  trials=$(cat "$out/$name"/*/status 2>/dev/null | grep -E '^trial-(failed|disturbed)' | tr '\t\n' ' ;' || true)
  printf '%s\t%s\t%s\n' "$name" "$rc" "${trials:-none}" | tee -a "$out/verdicts.tsv"
}

bursty() {  # $1: busy ms in every 100 ms, on CPU 1: one long-lived process that spins, then sleeps the rest
  local busy=$1
  taskset -c 1 python3 -c "
import time
while True:
    end = time.perf_counter() + $busy / 1000
    while time.perf_counter() < end:
        pass
    time.sleep((100 - $busy) / 1000)" &
  neighbour_pids+=($!)
}

# a missing neighbour would pass its case silently: check what the neighbours need first
for tool in taskset python3 nice yes; do
  command -v "$tool" > /dev/null || { echo "measure-disturbance: $tool not found; the neighbour cases need it" >&2; exit 3; }
done
scripts/switchcost doctor > "$out/doctor.txt" 2>&1 || true
for i in $(seq 1 "$runs"); do
  for f in "${families[@]}"; do
    case $f in WorkingSet*) one "quiet-$f-$i" "${short[@]}" "${ws[@]}" "$f" ;; *) one "quiet-$f-$i" "${short[@]}" "$f" ;; esac
  done
  one "quiet-quick-$i" --quick
done

taskset -c 1 yes > /dev/null & neighbour_pids+=($!)
one "yes-same-cpu" "${short[@]}" -p placement=SAME_CPU "${futex[@]}"; stop_neighbours
taskset -c 1 nice -n 19 yes > /dev/null & neighbour_pids+=($!)
one "nice19-yes-same-cpu" "${short[@]}" -p placement=SAME_CPU "${futex[@]}"; stop_neighbours
bursty 5; one "bursty-5pct-same-cpu" "${short[@]}" -p placement=SAME_CPU "${futex[@]}"; stop_neighbours
bursty 10; one "bursty-10pct-same-cpu" "${short[@]}" -p placement=SAME_CPU "${futex[@]}"; stop_neighbours
bursty 20; one "bursty-20pct-same-cpu" "${short[@]}" -p placement=SAME_CPU "${futex[@]}"; stop_neighbours
taskset -c 0 yes > /dev/null & neighbour_pids+=($!)
one "yes-other-cpu-cross-cpu" "${short[@]}" -p placement=CROSS_CPU "${futex[@]}"; stop_neighbours

echo
echo "quiet runs not exit 0 (false alarms):"
grep -P '^quiet-[^\t]*\t[^0]' "$out/verdicts.tsv" || echo "  none"
echo "neighbour runs that exit 0 (silent misses):"
grep -vP '^quiet-' "$out/verdicts.tsv" | grep -P '\t0\t' || echo "  none"
