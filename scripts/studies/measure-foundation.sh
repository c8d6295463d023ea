#!/usr/bin/env bash
# The foundation benchmarks (syscall floor, futex and park/unpark handoffs) with their annotated
# settings, through switchcost run (results directory, status, machine.json, report, answer card).
# usage: scripts/studies/measure-foundation.sh [JMH options...]   e.g. -f 1 -wi 1 -i 3 for a smoke run
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec scripts/switchcost run --full 'SyscallBaseline|FutexPingPong|ParkUnparkPingPong' "$@"
