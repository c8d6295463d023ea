#!/usr/bin/env bash
# JMH perfasm report of one benchmark, with disassembly, through switchcost run (its results
# directory: perfasm's report in run.log).
#
#   scripts/perfasm.sh <benchmark-regex> [extra JMH args...]
#   e.g. scripts/perfasm.sh ParkUnparkPingPong.roundTrip_park -p placement=SAME_CPU
#   PERFASM_EVENT=cpu-clock:u samples user space only (JIT code instead of the kernel's switch path);
#   PERFASM_OPTS replaces the default extra perfasm options "hotThreshold=0.005;top=40" (expand up to 40 regions
#   over 0.5%: in a switch benchmark the kernel dominates and JIT regions are small), e.g. "top=10".
#
# - Builds switchcost's hsdis (src/main/c/hsdis, Capstone) into target/hsdis/ when it is missing or
#   older than its source, and points the forked JVM at it through LD_LIBRARY_PATH (HotSpot looks
#   for hsdis-<arch>.so in the JDK's lib directories, then through the dynamic loader's path).
#   Debian's libhsdis0-fcml does not load in JDK 25; this one does.
# - Samples `cycles` where the PMU has it, else `cpu-clock` (a timer: attribution is coarser, with
#   skid, but the hot regions are still the hot regions).
# - Runs one fork (-f 1; later -f in the extra args wins) with switchcost run.
# - Without hsdis (no gcc or no libcapstone-dev) the run still happens: perfasm prints hot regions
#   as hex, and this script says how to get disassembly.
set -euo pipefail

usage() { echo "usage: scripts/perfasm.sh <benchmark-regex> [extra JMH args...]" >&2; exit 2; }
[[ $# -ge 1 && "$1" != -* ]] || usage
regex=$1; shift

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
jar=target/benchmarks.jar
[[ -f $jar ]] || { echo "perfasm.sh: $jar not found; build it first: mvn -B package -Dmaven.test.skip=true" >&2; exit 3; }

perf=${SWITCHCOST_PERF:-perf}
if ! "$perf" --version >/dev/null 2>&1; then
  echo "perfasm.sh: perf not found; install it (Debian: apt-get install linux-perf; Ubuntu: linux-tools-\$(uname -r)) or set SWITCHCOST_PERF" >&2
  exit 3
fi

case "$(uname -m)" in
  x86_64) arch=amd64 ;;
  aarch64) arch=aarch64 ;;
  *) arch=$(uname -m) ;;
esac
src=src/main/c/hsdis/switchcost-hsdis.c
lib=target/hsdis/hsdis-$arch.so
hsdis_note=""
if [[ ! -f $lib || $src -nt $lib ]]; then
  mkdir -p target/hsdis
  echo "perfasm.sh: building $lib from $src (gcc + libcapstone)" >&2
  if ! gcc -O2 -Wall -shared -fPIC -o "$lib" "$src" -lcapstone 2> target/hsdis/build.log; then
    rm -f "$lib"
    hsdis_note="no hsdis: building $lib failed (see target/hsdis/build.log). For disassembly: apt-get install gcc libcapstone-dev (Fedora: dnf install gcc capstone-devel) and run this script again."
    echo "perfasm.sh: $hsdis_note" >&2
  fi
fi

# cycles where the PMU counts them, cpu-clock otherwise
if "$perf" stat -x, -e cycles true 2>&1 | grep -q '^[0-9]'; then
  event=${PERFASM_EVENT:-cycles}
else
  event=${PERFASM_EVENT:-cpu-clock}
  echo "perfasm.sh: no PMU (cycles <not supported>); sampling cpu-clock instead" >&2
fi

# one JMH fork under perfasm, through switchcost run (its results directory keeps perfasm's output in
# run.log); the forks find hsdis through LD_LIBRARY_PATH
LD_LIBRARY_PATH="$here/target/hsdis${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  scripts/switchcost run --full "$regex" -f 1 \
    -prof "perfasm:events=$event;${PERFASM_OPTS:-hotThreshold=0.005;top=40}" "$@"
