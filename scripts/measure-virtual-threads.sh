#!/usr/bin/env bash
# Runs every measurement docs/virtual-threads.md quotes and saves it under results/virtual-threads-<host>-<date>/.
# Usage: scripts/measure-virtual-threads.sh [--quick]   (--quick: 1 fork, 1 warmup, 2 x 1 s iterations; for checking the script)
# Run it on a quiet machine, from the repository root, after: mvn -B package -DskipTests
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
if [[ ! -f target/benchmarks.jar ]]; then
  echo "measure-virtual-threads: target/benchmarks.jar not found; build first: mvn -B package -DskipTests" >&2
  exit 3
fi
jmh_flags=()
if [[ "${1:-}" == "--quick" ]]; then
  jmh_flags=(-f 1 -wi 1 -i 2 -w 1s -r 1s)
elif [[ $# -gt 0 ]]; then
  echo "usage: $0 [--quick]" >&2
  exit 2
fi
out="results/virtual-threads-$(hostname -s)-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
prof=(-prof dev.switchcost.jmh.ContextSwitchProfiler)

{
  echo "date: $(date -Is)"
  echo "uname: $(uname -a)"
  echo "cpus: $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'))"
  echo "kernel.pid_max: $(cat /proc/sys/kernel/pid_max)  kernel.threads-max: $(cat /proc/sys/kernel/threads-max)  vm.max_map_count: $(cat /proc/sys/vm/max_map_count)"
  echo "ulimit -n: $(ulimit -n)  ulimit -u: $(ulimit -u)"
  grep -E 'MemTotal|MemAvailable' /proc/meminfo
  echo "java: $(java -version 2>&1 | head -1) (benchmarks re-run themselves on a JDK 21+ if this one is older)"
  echo "git: $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
} > "$out/host-info.txt"
echo "# host info in $out/host-info.txt" >&2

run_jmh() { # name, then JMH arguments
  local name=$1; shift
  echo "# $name" >&2
  java -jar target/benchmarks.jar "$@" "${jmh_flags[@]}" "${prof[@]}" -rf json -rff "$out/$name.json" 2>&1 | tee "$out/$name.txt" >&2
}

# 1. Handoff round trips: VT<->VT and VT<->PT on 1 and 2 carriers, every primitive, unpinned.
run_jmh handoff-virtual 'VirtualThreadHandoff(OneCarrier|TwoCarriers)\.roundTrip$' -p pair=VT_VT,VT_PT
# 2. PT<->PT unpinned (carriers play no part: the one-carrier class only), and pinned to one CPU
#    (the virtual-thread classes cannot be placed: ParkUnparkPingPong is the pinned platform pair).
run_jmh handoff-platform 'VirtualThreadHandoffOneCarrier\.roundTrip$' -p pair=PT_PT
run_jmh handoff-platform-pinned 'ParkUnparkPingPong\.roundTrip_park$' -p placement=SAME_CPU -p wait=UNTIMED
# 3. Brigade: 10, 500, 5000 tasks; memory and pipe links; platform and virtual; with the one-thread baseline.
run_jmh brigade 'Brigade\.(brigade|oneThread)$'
# 4. Creation: start and join, platform vs virtual.
run_jmh creation 'ThreadCreation\.startAndJoin$'

# 5. Footprint: bytes per parked task, fitted over several counts (default counts per kind).
for kind in virtual platform; do
  echo "# footprint --kind $kind" >&2
  scripts/switchcost footprint --kind "$kind" | tee "$out/footprint-$kind.tsv" >&2
done
# 6. Most tasks one JVM holds, and which limit stopped it. The platform probe holds thread ids up to
#    kernel.pid_max minus 1024 for a moment: other programs on the machine may fail to start threads then.
for kind in virtual platform; do
  echo "# footprint --max --kind $kind" >&2
  scripts/switchcost footprint --kind "$kind" --max | tee "$out/max-$kind.tsv" >&2
done
echo "$out"
