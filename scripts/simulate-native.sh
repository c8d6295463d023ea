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
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case "${1:-}" in
  -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
out_dir=
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    -o|--output)
      [[ $# -ge 2 ]] || { echo "simulate-native: $1 needs a directory" >&2; exit 2; }
      out_dir=$2; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
if ! command -v valgrind >/dev/null 2>&1; then
  echo "simulate-native: valgrind not on PATH (install valgrind): nothing simulated" >&2
  exit 3
fi
if ! built=$("$here/scripts/build-native.sh" 2>&1 >/dev/null); then
  echo "$built" >&2
  exit 3
fi
jar="$here/target/benchmarks.jar"
if [[ ! -f "$jar" ]]; then
  echo "simulate-native: $jar not found; build it first: mvn -B package -Dmaven.test.skip=true" >&2
  exit 2
fi
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/java}"
java_bin="${java_bin:-$(command -v java || true)}"
[[ -n "$java_bin" ]] || { echo "simulate-native: no java on PATH and JAVA_HOME is not set; install a JDK 21+" >&2; exit 3; }
# The classes need Java 21+: on an older java, the newest JDK 21+ that JdkPolicy (loads on any java) finds.
feature=$("$java_bin" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
if [[ "${feature:-0}" -lt 21 ]]; then
  home=$("$java_bin" -cp "$jar" dev.switchcost.launch.JdkPolicy list 2>/dev/null \
    | awk -F'\t' '{ split($1, v, "."); if (v[1] + 0 >= 21) { print $2; exit } }')
  [[ -n "$home" ]] || { echo "simulate-native: $java_bin is Java $feature and no JDK 21+ was found; set JAVA_HOME to one" >&2; exit 3; }
  java_bin="$home/bin/java"
fi
if [[ -z "$out_dir" ]]; then
  exec "$java_bin" -cp "$jar" dev.switchcost.cli.SimulateNativeMain --native-dir "$here/target/native" ${args[@]+"${args[@]}"}
fi
mkdir -p "$out_dir" || { echo "simulate-native: cannot create $out_dir" >&2; exit 3; }
tmp=$(mktemp "$out_dir/.simulated.jsonl.XXXXXX") || { echo "simulate-native: cannot write into $out_dir" >&2; exit 3; }
trap 'rm -f "$tmp"' EXIT
chmod 0644 "$tmp"
"$java_bin" -cp "$jar" dev.switchcost.cli.SimulateNativeMain --native-dir "$here/target/native" ${args[@]+"${args[@]}"} > "$tmp"
sync "$tmp" 2>/dev/null || true
mv "$tmp" "$out_dir/simulated.jsonl"
trap - EXIT
echo "simulate-native: wrote $out_dir/simulated.jsonl" >&2
