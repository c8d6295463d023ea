#!/usr/bin/env bash
# Virtual against platform threads: handoffs on one and two carriers, the brigade, thread creation
# (switchcost run, one results directory each), then the footprint of parked tasks (switchcost footprint).
# usage: scripts/studies/measure-virtual-threads.sh [--quick]   (--quick: 1 fork, 1 + 2 iterations of 1 s)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jmh=()
case "${1:-}" in
  --quick) jmh=(-f 1 -wi 1 -i 2 -w 1s -r 1s) ;;
  "") ;;
  *) echo "usage: $0 [--quick]" >&2; exit 2 ;;
esac
run() { scripts/switchcost run --full "$@" ${jmh[@]+"${jmh[@]}"}; }
# handoff round trips: VT<->VT and VT<->PT on one and two carriers, every primitive
run 'VirtualThreadHandoff(OneCarrier|TwoCarriers)\.roundTrip$' -p pair=VT_VT,VT_PT
# PT<->PT unpinned (carriers play no part: the one-carrier class only), and pinned to one CPU
# (the virtual-thread classes cannot be placed: ParkUnparkPingPong is the pinned platform pair)
run 'VirtualThreadHandoffOneCarrier\.roundTrip$' -p pair=PT_PT
run 'ParkUnparkPingPong\.roundTrip_park$' -p placement=SAME_CPU -p wait=UNTIMED
# brigade (with the one-thread baseline) and thread creation
run 'Brigade\.(brigade|oneThread)$'
run 'ThreadCreation\.startAndJoin$'
# bytes per parked task, then the most tasks one JVM holds and which limit stopped it (the platform
# probe holds thread ids up to kernel.pid_max minus 1024 for a moment)
for kind in virtual platform; do
  scripts/switchcost footprint --kind "$kind"
  scripts/switchcost footprint --kind "$kind" --max
done
