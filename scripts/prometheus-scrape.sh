#!/usr/bin/env bash
# End to end with a real Prometheus: `switchcost sample --serve` on a busy JVM (a small program that hands a token
# between two threads), scraped every second for about 15 s, then
#   rate(process_context_switches_total[10s])
# asked of Prometheus's HTTP API and printed. Exits 0 only when a non-empty series came back; 1 when none did.
# Installs Debian's prometheus when it is missing (apt-get install -y prometheus; exit 3 where apt-get or root is
# not there). Everything it starts is stopped when it exits, and its files are in one temporary directory, removed.
# usage: scripts/prometheus-scrape.sh [--seconds N (15)]   env: PROMETHEUS_PORT (9090)
# Needs target/benchmarks.jar (mvn -B -DskipTests package) and curl.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=15
case "${1:-}" in
  -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
  "") ;;
  *) echo "prometheus-scrape.sh: unknown argument $1; see --help" >&2; exit 2 ;;
esac
port=${PROMETHEUS_PORT:-9090}
command -v curl >/dev/null || { echo "prometheus-scrape.sh: needs curl: apt-get install -y curl" >&2; exit 3; }
if ! command -v prometheus >/dev/null; then
  if ! command -v apt-get >/dev/null; then
    echo "prometheus-scrape.sh: prometheus is not on PATH and apt-get is unavailable here; install Prometheus and put it on PATH" >&2
    exit 3
  fi
  if [[ $(id -u) -ne 0 ]]; then
    echo "prometheus-scrape.sh: prometheus is not on PATH; install it as root: apt-get install -y prometheus" >&2
    exit 3
  fi
  echo "# installing prometheus (apt-get install -y prometheus)" >&2
  if ! { DEBIAN_FRONTEND=noninteractive apt-get install -y prometheus >/dev/null 2>&1 \
      || { apt-get update >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y prometheus >/dev/null 2>&1; }; }; then
    echo "prometheus-scrape.sh: apt-get install -y prometheus failed; install it by hand and run again" >&2
    exit 3
  fi
fi

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# the busy JVM: two threads hand a token back and forth, each handoff a voluntary switch on each side
cat > "$work/PingPong.java" <<'JAVA'
import java.util.concurrent.SynchronousQueue;

public class PingPong {
    public static void main(String[] args) throws Exception {
        SynchronousQueue<Integer> ping = new SynchronousQueue<>();
        SynchronousQueue<Integer> pong = new SynchronousQueue<>();
        Thread partner = new Thread(() -> {
            try {
                while (true) {
                    pong.put(ping.take());
                }
            } catch (InterruptedException e) {
                // stopped
            }
        }, "pong");
        partner.setDaemon(true);
        partner.start();
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L;
        while (System.nanoTime() < end) {
            ping.put(1);
            pong.take();
            Thread.sleep(0, 200_000); // a little slack, so the machine stays usable
        }
    }
}
JAVA
java_bin=$(command -v java)
"$java_bin" "$work/PingPong.java" $((seconds + 60)) &
pids+=($!)
busy=$!

"$here/scripts/switchcost" sample --pid "$busy" --interval 500ms --serve 127.0.0.1:0 >"$work/sample.out" 2>"$work/sample.err" &
pids+=($!)
url=""
for _ in $(seq 150); do
  url=$(grep -o 'http://[^ ]*/metrics' "$work/sample.out" 2>/dev/null | head -1 || true)
  [[ -n "$url" ]] && break
  sleep 0.2
done
if [[ -z "$url" ]]; then
  echo "prometheus-scrape.sh: switchcost sample --serve did not start:" >&2
  cat "$work/sample.out" "$work/sample.err" >&2
  exit 1
fi
target=${url#http://}
target=${target%/metrics}
echo "# switchcost sample --pid $busy serves $url"

cat > "$work/prometheus.yml" <<YML
global:
  scrape_interval: 1s
scrape_configs:
  - job_name: switchcost
    static_configs:
      - targets: ['$target']
YML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/data" \
  --web.listen-address="127.0.0.1:$port" >"$work/prometheus.log" 2>&1 &
pids+=($!)
echo "# prometheus scrapes it every 1 s for ${seconds} s (127.0.0.1:$port, data in $work)"
sleep "$seconds"

query='rate(process_context_switches_total[10s])'
if ! answer=$(curl -sfG "http://127.0.0.1:$port/api/v1/query" --data-urlencode "query=$query"); then
  echo "prometheus-scrape.sh: prometheus did not answer on 127.0.0.1:$port; its log:" >&2
  tail -5 "$work/prometheus.log" >&2
  exit 1
fi
echo "$query:"
echo "$answer"
if grep -q '"result":\[{' <<<"$answer"; then
  exit 0
fi
echo "prometheus-scrape.sh: the query came back empty; prometheus's targets:" >&2
curl -s "http://127.0.0.1:$port/api/v1/targets" >&2 || true
exit 1
