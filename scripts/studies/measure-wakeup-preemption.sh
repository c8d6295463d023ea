#!/usr/bin/env bash
# What kind of switch a same-CPU handoff makes, and why long walks add switches: the C twin of the working-set handoff
# (target/native/ws_threads, SAME_CPU) at each size, interleaved, under the default policy and under SCHED_BATCH
# (chrt --batch 0: a woken batch task does not preempt the one that woke it), with its voluntary and involuntary
# switches per round trip; then one run at the largest size under the default policy with the kernel's sched_switch
# events recorded on its CPU (tracefs), to say who preempted whom.
#
# A voluntary switch is a side blocking in futex_wait; an involuntary one is a runnable side preempted. If the woken
# side preempts its waker before the waker reaches its wait, the round trip is one of each; and while the woken side
# walks, its waker is still runnable beside it, so a walk longer than the scheduler's slice is cut.
#
# Run it on a QUIET machine, as root (tracefs), from a checkout: it measures a fresh clone of HEAD, built by
# scripts/studies/measure-lib.sh. Needs cc and chrt (util-linux). About 3 minutes with the defaults.
#
# usage: scripts/studies/measure-wakeup-preemption.sh OUT
# environment: SIZES="0 1024 2048 4096 8192" (KiB per side), REPS=3 (interleaved rounds), CPU=0, TRACE_SIZE (the largest)
# Writes OUT/runs.jsonl (one ws_threads line per run, with "policy" and "round" added), OUT/summary.txt (the mean of
# each size and policy), OUT/trace-switches.txt (the traced run's switches on CPU, by who left and who came, and how
# the one leaving left: S blocked, R preempted) and OUT/timeline.txt.
# Exit 0: done; 2: usage; 3: something missing here, one line naming the fix.
{
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[[ $# == 1 && $1 != -* ]] || { echo "usage: scripts/studies/measure-wakeup-preemption.sh OUT   (env: SIZES REPS CPU TRACE_SIZE)" >&2; exit 2; }
SIZES=${SIZES:-0 1024 2048 4096 8192}; REPS=${REPS:-3}; CPU=${CPU:-0}
for s in $SIZES $REPS $CPU; do [[ $s =~ ^[0-9]+$ ]] || { echo "measure-wakeup-preemption: SIZES, REPS and CPU are whole numbers, not '$s'" >&2; exit 2; }; done
TRACE_SIZE=${TRACE_SIZE:-$(tr ' ' '\n' <<< "$SIZES" | sort -n | tail -1)}
command -v chrt > /dev/null || { echo "measure-wakeup-preemption: chrt not found; install util-linux" >&2; exit 3; }
tracefs=/sys/kernel/tracing
[[ -w $tracefs/tracing_on ]] || { echo "measure-wakeup-preemption: $tracefs is not writable; run as root with tracefs mounted" >&2; exit 3; }
M=$1
source "$here/measure-lib.sh"
# tracing off and the clone removed whatever ends the run (measure_end removes it on success)
trap 'echo 0 > $tracefs/tracing_on; echo 0 > $tracefs/events/sched/sched_switch/enable; [[ -n ${F:-} ]] && cd / && rm -rf "$F"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
measure_start
scripts/build-native.sh > "$M/build.txt" 2>&1 || { log "the native programs did not build: see $M/build.txt"; exit 3; }
log "built"
ws=target/native/ws_threads

# one run: policy size round; about 3 s at each size (round trips scaled to the size)
run() {
    local rts=$(( $2 == 0 ? 200000 : 2000000 / ($2 + 64) + 20 )) cmd=("$ws" --cpus "$CPU" SAME_CPU)
    [[ $1 == batch ]] && cmd=(chrt --batch 0 "${cmd[@]}")
    "${cmd[@]}" "$rts" 1 "$2" 64 li | sed "s/^{/{\"policy\":\"$1\",\"round\":$3,/" >> "$M/runs.jsonl" \
        || { log "ws_threads failed at $2 KiB ($1)"; exit 3; }
}

for r in $(seq 1 "$REPS"); do
    for s in $SIZES; do
        for p in normal batch; do run "$p" "$s" "$r"; done
    done
    log "round $r of $REPS"
done
python3 - "$M/runs.jsonl" > "$M/summary.txt" <<'EOF'
import json, sys, statistics
rows = [json.loads(l) for l in open(sys.argv[1])]
print("policy  KiB   voluntary  involuntary  switches   ns per switch   paired indirect   (per round trip; ns per switch beyond two walks)")
for p in ("normal", "batch"):
    for k in sorted({r["working_set_kib"] for r in rows}):
        rs = [r for r in rows if r["policy"] == p and r["working_set_kib"] == k]
        m = lambda f: statistics.mean(r[f] for r in rs)
        print(f"{p:7s} {k:5d}   {m('voluntary_per_round_trip'):9.3f}  {m('involuntary_per_round_trip'):11.3f}  "
              f"{m('switches_per_round_trip'):8.3f}   {m('beyond_ns_per_switch'):13,.0f}   {m('paired_indirect_ns_per_switch'):15,.0f}   ({len(rs)} runs)")
EOF
echo > "$tracefs/trace"
echo 1 > "$tracefs/events/sched/sched_switch/enable"
echo 1 > "$tracefs/tracing_on"
"$ws" --cpus "$CPU" SAME_CPU 200 1 "$TRACE_SIZE" 64 li > "$M/traced-run.json"
echo 0 > "$tracefs/tracing_on"
echo 0 > "$tracefs/events/sched/sched_switch/enable"
cpu_tag=$(printf '[%03d]' "$CPU")
grep -F "$cpu_tag" "$tracefs/trace" | grep -o 'prev_comm=[^ ]* prev_pid=[0-9]* prev_prio=[0-9]* prev_state=[^ ]* ==> next_comm=[^ ]*' \
    | awk '{print $1, $4, $6}' | sort | uniq -c | sort -nr > "$M/trace-switches.txt"
echo > "$tracefs/trace"
log "traced $TRACE_SIZE KiB: $(head -3 "$M/trace-switches.txt" | tr -s ' ' | tr '\n' ';')"
cat "$M/summary.txt"
measure_end 'ws_threads'
exit 0
}
