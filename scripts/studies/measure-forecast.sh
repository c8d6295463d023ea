#!/usr/bin/env bash
# The forecast checked against a real server: Jetty 12 as shipped (jetty-home from Maven Central,
# configured by its own modules) serving a 1 KiB static file through its DefaultServlet, on platform threads (module
# threadpool) and on virtual threads (module threadpool-virtual), on the JDK switchcost's policy picks
# (JdkPolicy builder), under h2load at a fixed request rate. See docs/forecast.md for the design.
#
#   (a) one platform-thread run recorded for the forecast: JFR with the handoff events at threshold 0 (pt.jfr),
#       switchcost sample --pid over the same window (pt-sample), the requests it answered (units.txt);
#   (b) REPS measured runs of each pool, interleaved (platform, virtual, platform, ...), unrecorded, each a fresh server,
#       WARMUP s of load, then DURATION s measured: the server's own utime+stime and its threads' switches from /proc,
#       the requests answered from h2load (runs/NN-POOL.proc, runs/NN-POOL.h2load.txt);
#   (c) forecast-check (scripts/studies/forecast/, this study's Java, compiled against the jar): cpu-per-request.tsv and the change platform -> virtual with its 99.9 % interval
#       between pairs (results/Estimate);
#   (d) switchcost forecast on (a), when the build has the command (else it prints the command it would run), and
#       verdict.md: whether the measured change lies inside the forecast's interval.
#
# Run it on a QUIET machine, as the only user, from a checkout (it measures a fresh clone of HEAD, built by
# scripts/studies/measure-lib.sh). Needs h2load (Debian: apt-get install nghttp2-client), curl, and Maven Central once.
# Takes about 8 minutes on 2 vCPUs with the defaults (build ~1.5 min, recorded run ~40 s, 10 runs x ~35 s).
#
# usage: scripts/studies/measure-forecast.sh [OUT]              default OUT: docs/results/<today>-forecast
#        scripts/studies/measure-forecast.sh --verdict-only OUT  (c) and (d) again on OUT, with this checkout's build
# environment: RATE=1000 (requests/s in all), REPS=5, DURATION=20 (s measured per run), WARMUP=10, PORT=18080,
#              JETTY_VERSION=12.1.12, COSTS=DIR (results whose costs price the sample and the forecast)
# Exit 0: every run measured and a verdict; 1: a run was no measurement (verdict.md says which); 2: usage;
# 3: something missing here (h2load, Jetty's download, the forecast command), one line naming the fix.
# The whole script is one block, read before any of it runs: an edit to the file during a run cannot change the run.
{
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
usage="usage: scripts/studies/measure-forecast.sh [OUT] | --verdict-only OUT   (env: RATE REPS DURATION WARMUP PORT)"
verdict_only=0
case "${1:-}" in
    --verdict-only) verdict_only=1; [[ $# == 2 ]] || { echo "$usage" >&2; exit 2; }; out=$2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    -*) echo "$usage" >&2; exit 2 ;;
    *) [[ $# -le 1 ]] || { echo "$usage" >&2; exit 2; }; out=${1:-$(cd "$here/.." && pwd)/docs/results/$(date -u +%F)-forecast} ;;
esac
RATE=${RATE:-1000}; REPS=${REPS:-5}; SECONDS_RUN=${DURATION:-20}; WARMUP=${WARMUP:-10}; PORT=${PORT:-18080}
for v in RATE REPS SECONDS_RUN WARMUP PORT; do  # SECONDS_RUN: bash owns SECONDS
    [[ ${!v} =~ ^[1-9][0-9]*$ ]] || { echo "measure-forecast: $v must be a positive whole number, not '${!v}'" >&2; exit 2; }
done
(( REPS >= 2 )) || { echo "measure-forecast: REPS must be at least 2 (an interval needs two pairs)" >&2; exit 2; }
if [[ -n ${COSTS:-} ]]; then
    COSTS=$(cd "$COSTS" 2>/dev/null && pwd) || { echo "measure-forecast: COSTS=${COSTS} is not a directory; give a results directory" >&2; exit 2; }
fi
source "$here/measure-lib.sh"
source "$here/forecast/jetty-lib.sh"
mkdir -p "$out" && M=$(cd "$out" && pwd)

server=""; sampler=""; work=""; JETTY_PID=""
cleanup() {
    [[ -n $sampler ]] && { kill -TERM "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null; }
    [[ -n $server ]] && jetty_stop "$server"
    # a server still starting when the run was ended: jetty_start has its pid, the script not yet
    [[ -n $JETTY_PID && $JETTY_PID != "$server" ]] && jetty_stop "$JETTY_PID"
    [[ -n $work ]] && rm -rf "$work"
    [[ -n ${F:-} && $verdict_only == 0 ]] && rm -rf "$F"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

title="Jetty $JETTY_VERSION, a 1 KiB static file (DefaultServlet), $RATE requests/s over $LOAD_CONNECTIONS connections (h2load)"

# (d): the forecast (if this build has the command), then the check; returns the script's exit code
check() {
    local why="" failed=0 rc
    local args=(--jfr "$M/pt.jfr" --units "$(cat "$M/units.txt" 2>/dev/null)" --json "$M/forecast.json")
    [[ -d $M/pt-sample ]] && args+=(--sample "$M/pt-sample")
    [[ -n ${COSTS:-} ]] && args+=(--costs "$COSTS")
    # (switchcost forecast --help exits 0 with the main help when there is no such command; help forecast does not)
    if scripts/switchcost help forecast > /dev/null 2>&1; then
        log "forecast: switchcost forecast ${args[*]}"
        rm -f "$M/forecast.json"
        timeout 300 scripts/switchcost forecast "${args[@]}" > "$M/forecast.txt" 2>&1
        rc=$?
        if [[ $rc != 0 ]]; then
            why="switchcost forecast exited $rc (see forecast.txt)"; failed=1; log "$why"
        fi
    else
        why="this build has no switchcost forecast; it would run: switchcost forecast ${args[*]}"
        log "$why"
    fi
    # forecast-check reads this harness's runs: this study's own Java (scripts/studies/forecast/), not in the jar,
    # compiled against it into a temporary directory
    local java_bin classes
    java_bin=$(java -cp target/benchmarks.jar dev.switchcost.launch.JdkPolicy builder) || return 3
    classes=$(mktemp -d) || return 3
    "$(dirname "$java_bin")/javac" --release 21 -cp target/benchmarks.jar -d "$classes" "$here"/forecast/*.java || { rm -rf "$classes"; return 3; }
    "$java_bin" -cp "$classes:target/benchmarks.jar" dev.switchcost.cli.ForecastCheckCommand "$M" --title "$title" ${why:+--no-forecast "$why"}
    rc=$?
    rm -rf "$classes"
    if [[ $rc == 0 && $failed == 1 ]]; then
        echo "measure-forecast: measured, but the forecast failed: see $M/forecast.txt (COSTS=DIR gives it a results directory of costs)" >&2
        return 1
    elif [[ $rc == 0 && -n $why ]]; then
        echo "measure-forecast: measured, but no verdict: build a switchcost with the forecast command, then run scripts/studies/measure-forecast.sh --verdict-only $M" >&2
        return 3
    fi
    return $rc
}

if [[ $verdict_only == 1 ]]; then
    cd "$here/.." || exit 3
    [[ -d $M/runs ]] || { echo "measure-forecast: $M has no runs/: give the OUT of a finished measurement" >&2; exit 2; }
    check; exit $?
fi

# the load generator and the client are needed to measure, not to judge a finished measurement
command -v h2load > /dev/null || { echo "measure-forecast: h2load not found; install it: apt-get install nghttp2-client" >&2; exit 3; }
command -v curl > /dev/null || { echo "measure-forecast: curl not found; install it: apt-get install curl" >&2; exit 3; }
measure_start
measure_build -Dmaven.test.skip=true
JETTY_JAVA=$(java -cp target/benchmarks.jar dev.switchcost.launch.JdkPolicy builder) || exit 3
JETTY_JVM_ARGS="-Xms512m -Xmx512m"
jetty_home || exit 3
work=$(mktemp -d)
jetty_base "$work/base" || exit 3
mkdir -p "$M/runs" "$M/logs"
log "jetty $JETTY_VERSION on $("$JETTY_JAVA" -version 2>&1 | head -1); h2load $(h2load --version | head -1); RATE=$RATE REPS=$REPS DURATION=$SECONDS_RUN WARMUP=$WARMUP"

# (a) the recorded platform run
jfc=$work/handoffs.jfc   # the forecast's own settings: the events it reads, at threshold 0
scripts/switchcost forecast --print-jfc > "$jfc" || { log "switchcost forecast --print-jfc failed"; exit 3; }
jetty_start "$work/base" platform "$PORT" "$M/logs/record-server.log" || exit 3
server=$JETTY_PID
load_run "$RATE" "$WARMUP" "$PORT" "$M/logs/record-warmup.h2load.txt"
timeout 30 "$(dirname "$JETTY_JAVA")/jcmd" "$server" JFR.start name=forecast settings="$jfc" > "$M/logs/jfr-start.txt" 2>&1 \
    || { log "jcmd JFR.start failed: see logs/jfr-start.txt"; exit 3; }
sample_out=(-o "$M/pt-sample")
[[ -n ${COSTS:-} ]] && sample_out+=(--costs "$COSTS")
# the sampler first, until it has taken its first reading (a JVM starting takes seconds); SIGTERM ends it after the load
timeout $((SECONDS_RUN + 120)) scripts/switchcost sample "${sample_out[@]}" --pid "$server" --interval 500ms > "$M/pt-sample.txt" 2>&1 &
sampler=$!
for i in $(seq 1 60); do
    (( $(grep -c '^ *[0-9]' "$M/pt-sample.txt" 2>/dev/null || true) > 0 )) && break
    kill -0 "$sampler" 2>/dev/null || break
    sleep 0.5
done
load_run "$RATE" "$SECONDS_RUN" "$PORT" "$M/pt-record.h2load.txt"
kill -TERM "$sampler" 2>/dev/null
timeout 60 "$(dirname "$JETTY_JAVA")/jcmd" "$server" JFR.stop name=forecast filename="$M/pt.jfr" > "$M/logs/jfr-stop.txt" 2>&1 \
    || { log "jcmd JFR.stop failed: see logs/jfr-stop.txt"; exit 3; }
wait "$sampler"; sample_rc=$?; sampler=""  # 143 after SIGTERM is its normal end here
awk '/^status codes:/ {print $3}' "$M/pt-record.h2load.txt" > "$M/units.txt"
log "recorded: $(grep -h '^finished in' "$M/pt-record.h2load.txt"); $(cat "$M/units.txt") requests, pt.jfr $(du -h "$M/pt.jfr" | cut -f1), sample exited $sample_rc"
jetty_stop "$server"; server=""

# (b) the measured runs, interleaved
n=0
for rep in $(seq 1 "$REPS"); do
    for pool in platform virtual; do
        n=$((n + 1)); id=$(printf '%02d-%s' "$n" "$pool")
        if ! jetty_start "$work/base" "$pool" "$PORT" "$M/logs/$id-server.log"; then
            log "run $id: the server did not start (see logs/$id-server.log)"; exit 3
        fi
        server=$JETTY_PID
        load_run "$RATE" "$WARMUP" "$PORT" "$M/logs/$id-warmup.h2load.txt"
        cpu0=$(proc_cpu_ticks "$server"); jit0=$(proc_jit_ticks "$server"); read -r vol0 inv0 < <(proc_switches "$server")
        load_run "$RATE" "$SECONDS_RUN" "$PORT" "$M/runs/$id.h2load.txt"
        cpu1=$(proc_cpu_ticks "$server"); jit1=$(proc_jit_ticks "$server"); read -r vol1 inv1 < <(proc_switches "$server")
        printf 'pool=%s\nrate=%s\ncpu_ticks=%s\njit_ticks=%s\nvoluntary=%s\ninvoluntary=%s\ncarriers=%s\n' "$pool" "$RATE" \
            $((cpu1 - cpu0)) $((jit1 - jit0)) $((vol1 - vol0)) $((inv1 - inv0)) "$(proc_carriers "$server")" > "$M/runs/$id.proc"
        jetty_stop "$server"; server=""
        log "run $id: $(grep -h '^finished in' "$M/runs/$id.h2load.txt" || echo 'no h2load summary'); server CPU $((cpu1 - cpu0)) ticks"
    done
done

# (c) and (d)
check; rc=$?
measure_end 'start.jar|h2load'
exit $rc
}
