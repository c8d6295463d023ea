#!/usr/bin/env bash
# JMH perfasm report of one benchmark, with disassembly, saved under results/.
#
#   scripts/perfasm.sh <benchmark-regex> [extra JMH args...]
#   (java: $JAVA_HOME/bin/java, else java on the PATH; SWITCHCOST_JAVA_OPTS adds host JVM options,
#   e.g. -Djmh.ignoreLock=true, and needs that java to be 21+ so the launcher does not re-run)
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
# - Runs one fork (-f 1; later -f in the extra args wins), saves the console output, the annotated
#   assembly log and JMH's JSON under results/perfasm-<regex>-<yyyyMMdd-HHmmss>/.
# - Without hsdis (no gcc or no libcapstone-dev) the run still happens: perfasm prints hot regions
#   as hex, and this script says how to get disassembly.
set -euo pipefail

usage() { echo "usage: scripts/perfasm.sh <benchmark-regex> [extra JMH args...]" >&2; exit 2; }
[[ $# -ge 1 && "$1" != -* ]] || usage
regex=$1; shift

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
jar=target/benchmarks.jar
[[ -f $jar ]] || { echo "perfasm.sh: $jar not found; build it first: mvn -B package -DskipTests" >&2; exit 3; }

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

safe=$(printf '%s' "$regex" | tr -c 'A-Za-z0-9._-' '_')
out=results/perfasm-$safe-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
{
  echo "# perfasm.sh $regex $*"
  echo "# event: $event; hsdis: $([[ -f $lib ]] && echo "$here/$lib" || echo none)"
  echo "# $(uname -srm); perf: $("$perf" --version)"
} > "$out/README.txt"

echo "perfasm.sh: output in $out/" >&2
set +e
LD_LIBRARY_PATH="$here/target/hsdis${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  "${JAVA_HOME:+$JAVA_HOME/bin/}java" ${SWITCHCOST_JAVA_OPTS:-} -jar "$jar" "$regex" -f 1 \
    -prof "perfasm:events=$event;saveLog=true;saveLogTo=$out;${PERFASM_OPTS:-hotThreshold=0.005;top=40}" \
    -rf json -rff "$out/jmh.json" "$@" 2>&1 | tee "$out/perfasm.txt"
rc=${PIPESTATUS[0]}
set -e
if [[ -n $hsdis_note ]]; then
  echo "perfasm.sh: $hsdis_note" | tee -a "$out/README.txt" >&2
elif grep -q "hsdis" "$out/perfasm.txt" && grep -qi "could not load hsdis\|PrintAssembly is enabled.*hsdis" "$out/perfasm.txt"; then
  echo "perfasm.sh: the JVM did not load $lib; hot regions are hex only" >&2
fi
echo "perfasm.sh: saved $out/perfasm.txt (console), $out/*.log (annotated assembly), $out/jmh.json" >&2
exit "$rc"
