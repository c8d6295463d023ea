#!/bin/bash
cd /work/main
for i in $(seq 1 20); do
  scripts/switchcost run --allow-disturbed -f 1 -wi 0 -i 60 -w 100ms -r 100ms -p kind=PLATFORM -o /tmp/tc/r$i ThreadCreation > /tmp/tc/r$i.txt 2>&1
  echo "run $i exit=$? $(date -u +%H:%M:%S)" >> /tmp/tc/summary.txt
done
