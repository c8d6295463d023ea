#!/usr/bin/env bash
# The forecast checked against servers nobody here wrote: Jetty 12 and Apache Tomcat 11 as shipped (from Maven Central,
# configured by their own modules and conf/), on platform threads and on virtual threads, serving three requests of one
# web application (scripts/studies/forecast/webapp/):
#   static   /file.txt, 1 KiB through the container's own DefaultServlet;
#   handoff  /handoff, the request waits for a downstream thread (a queue handoff): virtual threads should save;
#   pinned   /pinned, the same wait inside synchronized (request): on JDK 21 a virtual thread pins its carrier there.
# The servers run on JDK 21 (scripts/jdk21.sh), where pinning still happens; SERVER_JAVA chooses another.
#
# For each server and request:
#   (a) one platform-thread server recorded for the forecast, once warm: JFR with the handoff events at threshold 0
#       (pt.jfr), switchcost sample --pid over the same window (pt-sample), thread dumps (SIGQUIT, 10 a second: which
#       parks hold a monitor) in logs/record-server.log, every call of the JDK's blocking-call bracket (async-profiler's
#       instrumentation of jdk.internal.misc.Blocker.begin: blocking-calls.collapsed), the requests answered (units.txt);
#       then, as long again under the same load, async-profiler's CPU profile of the same server every 1 ms of CPU
#       (switch-path.collapsed, the requests answered in path-units.txt): the server's own CPU time per handoff in the
#       JVM's park, unpark and monitor code, which the forecast prices the handoffs with (--switch-path);
#   (b) one platform and one virtual server side by side, each in a cgroup of its own, warmed until the JIT compiler
#       threads are quiet; then PAIRS pairs of windows of DURATION s: with PAIRING=abba (the default) one server at a
#       time, P V V P P V ...; with PAIRING=duet both servers loaded in the same window, each at RATE, so that the
#       host's state in a window is the same for both (it did not narrow the interval, see docs/forecast-servers.md).
#       Each window: the server's CPU time from its cgroup (ns:
#       every thread, the ended ones too), the compiler threads' from schedstat, its threads' switches, and the
#       requests answered (runs/NN-POOL.proc, runs/NN-POOL.load.txt);
#   (c) switchcost forecast on (a) (--dumps names the parks that hold a monitor), and forecast-check
#       (scripts/studies/forecast/): cpu-per-request.tsv, verdict.md and summary.tsv; then OUT/table.md over all.
# The load is hey (Debian's package) at a fixed rate over LOAD_CONNECTIONS keep-alive HTTP/1.1 connections, pinned to
# CPU LOAD_CPU: its CPU is its own cgroup's, never the server's. (h2load 1.52 counts Tomcat's status line, which has no
# reason phrase, as a failure.)
#
# Run it on a QUIET machine, as root (the cgroups), as the only user, from a checkout: it measures a fresh clone of
# HEAD, built by scripts/studies/measure-lib.sh. Needs hey, curl, python3 with pip once (JDK 21), Maven Central once.
# About 6 minutes per server and request on 2 vCPUs with the defaults; 40 in all.
#
# usage: scripts/studies/measure-forecast.sh [OUT]              default OUT: docs/results/<today>-forecast
#        scripts/studies/measure-forecast.sh --verdict-only OUT  (c) again on OUT, with this checkout's build
# environment: SERVERS="jetty tomcat", WORKLOADS="static handoff pinned", RATE=1000 (requests/s), PAIRS=16, PAIRING=abba,
#              DURATION=5 (s per window), RECORD=20 (s recorded), WARMUP_MIN=10, WARMUP_MAX=150 (s), QUIET_STEPS=1 (5 s
#              steps in a row with the compiler at most 1 %), PORT=18080 (and the two above it),
#              LOAD_CPU=1, RECORD_ONLY=1 ((a) and its forecast only: to record again for a measurement made
#              before; copy pt.jfr, pt-sample/, units.txt and logs/record-server.log over, then --verdict-only),
#              COSTS=DIR (a run whose costs price the sample and the forecast; without it the study measures them
#              first on SERVER_JAVA, ten forks, about 2 minutes, in OUT/prices/), SERVER_JAVA, JETTY_VERSION,
#              TOMCAT_VERSION
# Exit 0: every window measured and every verdict made; 1: a window was no measurement or a forecast failed
# (verdict.md says which); 2: usage; 3: something missing here, one line naming the fix.
# The whole script is one block, read before any of it runs: an edit to the file during a run cannot change the run.
{
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
usage="usage: scripts/studies/measure-forecast.sh [OUT] | --verdict-only OUT   (env: SERVERS WORKLOADS RATE PAIRS DURATION RECORD WARMUP_MAX PORT LOAD_CPU RECORD_ONLY COSTS)"
verdict_only=0
case "${1:-}" in
    --verdict-only) verdict_only=1; [[ $# == 2 ]] || { echo "$usage" >&2; exit 2; }; out=$2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    -*) echo "$usage" >&2; exit 2 ;;
    *) [[ $# -le 1 ]] || { echo "$usage" >&2; exit 2; }; out=${1:-$(cd "$here/../.." && pwd)/docs/results/$(date -u +%F)-forecast} ;;
esac
SERVERS=${SERVERS:-jetty tomcat}; WORKLOADS=${WORKLOADS:-static handoff pinned}
RATE=${RATE:-1000}; PAIRS=${PAIRS:-16}; WINDOW=${DURATION:-5}; RECORD=${RECORD:-20}; WARMUP_MAX=${WARMUP_MAX:-150}
PORT=${PORT:-18080}; LOAD_CPU=${LOAD_CPU-1}; PAIRING=${PAIRING:-abba}; WARMUP_MIN=${WARMUP_MIN:-10}; QUIET_STEPS=${QUIET_STEPS:-1}
path_interval=1ms   # the switch path's profile: one sample a millisecond of CPU, a few percent of the server's CPU
[[ $PAIRING == duet || $PAIRING == abba ]] || { echo "measure-forecast: PAIRING is duet or abba, not '$PAIRING'" >&2; exit 2; }
for v in RATE PAIRS WINDOW RECORD WARMUP_MAX WARMUP_MIN QUIET_STEPS PORT; do
    [[ ${!v} =~ ^[1-9][0-9]*$ ]] || { echo "measure-forecast: ${v/WINDOW/DURATION} must be a positive whole number, not '${!v}'" >&2; exit 2; }
done
(( PAIRS >= 2 )) || { echo "measure-forecast: PAIRS must be at least 2 (an interval needs two pairs)" >&2; exit 2; }
for s in $SERVERS; do [[ $s == jetty || $s == tomcat ]] || { echo "measure-forecast: SERVERS holds jetty and tomcat, not '$s'" >&2; exit 2; }; done
for w in $WORKLOADS; do
    [[ $w == static || $w == handoff || $w == pinned ]] || { echo "measure-forecast: WORKLOADS holds static, handoff and pinned, not '$w'" >&2; exit 2; }
done
if [[ -n ${COSTS:-} ]]; then
    given=$COSTS
    COSTS=$(cd "$given" 2>/dev/null && pwd) || { echo "measure-forecast: COSTS=$given is not a directory; give a results directory" >&2; exit 2; }
    # checked before any measuring: a sample without its prices writes no placement mix, and the forecast then has none
    compgen -G "$COSTS/jmh*.json" > /dev/null || { echo "measure-forecast: COSTS=$COSTS holds no jmh.json; give a run's own directory$(
        d=$(ls -d "$COSTS"/*/ 2>/dev/null | head -1); [[ -n $d ]] && echo ", e.g. ${d%/}")" >&2; exit 2; }
fi
source "$here/measure-lib.sh"
source "$here/forecast/servers-lib.sh"
mkdir -p "$out" && M=$(cd "$out" && pwd)

declare -A path=([static]=/file.txt [handoff]=/handoff [pinned]=/pinned)
declare -A what=([static]="a 1 KiB static file (the container's DefaultServlet)"
                 [handoff]="a request that waits for a downstream thread (/handoff)"
                 [pinned]="the same wait inside synchronized (/pinned)")
pids=(); cgroups=(); dumper=""; sampler=""; work=""
cleanup() {
    local p c
    [[ -n $dumper ]] && kill "$dumper" 2>/dev/null
    [[ -n $sampler ]] && { kill -TERM "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null; }
    for p in "${pids[@]}" ${SERVER_PID:-}; do server_stop "$p"; done   # SERVER_PID: one still starting
    for c in "${cgroups[@]}"; do cg_drop "$c"; done
    [[ -n $work ]] && rm -rf "$work"
    [[ -n ${F:-} && $verdict_only == 0 ]] && rm -rf "$F"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# start POOL PORT LOG NAME: a server in a cgroup of its own; sets $pid and $cg
start() {
    cg=$(cg_make "switchcost-forecast-$4-$$") || exit 3
    cgroups+=("$cg")
    server_start "$base" "$1" "$2" "$3" "$cg" || exit 3
    pid=$SERVER_PID; pids+=("$pid")
}
stop() {
    server_stop "$1"
    pids=("${pids[@]/$1}")
}

# warm PID CGROUP PORT PATH NAME: load in 5 s steps until the JIT compiler threads took at most 1 % of the server's CPU
# in QUIET_STEPS steps in a row after WARMUP_MIN s, or WARMUP_MAX s, or the server answered under half the requests of
# a step (stalled); logs how long it took
warm() {
    local s=0 c0 c1 j0 j1 share=1 ok quiet=0
    while (( s < WARMUP_MAX )); do
        c0=$(cg_ns "$2"); j0=$(jit_ns "$1")
        load_run "$RATE" 5 "$3" "$4" "$work/warm.txt"
        c1=$(cg_ns "$2"); j1=$(jit_ns "$1")
        s=$((s + 5))
        ok=$(answered "$work/warm.txt")
        if (( ok < RATE * 5 / 2 )); then
            log "$5: stalled during the warm-up: $ok requests answered in the last 5 s of load"
            return 0
        fi
        share=$(awk -v j=$((j1 - j0)) -v c=$((c1 - c0)) 'BEGIN {printf "%.4f", (c > 0 ? j / c : 1)}')
        if awk -v x="$share" 'BEGIN {exit !(x <= 0.01)}'; then quiet=$((quiet + 1)); else quiet=0; fi
        (( s >= WARMUP_MIN && quiet >= QUIET_STEPS )) && break
    done
    log "$5: warm after $s s of load (the compiler threads' share of the last 5 s: $share)"
}

# answered FILE: the 2xx responses in a load generator's output (hey's "[2xx] N responses" lines)
answered() {
    awk '/^[ \t]*\[2[0-9][0-9]\]/ {n += $2} END {print n + 0}' "$1"
}

# readings PID CGROUP TABLE: "cpu_ns jit_ns" of a server now; its threads' switches into the file TABLE
readings() {
    proc_switch_table "$1" > "$3"
    echo "$(cg_ns "$2") $(jit_ns "$1")"
}

# record N POOL PID BEFORE AFTER DIR TABLE: one measured window's readings into DIR/runs/NN-POOL.proc (its load is in
# NN-POOL.load.txt), the switches since TABLE over the threads alive at the end (threads_ended: those that took theirs
# with them); a window with unanswered requests gets the server's threads dumped, once per server
record() {
    local id b a sw
    id=$(printf '%02d-%s' "$1" "$2")
    read -r -a b <<< "$4"; read -r -a a <<< "$5"; read -r -a sw < <(switches_since "$7" "$3")
    printf 'pool=%s\nrate=%s\ncpu_ns=%s\njit_ns=%s\nvoluntary=%s\ninvoluntary=%s\nthreads_ended=%s\ncarriers=%s\n' "$2" "$RATE" \
        $((a[0] - b[0])) $((a[1] - b[1])) "${sw[0]}" "${sw[1]}" "${sw[2]}" "$(proc_carriers "$3")" > "$6/runs/$id.proc"
    if grep -q '^Error distribution' "$6/runs/$id.load.txt" || (( $(answered "$6/runs/$id.load.txt") == 0 )); then
        if [[ ! -f $6/logs/$2-stalled-threads.json ]]; then
            "$(dirname "$SERVER_JAVA")/jcmd" "$3" Thread.print -l > "$6/logs/$2-stalled-threads.txt" 2>&1
            "$(dirname "$SERVER_JAVA")/jcmd" "$3" Thread.dump_to_file -format=json "$6/logs/$2-stalled-threads.json" > /dev/null 2>&1
        fi
        log "window $id: $(answered "$6/runs/$id.load.txt") answered, errors from the load generator; the server's first stall is in logs/$2-stalled-threads.{txt,json}"
    fi
}

# window N POOL PID CGROUP PORT PATH DIR (PAIRING=abba): one server loaded, the other idle
window() {
    local b
    b=$(readings "$3" "$4" "$work/switches-$2")
    load_run "$RATE" "$WINDOW" "$5" "$6" "$7/runs/$(printf '%02d-%s' "$1" "$2").load.txt"
    record "$1" "$2" "$3" "$b" "$(cg_ns "$4") $(jit_ns "$3")" "$7" "$work/switches-$2"
}

# duet N PATH DIR (PAIRING=duet): both servers loaded in the same window, each at RATE, so that whatever the host
# does in that window it does to both (duet benchmarking); uses $pp $pc $vp $vc
duet() {
    local bp bv lp lv
    bp=$(readings "$pp" "$pc" "$work/switches-platform"); bv=$(readings "$vp" "$vc" "$work/switches-virtual")
    load_run "$RATE" "$WINDOW" "$PORT" "$2" "$3/runs/$(printf '%02d' "$1")-platform.load.txt" & lp=$!
    load_run "$RATE" "$WINDOW" $((PORT + 1)) "$2" "$3/runs/$(printf '%02d' "$1")-virtual.load.txt" & lv=$!
    wait "$lp" "$lv"
    record "$1" platform "$pp" "$bp" "$(cg_ns "$pc") $(jit_ns "$pp")" "$3" "$work/switches-platform"
    record "$1" virtual "$vp" "$bv" "$(cg_ns "$vc") $(jit_ns "$vp")" "$3" "$work/switches-virtual"
}

# (c): the forecast and the check for one server and request, in D; returns 0, 1 (a window or the forecast failed) or 3
check() {
    local D=$1 title=$2 why="" failed=0 rc
    local args=(--jfr "$D/pt.jfr" --units "$(cat "$D/units.txt" 2>/dev/null)" --json "$D/forecast.json")
    [[ -d $D/pt-sample ]] && args+=(--sample "$D/pt-sample")
    [[ -f $D/logs/record-server.log ]] && args+=(--dumps "$D/logs/record-server.log")
    [[ -f $D/blocking-calls.collapsed ]] && args+=(--blocking-calls "$D/blocking-calls.collapsed")
    [[ -f $D/switch-path.collapsed && -s $D/path-units.txt ]] && args+=(--switch-path "$D/switch-path.collapsed"
        --switch-path-units "$(cat "$D/path-units.txt")" --switch-path-interval "$path_interval")
    [[ -n ${COSTS:-} ]] && args+=(--costs "$COSTS")
    log "forecast: switchcost forecast ${args[*]}"
    rm -f "$D/forecast.json"
    timeout 300 scripts/switchcost forecast "${args[@]}" > "$D/forecast.txt" 2>&1
    rc=$?
    [[ $rc == 0 ]] || { why="switchcost forecast exited $rc (see forecast.txt)"; failed=1; log "$why"; }
    "$java_bin" -cp "$classes:target/benchmarks.jar" dev.switchcost.cli.ForecastCheckCommand "$D" --title "$title" ${why:+--no-forecast "$why"}
    rc=$?
    [[ $rc == 0 && $failed == 1 ]] && return 1
    return $rc
}

# forecast-check reads this harness's windows: this study's own Java (scripts/studies/forecast/), compiled against the jar
check_all() {
    local s w rc=0 r
    java_bin=$(java -cp target/benchmarks.jar dev.switchcost.launch.JdkPolicy builder) || return 3
    classes=$(mktemp -d) || return 3
    work=$classes
    "$(dirname "$java_bin")/javac" --release 21 -cp target/benchmarks.jar -d "$classes" "$here"/forecast/*.java || return 3
    for s in $SERVERS; do
        for w in $WORKLOADS; do
            [[ -d $M/$s-$w/runs ]] || continue
            check "$M/$s-$w" "$(title "$s" "$w")"; r=$?
            (( r > rc )) && rc=$r
        done
    done
    "$java_bin" -cp "$classes:target/benchmarks.jar" dev.switchcost.cli.ForecastCheckCommand --table "$M" || rc=3
    return $rc
}

title() {
    local v=$JETTY_VERSION; [[ $1 == tomcat ]] && v=$TOMCAT_VERSION
    echo "${1^} $v on $("${SERVER_JAVA:-java}" -version 2>&1 | head -1 | sed 's/^[^"]*"\([^"]*\)".*/JDK \1/'), ${what[$2]}, $RATE requests/s over $LOAD_CONNECTIONS connections (hey)"
}

if [[ $verdict_only == 1 ]]; then
    cd "$here/../.." || exit 3
    SERVER_JAVA=${SERVER_JAVA:-$(scripts/jdk21.sh)} || exit 3
    ls -d "$M"/*-*/runs > /dev/null 2>&1 || { echo "measure-forecast: $M has no SERVER-REQUEST/runs/: give the OUT of a finished measurement" >&2; exit 2; }
    if [[ -z ${COSTS:-} ]] && compgen -G "$M/prices/*/jmh*.json" > /dev/null; then
        COSTS=$(ls -d "$M"/prices/*/ | tail -1); COSTS=${COSTS%/}   # the prices the measurement took
    fi
    check_all; exit $?
fi

command -v hey > /dev/null || { echo "measure-forecast: hey not found; install it: apt-get install hey" >&2; exit 3; }
command -v curl > /dev/null || { echo "measure-forecast: curl not found; install it: apt-get install curl" >&2; exit 3; }
measure_start
measure_build -Dmaven.test.skip=true
SERVER_JAVA=${SERVER_JAVA:-$(scripts/jdk21.sh)} || exit 3
JAVAC=$(dirname "$(java -cp target/benchmarks.jar dev.switchcost.launch.JdkPolicy builder)")/javac
SERVER_JVM_ARGS="-Xms512m -Xmx512m"
asprof=target/async-profiler/linux-x64/libasyncProfiler.so   # the build's, for the blocking calls
[[ -f $asprof ]] || { log "no $asprof after the build"; exit 3; }
if [[ -z ${COSTS:-} ]]; then
    # the prices, on the servers' JDK, ten forks: CPU time per switch on one CPU, across two, virtual, and a virtual start
    mapfile -t price_args < <("$SERVER_JAVA" -cp target/benchmarks.jar dev.switchcost.derive.SwitchPrices)
    log "prices: scripts/switchcost run --jdk $SERVER_JAVA -f 10 -wi 2 -i 5 -w 300ms -r 300ms ${price_args[*]}"
    scripts/switchcost run --jdk "$SERVER_JAVA" -o "$M/prices" --no-history -f 10 -wi 2 -i 5 -w 300ms -r 300ms "${price_args[@]}" \
        > "$M/prices.txt" 2>&1 || { log "the prices run failed: see $M/prices.txt"; exit 3; }
    COSTS=$(ls -d "$M"/prices/*/ | tail -1); COSTS=${COSTS%/}
fi
jfc=$M/handoffs.jfc   # the forecast's own settings: the events it reads, at threshold 0
scripts/switchcost forecast --print-jfc > "$jfc" || { log "switchcost forecast --print-jfc failed"; exit 3; }
log "$("$SERVER_JAVA" -version 2>&1 | head -1); hey $(dpkg-query -W -f '${Version}' hey 2>/dev/null); RATE=$RATE PAIRS=$PAIRS DURATION=$WINDOW PAIRING=$PAIRING RECORD=$RECORD LOAD_CPU=$LOAD_CPU"

for SERVER in $SERVERS; do
    server_home || exit 3
    base=$(mktemp -d); work=$base
    server_base "$base" || exit 3
    for w in $WORKLOADS; do
        D=$M/$SERVER-$w; p=${path[$w]}
        mkdir -p "$D/runs" "$D/logs"
        log "== $(title "$SERVER" "$w")"
        # (a) the recorded platform server
        start platform "$PORT" "$D/logs/record-server.log" record
        warm "$pid" "$cg" "$PORT" "$p" "record"
        timeout 30 "$(dirname "$SERVER_JAVA")/jcmd" "$pid" JFR.start name=forecast settings="$jfc" > "$D/logs/jfr-start.txt" 2>&1 \
            || { log "jcmd JFR.start failed: see $D/logs/jfr-start.txt"; exit 3; }
        # every call of the JDK's blocking-call bracket over the same load: the calls that would block a carrier
        timeout 30 "$(dirname "$SERVER_JAVA")/jcmd" "$pid" JVMTI.agent_load "$PWD/$asprof" \
            "\"start,event=jdk.internal.misc.Blocker.begin,threads\"" > "$D/logs/blocking-calls.txt" 2>&1 \
            || { log "async-profiler did not start: see $D/logs/blocking-calls.txt"; exit 3; }
        timeout $((RECORD + 120)) scripts/switchcost sample -o "$D/pt-sample" ${COSTS:+--costs "$COSTS"} --pid "$pid" --interval 500ms > "$D/pt-sample.txt" 2>&1 &
        sampler=$!
        for i in $(seq 1 60); do
            grep -q '^ *[0-9]' "$D/pt-sample.txt" 2>/dev/null && break   # its first row: sampling has begun
            kill -0 "$sampler" 2>/dev/null || break
            sleep 0.5
        done
        (while kill -QUIT "$pid" 2>/dev/null; do sleep 0.1; done) &
        dumper=$!
        load_run "$RATE" "$RECORD" "$PORT" "$p" "$D/pt-record.load.txt"
        kill "$dumper" 2>/dev/null; wait "$dumper" 2>/dev/null; dumper=""
        kill -TERM "$sampler" 2>/dev/null
        timeout 30 "$(dirname "$SERVER_JAVA")/jcmd" "$pid" JVMTI.agent_load "$PWD/$asprof" \
            "\"stop,sig,collapsed,file=$D/blocking-calls.collapsed\"" >> "$D/logs/blocking-calls.txt" 2>&1 \
            || { log "async-profiler did not stop: see $D/logs/blocking-calls.txt"; exit 3; }
        timeout 60 "$(dirname "$SERVER_JAVA")/jcmd" "$pid" JFR.stop name=forecast filename="$D/pt.jfr" > "$D/logs/jfr-stop.txt" 2>&1 \
            || { log "jcmd JFR.stop failed: see $D/logs/jfr-stop.txt"; exit 3; }
        wait "$sampler"; sampler=""
        answered "$D/pt-record.load.txt" > "$D/units.txt"
        log "recorded: $(cat "$D/units.txt") requests, pt.jfr $(du -h "$D/pt.jfr" | cut -f1), $(grep -c '^Full thread dump' "$D/logs/record-server.log") thread dumps"
        # the server's own switch path: its CPU profile over as long again under the same load (async-profiler counted
        # the blocking calls over the recording's window, and runs one session at a time)
        timeout 30 "$(dirname "$SERVER_JAVA")/jcmd" "$pid" JVMTI.agent_load "$PWD/$asprof" \
            "\"start,event=cpu,interval=$path_interval\"" > "$D/logs/switch-path.txt" 2>&1 \
            || { log "async-profiler did not start: see $D/logs/switch-path.txt"; exit 3; }
        load_run "$RATE" "$RECORD" "$PORT" "$p" "$D/pt-path.load.txt"
        timeout 60 "$(dirname "$SERVER_JAVA")/jcmd" "$pid" JVMTI.agent_load "$PWD/$asprof" \
            "\"stop,collapsed,file=$D/switch-path.collapsed\"" >> "$D/logs/switch-path.txt" 2>&1 \
            || { log "async-profiler did not stop: see $D/logs/switch-path.txt"; exit 3; }
        answered "$D/pt-path.load.txt" > "$D/path-units.txt"
        log "profiled: $(cat "$D/path-units.txt") requests, every $path_interval of CPU"
        stop "$pid"
        [[ -n ${RECORD_ONLY:-} ]] && continue
        # (b) the measured pair, side by side
        start platform "$PORT" "$D/logs/platform-server.log" platform; pp=$pid; pc=$cg
        start virtual $((PORT + 1)) "$D/logs/virtual-server.log" virtual; vp=$pid; vc=$cg
        warm "$pp" "$pc" "$PORT" "$p" platform
        warm "$vp" "$vc" $((PORT + 1)) "$p" virtual
        n=0
        for k in $(seq 1 "$PAIRS"); do
            if [[ $PAIRING == duet ]]; then
                duet "$k" "$p" "$D"; n=$((n + 2)); continue
            fi
            order="platform virtual"; (( k % 2 == 0 )) && order="virtual platform"
            for pool in $order; do
                n=$((n + 1))
                if [[ $pool == platform ]]; then window "$n" platform "$pp" "$pc" "$PORT" "$p" "$D"
                else window "$n" virtual "$vp" "$vc" $((PORT + 1)) "$p" "$D"; fi
            done
        done
        log "measured $n windows ($PAIRING)"
        stop "$pp"; stop "$vp"
        for c in "${cgroups[@]}"; do cg_drop "$c"; done; cgroups=()
    done
    rm -rf "$base"; work=""
done

check_all; rc=$?
measure_end 'start.jar|Bootstrap|hey'
exit $rc
}
