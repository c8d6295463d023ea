#!/usr/bin/env bash
# Re-judges the trials of an ab study (measure-ab.sh, measure-ab-foreign.sh) with this build's `ab --from`, without
# measuring: each trial directory's rounds, read again, give the row's verdict by today's rule. Writes ab-study-now.tsv
# and ab-study-now.md beside the study's own table (which keeps the verdicts of the day it ran).
#   scripts/studies/rejudge-ab.sh docs/results/<date>/ab-30rounds [ROW-PREFIX]
# A study whose trials are packed (runs.tar.gz) is unpacked into a temporary directory first. ROW-PREFIX picks the row
# (default FutexPingPong).
set -euo pipefail
M=$(cd "${1:?usage: rejudge-ab.sh STUDY-DIR [ROW-PREFIX]}" && pwd)
row=${2:-FutexPingPong}
cd "$(dirname "$0")/../.."
trials=$M
if [[ -f "$M/runs.tar.gz" ]]; then
    trials=$(mktemp -d)
    trap 'rm -rf "$trials"' EXIT
    tar -xzf "$M/runs.tar.gz" -C "$trials"
fi
printf 'trial\teffect %%\thead/base\tdetects\tverdict\tstates\n' > "$M/ab-study-now.tsv"
for dir in $(ls -d "$trials"/e*-* | sort -V); do
    [[ -d "$dir" ]] || continue
    t=$(basename "$dir")
    out=$(scripts/switchcost ab --from "$dir" 2>&1) || true
    line=$(grep "^$row" <<< "$out" | head -1)
    note=$(grep "^$row.*: \(the host ran\|two modes\)" <<< "$out" | sed "s/^[^:]*: //" | head -1 || true)
    awk -F'  +' -v t="$t" -v e="${t#e}" -v n="$note" '{sub(/-.*/, "", e); print t "\t" e "\t" $5 "\t" $6 "\t" $7 "\t" n}' \
        <<< "$line" >> "$M/ab-study-now.tsv"
done
{
    echo "| injected | trials | head slower | same | not resolved | other | judged within a state |"
    echo "|--:|--:|--:|--:|--:|--:|--:|"
    for effect in $(cut -f2 "$M/ab-study-now.tsv" | tail -n +2 | sort -un); do
        awk -F'\t' -v e="$effect" 'NR > 1 && $2 == e {n++; if ($5 ~ /slower/) s++; else if ($5 ~ /same/) q++;
            else if ($5 ~ /not resolved/) u++; else o++; if ($3 ~ /state\)/) k++}
            END {printf "| +%s %% | %d | %d | %d | %d | %d | %d |\n", e, n, s, q, u, o, k}' "$M/ab-study-now.tsv"
    done
} > "$M/ab-study-now.md"
cat "$M/ab-study-now.md"
