# The pieces of scripts/studies/measure-forecast.sh that touch Jetty, the load generator and /proc: sourced, never run.
# JettyServerTest runs the same pieces (fetch, base, start with each pool, one request, stop).
#
#   jetty_home                  # $JETTY_HOME: jetty-home-$JETTY_VERSION from Maven Central, kept in ~/.m2 like any artifact
#   jetty_base DIR              # a Jetty base: http + ee10-deploy (Jetty's DefaultServlet), webapps/ROOT/file.txt (1 KiB)
#   jetty_start DIR POOL PORT LOG   # POOL: platform (module threadpool) or virtual (threadpool-virtual); sets $JETTY_PID
#   jetty_stop PID              # SIGTERM to its process group, SIGKILL after 15 s; never waits longer
#   proc_cpu_ticks PID          # utime + stime of the whole process (every thread, live or ended), in clock ticks
#   proc_jit_ticks PID          # utime + stime of the JIT compiler threads (C1/C2 CompilerThread), clock ticks
#   proc_switches PID           # "voluntary involuntary" summed over the process's live threads
#   proc_carriers PID           # how many ForkJoinPool carrier threads (virtual threads' carriers) the process has
#   load_run RATE SECONDS PORT OUT   # h2load: HTTP/1.1, $LOAD_CONNECTIONS connections, RATE requests/s in all
set -u

JETTY_VERSION=${JETTY_VERSION:-12.1.12}
JETTY_FILE=/file.txt
LOAD_CONNECTIONS=${LOAD_CONNECTIONS:-8}

jetty_home() {
    local repo=${MAVEN_REPO:-$HOME/.m2/repository}/org/eclipse/jetty/jetty-home/$JETTY_VERSION
    local tgz=$repo/jetty-home-$JETTY_VERSION.tar.gz
    local url=https://repo1.maven.org/maven2/org/eclipse/jetty/jetty-home/$JETTY_VERSION/jetty-home-$JETTY_VERSION.tar.gz
    if [[ ! -s $tgz ]]; then
        mkdir -p "$repo"
        if ! curl -sSf --max-time 300 -o "$tgz.part" "$url" || ! curl -sSf --max-time 60 -o "$tgz.sha1" "$url.sha1" \
            || [[ $(sha1sum < "$tgz.part" | cut -d' ' -f1) != $(cut -c1-40 "$tgz.sha1") ]]; then
            rm -f "$tgz.part" "$tgz.sha1"
            echo "jetty: cannot download $url; fetch it once where Maven Central is reachable (or set JETTY_VERSION to one in $(dirname "$repo"))" >&2
            return 3
        fi
        mv "$tgz.part" "$tgz"
    fi
    JETTY_HOME=$repo/jetty-home-$JETTY_VERSION
    if [[ ! -f $JETTY_HOME/start.jar ]]; then
        tar xzf "$tgz" -C "$repo" || { echo "jetty: cannot unpack $tgz" >&2; return 3; }
    fi
}

# start.jar --add-modules writes start.d/; the thread pool is left out of it and chosen per start
jetty_base() {
    local base=$1
    mkdir -p "$base/webapps/ROOT"
    (cd "$base" && timeout 120 "$JETTY_JAVA" -jar "$JETTY_HOME/start.jar" jetty.home="$JETTY_HOME" jetty.base="$base" \
        --add-modules=http,ee10-deploy > "$base/add-modules.log" 2>&1) \
        || { echo "jetty: start.jar --add-modules failed: see $base/add-modules.log" >&2; return 3; }
    rm -f "$base/start.d/threadpool.ini"
    seq 1 1000 | head -c 1024 > "$base/webapps/ROOT/file.txt"
    echo "environment: ee10" > "$base/webapps/ROOT.properties"
}

jetty_start() {
    local base=$1 pool=$2 port=$3 log=$4 module
    case $pool in
        platform) module=threadpool ;;
        virtual) module=threadpool-virtual ;;
        *) echo "jetty: pool must be platform or virtual, not $pool" >&2; return 2 ;;
    esac
    if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/"; then
        echo "jetty: port $port is already in use; set PORT to a free one" >&2
        return 3
    fi
    # its own session and process group, so that jetty_stop reaches whatever it starts
    (cd "$base" && exec setsid "$JETTY_JAVA" ${JETTY_JVM_ARGS:-} -jar "$JETTY_HOME/start.jar" jetty.home="$JETTY_HOME" \
        jetty.base="$base" --module="$module" jetty.http.port="$port" jetty.http.host=127.0.0.1) > "$log" 2>&1 &
    JETTY_PID=$!
    local i
    for i in $(seq 1 120); do
        if curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$port$JETTY_FILE"; then
            return 0
        fi
        kill -0 "$JETTY_PID" 2>/dev/null || break
        sleep 0.5
    done
    echo "jetty: the $pool server did not serve $JETTY_FILE on port $port within 60 s: see $log" >&2
    jetty_stop "$JETTY_PID"
    return 3
}

jetty_stop() {
    local pid=$1 i
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || return 0
    for i in $(seq 1 30); do
        kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
        sleep 0.5
    done
    kill -KILL -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    return 0
}

# fields 14 and 15 of /proc/PID/stat, counted after the command name (which may hold spaces)
proc_cpu_ticks() {
    local t
    t=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk '{print $12 + $13}')
    echo "${t:-0}"
}

proc_jit_ticks() {
    local f t=0
    for f in /proc/"$1"/task/*; do
        [[ $(cat "$f/comm" 2>/dev/null) == C[12]\ Compiler* ]] || continue
        t=$((t + $(sed 's/^.*) //' "$f/stat" 2>/dev/null | awk '{print $12 + $13}')))
    done
    echo "$t"
}

proc_switches() {
    cat /proc/"$1"/task/*/status 2>/dev/null | awk '/^voluntary_ctxt_switches/ {v += $2} /^nonvoluntary_ctxt_switches/ {n += $2} END {print v + 0, n + 0}'
}

proc_carriers() {
    cat /proc/"$1"/task/*/comm 2>/dev/null | grep -c '^ForkJoinPool' || true
}

load_run() {
    local rate=$1 seconds=$2 port=$3 out=$4
    timeout $((seconds + 30)) h2load --h1 -c "$LOAD_CONNECTIONS" --rps "$(awk -v r="$rate" -v c="$LOAD_CONNECTIONS" 'BEGIN {printf "%g", r / c}')" \
        -D "$seconds" "http://127.0.0.1:$port$JETTY_FILE" > "$out" 2>&1
}
