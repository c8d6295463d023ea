#!/usr/bin/env bash
# Where a server's CPU per request goes on platform and on virtual threads, frame by frame: for a forecast that misses,
# the code the virtual-thread server runs more of. One server and request of scripts/studies/measure-forecast.sh (the
# same servers, web application and load), in four runs P V V P: each warmed under the load for WARMUP s, then
# async-profiler (the build's libasyncProfiler.so, attached with jcmd) samples the whole server's CPU (event cpu,
# perf's software clock: no PMU needed) every INTERVAL over WINDOW s of the same load. Then
# scripts/studies/forecast/profile-diff.py gives each frame's CPU per request on both and the frames the virtual-thread
# server runs more of (OUT/diff.txt). The profiler's own cost raises every figure alike (compare the totals with the
# study's windows, which run without it); the differences are what to read.
#
# Run it on a QUIET machine, as root, from a checkout built with mvn package. Needs hey, curl, python3, JDK 21
# (scripts/jdk21.sh) and a JDK's jcmd (the JDK that runs this checkout's switchcost).
# About 10 minutes with the defaults.
#
# With EVENT=a Java method (package.Class.method) it counts every call of that method instead (async-profiler's
# instrumentation, stacks with method signatures), in the runs POOLS names, and makes no diff: how the forecast's
# blocking calls were counted (EVENT=jdk.internal.misc.Blocker.begin) and how often the virtual-thread servers' carriers
# woke one another (EVENT=java.util.concurrent.locks.LockSupport.unpark POOLS=virtual).
#
# usage: scripts/studies/profile-forecast-miss.sh OUT
# environment: SERVER=tomcat, WORKLOAD=static (static, handoff or pinned), RATE=1000, WARMUP=90, WINDOW=30 (s),
#              INTERVAL=250us, PORT=18080, LOAD_CPU=1, EVENT=cpu, POOLS="platform virtual virtual platform"
# Exit 0: four profiles and the diff (or the counts); 2: usage; 3: something missing here, one line naming the fix.
{
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[[ $# == 1 && $1 != -* ]] || { echo "usage: scripts/studies/profile-forecast-miss.sh OUT   (env: SERVER WORKLOAD RATE WARMUP WINDOW INTERVAL PORT LOAD_CPU)" >&2; exit 2; }
out=$1
export SERVER=${SERVER:-tomcat}; WORKLOAD=${WORKLOAD:-static}; RATE=${RATE:-1000}; WARMUP=${WARMUP:-90}; WINDOW=${WINDOW:-30}
INTERVAL=${INTERVAL:-250us}; PORT=${PORT:-18080}; export LOAD_CPU=${LOAD_CPU-1}
EVENT=${EVENT:-cpu}; POOLS=${POOLS:-platform virtual virtual platform}
[[ $EVENT == cpu || $EVENT =~ ^[a-z][A-Za-z0-9_.]*\.[A-Z][A-Za-z0-9_$]*\.[a-z][A-Za-z0-9_]*$ ]] \
    || { echo "profile-forecast-miss: EVENT is cpu or a Java method (package.Class.method), not '$EVENT'" >&2; exit 2; }
for p in $POOLS; do [[ $p == platform || $p == virtual ]] || { echo "profile-forecast-miss: POOLS holds platform and virtual, not '$p'" >&2; exit 2; }; done
start="start,event=cpu,interval=$INTERVAL"; stop="stop,collapsed"
[[ $EVENT == cpu ]] || { start="start,event=$EVENT,threads"; stop="stop,sig,collapsed"; }
declare -A path=([static]=/file.txt [handoff]=/handoff [pinned]=/pinned)
[[ -n ${path[$WORKLOAD]:-} ]] || { echo "profile-forecast-miss: WORKLOAD is static, handoff or pinned, not '$WORKLOAD'" >&2; exit 2; }
for v in RATE WARMUP WINDOW PORT; do
    [[ ${!v} =~ ^[1-9][0-9]*$ ]] || { echo "profile-forecast-miss: $v must be a positive whole number, not '${!v}'" >&2; exit 2; }
done
[[ $INTERVAL =~ ^[1-9][0-9]*us$ ]] || { echo "profile-forecast-miss: INTERVAL is microseconds, such as 250us, not '$INTERVAL'" >&2; exit 2; }
cd "$here/../.." || exit 3
lib=$PWD/target/async-profiler/linux-x64/libasyncProfiler.so
[[ -f $lib ]] || { echo "profile-forecast-miss: no $lib: run mvn package first" >&2; exit 3; }
for c in hey curl python3; do command -v $c > /dev/null || { echo "profile-forecast-miss: $c not found; install it (apt-get install $c)" >&2; exit 3; }; done
java_bin=$(java -cp target/benchmarks.jar dev.switchcost.launch.JdkPolicy builder) || exit 3
jcmd=$(dirname "$java_bin")/jcmd; JAVAC=$(dirname "$java_bin")/javac
SERVER_JAVA=$(scripts/jdk21.sh) || exit 3
export SERVER_JAVA JAVAC
source "$here/forecast/servers-lib.sh"
mkdir -p "$out" && O=$(cd "$out" && pwd)
base=$(mktemp -d); SERVER_PID=""
trap '[[ -n $SERVER_PID ]] && server_stop "$SERVER_PID"; rm -rf "$base"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
server_home || exit 3
server_base "$base" > /dev/null || exit 3
SERVER_JVM_ARGS="-Xms512m -Xmx512m"
what="every $INTERVAL"; [[ $EVENT == cpu ]] || what="counting every call of $EVENT"
echo "$SERVER ${path[$WORKLOAD]} on $("$SERVER_JAVA" -version 2>&1 | head -1), $RATE requests/s, warm-up $WARMUP s, profiled $WINDOW s $what; $(date -u +%FT%TZ)" | tee "$O/settings.txt"
n=0
for pool in $POOLS; do
    n=$((n + 1)); id=$n-$pool
    server_start "$base" "$pool" "$PORT" "$O/$id.server.log" || exit 3
    load_run "$RATE" "$WARMUP" "$PORT" "${path[$WORKLOAD]}" "$O/$id.warm.txt"
    # jcmd splits an unquoted argument at commas: the profiler's options go in quotes of their own
    "$jcmd" "$SERVER_PID" JVMTI.agent_load "$lib" "\"$start\"" > "$O/$id.jcmd.txt" 2>&1 \
        || { echo "profile-forecast-miss: jcmd could not start the profiler: see $O/$id.jcmd.txt" >&2; exit 3; }
    load_run "$RATE" "$WINDOW" "$PORT" "${path[$WORKLOAD]}" "$O/$id.load.txt"
    "$jcmd" "$SERVER_PID" JVMTI.agent_load "$lib" "\"$stop,file=$O/$id.collapsed\"" >> "$O/$id.jcmd.txt" 2>&1
    server_stop "$SERVER_PID"; SERVER_PID=""
    [[ -s $O/$id.collapsed ]] || { echo "profile-forecast-miss: no profile from run $id: see $O/$id.jcmd.txt" >&2; exit 3; }
    echo "$id: $(awk '/^[ \t]*\[2[0-9][0-9]\]/ {n += $2} END {print n + 0}' "$O/$id.load.txt") requests answered while profiled"
done
[[ $EVENT == cpu ]] || exit 0
python3 "$here/forecast/profile-diff.py" "${INTERVAL%us}" "$O" > "$O/diff.txt.part" || { rm -f "$O/diff.txt.part"; exit 3; }
mv "$O/diff.txt.part" "$O/diff.txt"
cat "$O/diff.txt"
exit 0
}
