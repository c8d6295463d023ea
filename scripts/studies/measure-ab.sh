#!/usr/bin/env bash
# The A/A and A/B study of `switchcost ab`: paired rounds of this build against itself (A/A), then against itself with
# a known delay injected into the partner of every placed handoff (-Dswitchcost.inject.partnerNs, InjectedDelay), sized
# as EFFECTS percent of the one-CPU futex round trip by measurement (ab_calibrate: the spin's effect is not its length). Each trial is one `ab` of ROUNDS
# rounds; the study counts, per effect, the trials whose row was flagged, said the same, or was not resolved.
#   M=docs/results/<date>/ab N=8 ROUNDS=40 EFFECTS="10" scripts/studies/measure-ab.sh
# Takes about (3 + N x (1 + number of EFFECTS)) x ROUNDS x 4.5 s. Nothing else may run meanwhile.
set -euo pipefail
N=${N:-10}
ROUNDS=${ROUNDS:-20}
EFFECTS=${EFFECTS:-"5 10"}
# two warm-up iterations: in a pilot with one, the first measured iteration of half the forks was still 5-25 % slow
read -ra JMH <<< "${JMH_ARGS:--wi 2 -w 300ms -i 3 -r 200ms FutexPingPong.roundTrip\$ -p placement=SAME_CPU -p wait=UNTIMED -p binding=FFM}"
source "$(dirname "$0")/measure-lib.sh"
M=${M:-$(mktemp -d)}; mkdir -p "$M"; M=$(cd "$M" && pwd)
measure_start
measure_build -Dmaven.test.skip=true

# one trial: ab of this build against itself, the head's partner delayed by $2 ns (0: none); prints the row's line
trial() {
    local dir=$M/$1 delay=$2 head=()
    ((delay > 0)) && head=(--head-jvm-args="-Dswitchcost.inject.partnerNs=$delay")
    scripts/switchcost ab this this --rounds "$ROUNDS" --seed "$RANDOM" "${head[@]}" -o "$dir" -- "${JMH[@]}" \
        > "$dir.txt" 2> "$dir.err" || log "$1 exited $? (see $dir.err)"
    grep '^FutexPingPong' "$dir.txt" | head -1
}

log "calibration: $ROUNDS rounds, no delay; load $(cat /proc/loadavg)"
line=$(trial calibration-0 0)
base=$(awk -F'  +' '{sub(/ ±.*/, "", $2); gsub(/,/, "", $2); print $2}' <<< "$line")
log "calibration: base $base ns per round trip: $line"
# the delay per percent by measurement, from a first guess of that percent of the round trip
per_effect=$(ab_calibrate trial $(( base * ${EFFECTS%% *} / 100 )) "${EFFECTS%% *}")
log "one percent takes $per_effect ns of the partner's spin"
printf 'trial\teffect %%\tdelay ns\thead/base\tdetects\tverdict\n' > "$M/ab-study.tsv"
for effect in 0 $EFFECTS; do
    delay=$(awk -v p="$per_effect" -v e="$effect" 'BEGIN {printf "%d", p * e + 0.5}')
    for i in $(seq 1 "$N"); do
        t0=$(date +%s)
        line=$(trial "e$effect-$i" "$delay")
        awk -F'  +' -v t="e$effect-$i" -v e="$effect" -v d="$delay" '{print t "\t" e "\t" d "\t" $5 "\t" $6 "\t" $7}' \
            <<< "$line" >> "$M/ab-study.tsv"
        log "effect +$effect % ($delay ns), trial $i of $N: $(( $(date +%s) - t0 )) s: $(cut -f4- <<< "$(tail -1 "$M/ab-study.tsv")")"
    done
done
{
    echo "| injected | trials | head slower | same | not resolved | other |"
    echo "|--:|--:|--:|--:|--:|--:|"
    for effect in 0 $EFFECTS; do
        awk -F'\t' -v e="$effect" 'NR > 1 && $2 == e {n++; if ($6 ~ /slower/) s++; else if ($6 ~ /same/) q++;
            else if ($6 ~ /not resolved/) u++; else o++}
            END {printf "| +%s %% | %d | %d | %d | %d | %d |\n", e, n, s, q, u, o}' "$M/ab-study.tsv"
    done
} > "$M/ab-study.md"
log "study written: ab-study.tsv, ab-study.md"
# the committed evidence names no machine's paths: the clone and this directory become relative
grep -rlIE "$F|$M" "$M" | xargs -r sed -i "s#$F/switchcost#.#g; s#$M/##g; s#$M#.#g"
measure_end 'benchmarks.jar'
