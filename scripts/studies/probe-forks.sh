#!/usr/bin/env bash
# One line per probe: what each fork of a trial took (s) and its measured iterations (ns/op), with switchcost's profilers
# as a run has them, and JVM flags of the probe's own prepended to the forks'. For the warm-up studies of docs/warm-up.md.
# A build since 11881d29 gives every fork the early-compile flags (ForkOptions.COMPILE_EARLY) itself: there EARLY=1 only
# adds EARLY_FLAGS. EARLY=1 without EARLY_FLAGS prepends the flags as 11881d29 has them, for a build from before them
# (the 2026-11-29f probes). Nothing else may run meanwhile.
#   EARLY=1 scripts/studies/probe-forks.sh LABEL 'ParkUnparkPingPong.roundTrip_park$' -p placement=SAME_CPU -p wait=UNTIMED \
#       -f 4 -wi 3 -w 100ms -i 2 -r 300ms
# Needs ts (moreutils). EARLY_FLAGS overrides the flags (e.g. to scale the whole measure.workload package).
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
java_bin=$(java -cp "$here/target/benchmarks.jar" dev.switchcost.launch.JdkPolicy builder)
label=$1; shift
profilers=()
for p in ContextSwitchProfiler PairedWalkProfiler InterferenceProfiler CompilerSettleProfiler; do
    profilers+=(-prof "dev.switchcost.measure.jmh.$p")
done
early=()
if [[ ${EARLY:-0} == 1 ]]; then
    early=(-jvmArgsPrepend "${EARLY_FLAGS:--XX:CompileCommand=quiet -XX:CompileCommand=CompileThresholdScaling,*_jmhTest::*_jmhStub,0.05 -XX:CompileCommand=CompileThresholdScaling,dev.switchcost.measure.workload.PingPong::partnerLoop,0.05}")
fi
out=$(mktemp); trap 'rm -f "$out"' EXIT
"$java_bin" --enable-native-access=ALL-UNNAMED -jar "$here/target/benchmarks.jar" "$@" "${profilers[@]}" "${early[@]}" 2>&1 \
    | ts -s "%.s" > "$out"
awk -v l="$label" '/# Fork:/ {if (s) d=d sprintf("%.2f ", $1-s); s=$1} /Result "/ && !e {e=$1}
    /^[0-9.]+ Iteration +[0-9]+:/ {v[n++]=$4; sum+=$4}
    END {d=d sprintf("%.2f", e-s); printf "%-28s forks (s): %s | mean %.0f | iterations:", l, d, sum/n; for (i=0;i<n;i++) printf " %.0f", v[i]; print ""}' "$out"
