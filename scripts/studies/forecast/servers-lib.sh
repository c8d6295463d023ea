# The pieces of scripts/studies/measure-forecast.sh that touch the servers, the load generator, the kernel's counters and
# the web application: sourced, never run. ServersTest runs the same pieces (fetch, base, start with each pool, each
# request, stop) for both servers.
#
#   server_home                 # $SERVER_HOME: $SERVER (jetty or tomcat) as shipped, from Maven Central, kept in ~/.m2
#   server_base DIR             # a base: the server's own configuration and webapps/ROOT (file.txt, /handoff, /pinned)
#   server_start DIR POOL PORT LOG [CGROUP]   # POOL: platform or virtual; sets $SERVER_PID; in CGROUP when given
#   server_stop PID             # SIGTERM to its process group, SIGKILL after 15 s; never waits longer
#   cg_make NAME                # a CPU-accounting cgroup of its own (v1 cpuacct or v2); prints its directory
#   cg_ns CGROUP                # the CPU time of every task ever in it, live or ended, in ns
#   cg_drop CGROUP              # removes it (once its tasks have ended)
#   jit_ns PID                  # run time of the JIT compiler threads (C1/C2 CompilerThread), ns, from schedstat
#   proc_switches PID           # "voluntary involuntary" summed over the process's live threads
#   proc_switch_table PID       # "tid voluntary involuntary", one line per live thread
#   switches_since TABLE PID    # "voluntary involuntary ended" since TABLE (proc_switch_table's): over the threads alive
#                               # now, a thread born since counted from 0; a thread that ended took its switches with it
#   proc_carriers PID           # how many ForkJoinPool carrier threads (virtual threads' carriers) the process has
#   load_run RATE SECONDS PORT PATH OUT   # hey: HTTP/1.1 keep-alive, $LOAD_CONNECTIONS connections, RATE requests/s in
#                                         # all, pinned to CPU $LOAD_CPU when set, a request unanswered after 2 s an
#                                         # error (h2load 1.52 fails Tomcat's status line, which has no reason phrase)
# Needs $SERVER_JAVA (the JDK the servers run on) and $JAVAC (a javac that can --release 21).
set -u

SERVER=${SERVER:-jetty}
JETTY_VERSION=${JETTY_VERSION:-12.1.12}
TOMCAT_VERSION=${TOMCAT_VERSION:-11.0.24}
LOAD_CONNECTIONS=${LOAD_CONNECTIONS:-8}
SERVERS_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# central_fetch GROUP_PATH ARTIFACT VERSION: the tar.gz, checked against its .sha1, unpacked once beside it
central_fetch() {
    local repo=${MAVEN_REPO:-$HOME/.m2/repository}/$1/$2/$3 name=$2-$3
    local tgz=$repo/$name.tar.gz url=https://repo1.maven.org/maven2/$1/$2/$3/$name.tar.gz
    if [[ ! -s $tgz ]]; then
        mkdir -p "$repo"
        if ! curl -sSf --max-time 300 -o "$tgz.part" "$url" || ! curl -sSf --max-time 60 -o "$tgz.sha1" "$url.sha1" \
            || [[ $(sha1sum < "$tgz.part" | cut -d' ' -f1) != $(cut -c1-40 "$tgz.sha1") ]]; then
            rm -f "$tgz.part" "$tgz.sha1"
            echo "$SERVER: cannot download $url; fetch it once where Maven Central is reachable" >&2
            return 3
        fi
        mv "$tgz.part" "$tgz"
    fi
    local top
    top=$(tar tzf "$tgz" | head -1 | cut -d/ -f1)
    if [[ ! -d $repo/$top ]]; then
        tar xzf "$tgz" -C "$repo" || { echo "$SERVER: cannot unpack $tgz" >&2; return 3; }
    fi
    SERVER_HOME=$repo/$top
}

