#!/usr/bin/env bash
# Runs WorkingSetHandoff (and WorkingSetVirtualHandoff) over the working-set sizes that bracket this
# machine's caches, writes JMH JSON under results/, and prints the derived table as TSV on stdout.
#
# usage: scripts/sweep-working-set.sh [--full] [--out DIR] [JMH ARGS...]
#   --full     the full size list (powers of two and midpoints up to 4*LLC) instead of the quick one
#   --out DIR  where to write (default: results/working-set-sweep-<host>-<UTC time>)
#   JMH ARGS   passed to JMH after the size list, e.g. -p strideBytes=64 -p placement=SAME_CPU
# Progress (JMH's output) goes to DIR/jmh.log and stderr; the TSV to stdout.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
jar=target/benchmarks.jar
[[ -f "$jar" ]] || { echo "sweep-working-set: $jar not found; build it first: mvn -B package -DskipTests" >&2; exit 3; }

list=quick
out=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --full) list=full; shift ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
out=${out:-results/working-set-sweep-$(hostname)-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out"

sizes_flag=()
[[ "$list" == full ]] && sizes_flag=(--full)
sizes=$(scripts/switchcost working-set-sizes "${sizes_flag[@]}" 2> >(grep -v '^switchcost: java' >&2))
echo "# sweep-working-set: $list list workingSetKiB=$sizes -> $out" >&2

java_bin="${JAVA:-java}"
"$java_bin" -jar "$jar" 'WorkingSet(Virtual)?Handoff' -p workingSetKiB="$sizes" "$@" \
  -prof dev.switchcost.jmh.ContextSwitchProfiler -rf json -rff "$out/working-set.json" 2>&1 | tee "$out/jmh.log" >&2

scripts/switchcost indirect --format tsv --sysfs /sys/devices/system/cpu/cpu0/cache "$out/working-set.json" \
  2> >(grep -v '^switchcost: java' >&2)
