#!/usr/bin/env python3
"""Where does the cost per switch rise? Li et al.'s measureSwitch (time2, two processes through a pipe, walk
included) against switchcost's C pair (ws_threads) and JVM paired row from one interleaved working-set run:
walk cost per KiB walked, first walk after a switch, against size; and the step where it rises."""
import json, sys, statistics
li_tsv, curve_json = sys.argv[1], sys.argv[2]
li = {}
for line in open(li_tsv).read().splitlines()[1:]:
    kib, stride, t1, t2 = line.split('\t')
    li[int(kib)] = (float(t1), float(t2))
base1, base2 = li[0]
curve = json.load(open(curve_json))
ours = {}
for c in curve['cells']:
    if c['strideBytes'] != 64 or c['placement'] != 'SAME_CPU':
        continue
    first = [s['firstWalkNs'] for s in c['samples'] if s.get('firstWalkNs') is not None]
    second = [s['secondWalkNs'] for s in c['samples'] if s.get('secondWalkNs') is not None]
    if first:
        ours.setdefault(c['workingSetKiB'], {})[c['impl']] = (statistics.median(first), statistics.median(second))
print("KiB | Li time2−time2(0), ns per KiB walked | Li time1−time1(0), ns/KiB | C ws_threads first walk, ns/KiB | C second walk, ns/KiB | JVM first walk, ns/KiB | JVM second walk, ns/KiB")
print("--:|--:|--:|--:|--:|--:|--:")
for kib in sorted(k for k in li if k > 0):
    t1, t2 = li[kib]
    row = [kib, (t2 - base2) * 1000 / kib, (t1 - base1) * 1000 / kib]
    for impl in ('C', 'JVM'):
        f = ours.get(kib, {}).get(impl)
        row += [f[0] / kib, f[1] / kib] if f else [float('nan')] * 2
    print(' | '.join([str(row[0])] + ['%.1f' % x for x in row[1:]]))