server_home() {
    case $SERVER in
        jetty) central_fetch org/eclipse/jetty jetty-home "$JETTY_VERSION" ;;
        tomcat) central_fetch org/apache/tomcat tomcat "$TOMCAT_VERSION" ;;
        *) echo "SERVER must be jetty or tomcat, not $SERVER" >&2; return 2 ;;
    esac
}

# the web application, compiled against the server's own Servlet API
server_webapp() {
    local root=$1 api
    case $SERVER in
        jetty) api=$SERVER_HOME/lib/jakarta.servlet-api-6.0.0.jar ;;
        tomcat) api=$SERVER_HOME/lib/servlet-api.jar ;;
    esac
    mkdir -p "$root/WEB-INF/classes"
    seq 1 1000 | head -c 1024 > "$root/file.txt"
    cp "$SERVERS_LIB_DIR/webapp/WEB-INF/web.xml" "$root/WEB-INF/"
    "$JAVAC" --release 21 -nowarn -cp "$api" -d "$root/WEB-INF/classes" "$SERVERS_LIB_DIR/webapp/HandoffServlet.java" \
        || { echo "$SERVER: cannot compile the web application" >&2; return 3; }
}

# Jetty: start.jar --add-modules writes start.d/, the thread pool is left out and chosen per start.
# Tomcat: its conf/ with the HTTP connector's port, address and virtual threads read from system properties.
server_base() {
    local base=$1
    mkdir -p "$base/webapps"
    case $SERVER in
        jetty)
            (cd "$base" && timeout 120 "$SERVER_JAVA" -jar "$SERVER_HOME/start.jar" jetty.home="$SERVER_HOME" jetty.base="$base" \
                --add-modules=http,ee10-deploy > "$base/add-modules.log" 2>&1) \
                || { echo "jetty: start.jar --add-modules failed: see $base/add-modules.log" >&2; return 3; }
            rm -f "$base/start.d/threadpool.ini"
            echo "environment: ee10" > "$base/webapps/ROOT.properties" ;;
        tomcat)
            mkdir -p "$base/logs" "$base/temp" "$base/work"
            cp -r "$SERVER_HOME/conf" "$base/"
            sed -i -e 's|<Server port="8005"|<Server port="-1"|' \
                -e 's|<Connector port="8080" protocol="HTTP/1.1"|<Connector port="${forecast.port}" address="127.0.0.1" useVirtualThreads="${forecast.virtual}" protocol="HTTP/1.1"|' \
                "$base/conf/server.xml"
            grep -q 'forecast.virtual' "$base/conf/server.xml" \
                || { echo "tomcat: conf/server.xml has no <Connector port=\"8080\" protocol=\"HTTP/1.1\" to configure" >&2; return 3; } ;;
    esac
    server_webapp "$base/webapps/ROOT"
}

server_start() {
    local base=$1 pool=$2 port=$3 log=$4 cg=${5:-} cmd
    [[ $pool == platform || $pool == virtual ]] || { echo "$SERVER: pool must be platform or virtual, not $pool" >&2; return 2; }
    if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/"; then
        echo "$SERVER: port $port is already in use; set PORT to a free one" >&2
        return 3
    fi
    case $SERVER in
        jetty)
            local module=threadpool; [[ $pool == virtual ]] && module=threadpool-virtual
            cmd=("$SERVER_JAVA" ${SERVER_JVM_ARGS:-} -jar "$SERVER_HOME/start.jar" jetty.home="$SERVER_HOME" jetty.base="$base"
                 --module="$module" jetty.http.port="$port" jetty.http.host=127.0.0.1) ;;
        tomcat)
            local virtual=false; [[ $pool == virtual ]] && virtual=true
            cmd=("$SERVER_JAVA" ${SERVER_JVM_ARGS:-} -Dforecast.port="$port" -Dforecast.virtual="$virtual"
                 -Dcatalina.home="$SERVER_HOME" -Dcatalina.base="$base" -Djava.io.tmpdir="$base/temp"
                 -Djava.util.logging.config.file="$base/conf/logging.properties"
                 -Djava.util.logging.manager=org.apache.juli.ClassLoaderLogManager
                 -cp "$SERVER_HOME/bin/bootstrap.jar:$SERVER_HOME/bin/tomcat-juli.jar" org.apache.catalina.startup.Bootstrap start) ;;
    esac
    # its own session and process group, so that server_stop reaches whatever it starts; in the cgroup before the JVM
    (cd "$base" && { [[ -z $cg ]] || echo "$BASHPID" > "$cg/cgroup.procs"; } && exec setsid "${cmd[@]}") > "$log" 2>&1 &
    SERVER_PID=$!
    local i
    for i in $(seq 1 120); do
        if curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$port/file.txt" \
            && curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$port/handoff"; then
            return 0
        fi
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.5
    done
    echo "$SERVER: the $pool server did not serve /file.txt and /handoff on port $port within 60 s: see $log" >&2
    server_stop "$SERVER_PID"
    return 3
}

