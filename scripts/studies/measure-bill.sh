#!/usr/bin/env bash
# The switch bill of a running service out of the box: from a fresh clone, README command 1 (build, `run --quick`),
# then Jetty 12 as shipped (Maven Central), on its platform and then its virtual-thread pool, under load and `sample --pid PID --flamegraph FILE` with no other flag,
# ended by Ctrl-C (SIGINT) after SAMPLE_SECONDS. The bill should be priced from the run just made, name it, and state
# the placement mix. As root with tracefs unmounted, `sample` mounts it for the sample and unmounts it after.
#   M=docs/results/<date>/bill scripts/studies/measure-bill.sh
# Takes about 5 minutes. Nothing else may run meanwhile (the quick run's disturbance rule would leave trials out).
set -euo pipefail
SAMPLE_SECONDS=${SAMPLE_SECONDS:-20}
PORT=${PORT:-18080}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/measure-lib.sh"
M=${M:-$(mktemp -d)}; mkdir -p "$M"; M=$(cd "$M" && pwd)
measure_start
loads=()
stop_load() {
    if (( ${#loads[@]} )); then kill "${loads[@]}" 2>/dev/null || true; fi
    loads=()
}
cleanup() {
    stop_load
    [[ -n ${SERVER_PID:-} ]] && server_stop "$SERVER_PID"
    rm -rf "$F"
}
trap cleanup EXIT
log "tracefs: $(mount | grep -c tracefs) mounted"
log "README command 1"
t0=$(date +%s)
{ mvn -B -q package -Dmaven.test.skip=true && scripts/switchcost run --quick; } > "$M/command-1.txt" 2>&1 \
    || log "command 1 exited $? (its card says why)"
log "command 1 took $(( $(date +%s) - t0 )) s"
SERVER=jetty
source "$here/forecast/servers-lib.sh"
SERVER_JAVA=$(java -cp target/benchmarks.jar dev.switchcost.launch.JdkPolicy builder)
JAVAC=$(dirname "$SERVER_JAVA")/javac
server_home
server_base "$F/jetty-base"
for pool in platform virtual; do
    server_start "$F/jetty-base" "$pool" "$PORT" "$M/jetty-$pool.log"
    log "Jetty $JETTY_VERSION ($pool pool) pid $SERVER_PID on port $PORT"
    # the load: four curl loops, each fetching the 1 KiB file over and over
    for i in 1 2 3 4; do
        (while :; do curl -s -o /dev/null "http://127.0.0.1:$PORT/file.txt"; done) &
        loads+=($!)
    done
    sleep 5
    log "sample --pid $SERVER_PID --flamegraph, SIGINT after $SAMPLE_SECONDS s"
    timeout -s INT "$SAMPLE_SECONDS" scripts/switchcost sample --pid "$SERVER_PID" --flamegraph "$M/bill-$pool.html" \
        > "$M/sample-$pool.txt" 2>&1 || log "sample exited $? (124: ended by the SIGINT above)"
    stop_load
    server_stop "$SERVER_PID"; SERVER_PID=
done
log "tracefs after: $(mount | grep -c tracefs) mounted"
sed -i "s|$F/switchcost/||g; s|$F|\$TMPDIR/measure|g; s|$HOME|~|g" "$M"/*.txt "$M"/*.log "$M"/*.html 2>/dev/null || true
measure_end 'jetty|benchmarks.jar'
