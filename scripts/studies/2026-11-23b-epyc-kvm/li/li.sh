#!/bin/bash
# Li, Ding and Shen's programs as published (gz/contextswitch a17fa50e7cbc: measureSwitch.c, measureSingle.c,
# util.c, util.h, Makefile, copied into the directory $LI; their Makefile: gcc, no -O; MULTIPROCESSOR: CPU 1 and SCHED_FIFO;
# LOOP 10000, min of N = 3 rounds), stride 64 B, the curve run's sizes. time2: two processes through a pipe, µs per
# switch, walk included; time1: one process doing both halves, µs. Usage: LI=DIR li.sh OUTDIR
set -u
LI=${LI:?LI=DIR: the directory holding their files}
OUT=$1; mkdir -p $OUT
B=$(mktemp -d); trap 'rm -rf $B' EXIT
cp "$LI"/measureSingle.c "$LI"/measureSwitch.c "$LI"/util.c "$LI"/util.h "$LI"/Makefile $B/
( cd $B && make -s 2>/dev/null ) || { echo "li: build failed"; exit 3; }
printf 'kib\tstride\ttime1_us\ttime2_us\n' > $OUT/li.tsv.tmp
for kib in 0 16 32 64 128 256 512 1024 2048 4096 8192; do
  n=$((kib*1024))
  t1=$($B/measureSingle -n $n -s 64 | sed -n 's/.*min time1 = \([0-9.]*\).*/\1/p')
  t2=$($B/measureSwitch -n $n -s 64 | sed -n 's/.*min time2 = \([0-9.]*\).*/\1/p')
  printf '%s\t64\t%s\t%s\n' $kib "$t1" "$t2" | tee -a $OUT/li.tsv.tmp
done
mv $OUT/li.tsv.tmp $OUT/li.tsv
echo "li: $(($(wc -l < $OUT/li.tsv)-1)) sizes"
