#!/bin/bash
# Usage: tc.sh OUTDIR, from the repository root.
OUT=${1:?usage: tc.sh OUTDIR}; mkdir -p "$OUT"
for i in $(seq 1 20); do
  scripts/switchcost run --allow-disturbed -f 1 -wi 0 -i 60 -w 100ms -r 100ms -p kind=PLATFORM -o $OUT/r$i ThreadCreation > $OUT/r$i.txt 2>&1
  echo "run $i exit=$? $(date -u +%H:%M:%S)" >> $OUT/summary.txt
done