server_stop() {
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

cg_make() {
    local d
    if [[ -d /sys/fs/cgroup/cpuacct && -f /sys/fs/cgroup/cpuacct/cpuacct.usage ]]; then
        d=/sys/fs/cgroup/cpuacct/$1
    elif [[ -f /sys/fs/cgroup/cgroup.controllers ]]; then
        d=/sys/fs/cgroup/$1
    else
        echo "no cgroup CPU accounting here (neither v1 cpuacct nor v2 mounted under /sys/fs/cgroup)" >&2; return 3
    fi
    mkdir -p "$d" 2>/dev/null && [[ -w $d/cgroup.procs ]] \
        || { echo "cannot make the cgroup $d: run the study as root" >&2; return 3; }
    echo "$d"
}

cg_ns() {
    if [[ -f $1/cpuacct.usage ]]; then
        cat "$1/cpuacct.usage"
    else
        awk '$1 == "usage_usec" {printf "%d\n", $2 * 1000}' "$1/cpu.stat"
    fi
}

cg_drop() {
    [[ -n ${1:-} && -d $1 ]] && rmdir "$1" 2>/dev/null
    return 0
}

jit_ns() {
    local f t=0
    for f in /proc/"$1"/task/*; do
        [[ $(cat "$f/comm" 2>/dev/null) == C[12]\ Compiler* ]] || continue
        t=$((t + $(cut -d' ' -f1 "$f/schedstat" 2>/dev/null || echo 0)))
    done
    echo "$t"
}

proc_switch_table() {
    grep -H 'ctxt_switches' /proc/"$1"/task/*/status 2>/dev/null | awk -F'[/:]' '
        {tid = $5; n = $NF + 0; if ($7 ~ /^voluntary/) v[tid] = n; else iv[tid] = n}
        END {for (t in v) print t, v[t], iv[t] + 0}'
}

proc_switches() {
    proc_switch_table "$1" | awk '{v += $2; n += $3} END {print v + 0, n + 0}'
}

switches_since() {
    { sed 's/^/B /' "$1"; proc_switch_table "$2" | sed 's/^/A /'; } | awk '
        $1 == "B" {bv[$2] = $3; bn[$2] = $4; next}
        {seen[$2] = 1; v += $3 - bv[$2]; n += $4 - bn[$2]}
        END {for (t in bv) if (!(t in seen)) e++; print v + 0, n + 0, e + 0}'
}

proc_carriers() {
    cat /proc/"$1"/task/*/comm 2>/dev/null | grep -c '^ForkJoinPool' || true
}

load_run() {
    local rate=$1 seconds=$2 port=$3 path=$4 out=$5 pin=()
    [[ -n ${LOAD_CPU:-} ]] && pin=(taskset -c "$LOAD_CPU")
    timeout $((seconds + 60)) "${pin[@]}" hey -z "${seconds}s" -t 2 -c "$LOAD_CONNECTIONS" \
        -q "$(awk -v r="$rate" -v c="$LOAD_CONNECTIONS" 'BEGIN {printf "%g", r / c}')" \
        "http://127.0.0.1:$port$path" > "$out" 2>&1
}
