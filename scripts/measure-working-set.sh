#!/usr/bin/env bash
# Runs the measurements behind the README's working-set and process-vs-thread figures (see
# docs/working-set.md), saves everything under results/, and prints the derived tables.
#
# usage: scripts/measure-working-set.sh [--full] [--out DIR]
#   --full     the full working-set size list instead of the quick one (much longer)
#   --out DIR  where to write (default: results/working-set-<host>-<UTC date>)
# Writes: host-info.txt, cache-sizes.txt, working-set.json, process-vs-thread.json, *.log (JMH's
# output), indirect.txt (the tables as printed) and indirect.tsv (for plotting).
# SWITCHCOST_JMH_ARGS (optional) is appended to both JMH commands, e.g. "-f 3" for more forks, or
# "-wi 0 -i 1 -r 100ms" for a smoke run whose numbers mean nothing.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
jar=target/benchmarks.jar
[[ -f "$jar" ]] || { echo "measure-working-set: $jar not found; build it first: mvn -B package -DskipTests" >&2; exit 3; }

list=quick
out=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --full) list=full; shift ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "measure-working-set: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
done
out=${out:-results/working-set-$(hostname)-$(date -u +%Y%m%d)}
mkdir -p "$out"
java_bin="${JAVA:-java}"
read -r -a extra <<< "${SWITCHCOST_JMH_ARGS:-}"
quiet_launcher() { grep -v '^switchcost: java' >&2 || true; }

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "host: $(hostname)"
  echo "kernel: $(uname -srvm)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "online cpus: $(cat /sys/devices/system/cpu/online)"
  lscpu 2>/dev/null | grep -E '^(Hypervisor vendor|Virtualization type|Thread\(s\) per core|L1d|L2|L3)' || true
  echo "governor: $(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null || echo n/a)"
  echo "jdk (benchmarks run on the JDK the launcher picks, see the JMH logs' '# VM version' line):"
  "$java_bin" -version 2>&1 | sed 's/^/  /'
  echo "transparent_hugepage: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo n/a)"
  echo "git: $(git rev-parse --short HEAD 2>/dev/null || echo n/a)"
} > "$out/host-info.txt"

flag=()
[[ "$list" == full ]] && flag=(--full)
sizes=$(scripts/switchcost working-set-sizes "${flag[@]}" 2> "$out/cache-sizes.txt")
echo "workingSetKiB ($list list): $sizes" >> "$out/cache-sizes.txt"
grep -v '^switchcost: java' "$out/cache-sizes.txt" >&2 || true

# 1. Working-set curve: futex handoff, strides 8 and 64 B, PRIVATE and SHARED, SAME_CPU and CROSS_CPU,
#    plus the walk-alone baselines (walkAlone, walkAlone_twoArrays) for the same sizes and strides.
echo "# measure-working-set: 1/2 WorkingSetHandoff ($list list) -> $out/working-set.json" >&2
"$java_bin" -jar "$jar" 'WorkingSetHandoff\.' \
  -p workingSetKiB="$sizes" -p strideBytes=8,64 -p sharing=PRIVATE,SHARED -p handoff=FUTEX \
  -p placement=SAME_CPU,CROSS_CPU \
  -prof dev.switchcost.jmh.ContextSwitchProfiler -rf json -rff "$out/working-set.json" "${extra[@]}" \
  > "$out/working-set.log" 2>&1 || { echo "WorkingSetHandoff failed; see $out/working-set.log" >&2; exit 1; }

# 2. Process vs thread: the same shared-futex ping-pong between two JVM processes and two threads.
echo "# measure-working-set: 2/2 ProcessVsThreadSwitch -> $out/process-vs-thread.json" >&2
"$java_bin" -jar "$jar" 'ProcessVsThreadSwitch\.' -p placement=SAME_CPU,CROSS_CPU,UNPINNED \
  -prof dev.switchcost.jmh.ContextSwitchProfiler -rf json -rff "$out/process-vs-thread.json" "${extra[@]}" \
  > "$out/process-vs-thread.log" 2>&1 || { echo "ProcessVsThreadSwitch failed; see $out/process-vs-thread.log" >&2; exit 1; }

sysfs=(--sysfs /sys/devices/system/cpu/cpu0/cache)
{
  scripts/switchcost indirect "${sysfs[@]}" "$out/working-set.json"
  echo
  scripts/switchcost indirect "$out/process-vs-thread.json"
} 2> >(quiet_launcher) | tee "$out/indirect.txt"
{
  scripts/switchcost indirect --format tsv "${sysfs[@]}" "$out/working-set.json"
  echo
  scripts/switchcost indirect --format tsv "$out/process-vs-thread.json"
} 2> >(quiet_launcher) > "$out/indirect.tsv"
echo "# measure-working-set: done; results in $out" >&2
