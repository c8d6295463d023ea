#!/usr/bin/env bash
# Native C beside the JVM (switchcost compare: interleaved repetitions, compare.json in its own
# results directory), then the benchmarks compare draws on with their annotated settings (switchcost
# run). Build first: mvn -B package -Dmaven.test.skip=true (the native programs build with it when cc exists).
# usage: scripts/studies/measure-native.sh [compare options...]   e.g. --repetitions 10, --quick
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/switchcost compare "$@"
exec scripts/switchcost run --full 'FutexPingPong|ParkUnparkPingPong|SyscallBaseline|VirtualThreadHandoff'
