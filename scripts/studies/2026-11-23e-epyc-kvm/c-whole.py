#!/usr/bin/env python3
"""Medians over repetitions of ws_threads' paired estimate and whole cost (beyond - beyond at size 0,
the size-0 median subtracted), per size: where the C curve rises, beside the JVM's JMH run."""
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
by = {}
for r in rows:
    by.setdefault(r["working_set_kib"], []).append(r)
zero = statistics.median(r["beyond_ns_per_switch"] for r in by[0])
print("KiB  n  paired_median  beyond_median  whole_median  whole_min..max  switches/rt")
for k in sorted(by):
    rs = by[k]
    b = [r["beyond_ns_per_switch"] - zero for r in rs]
    print(f"{k:5d} {len(rs)} {statistics.median(r['paired_indirect_ns_per_switch'] for r in rs):12.0f}"
          f" {statistics.median(r['beyond_ns_per_switch'] for r in rs):14.0f} {statistics.median(b):13.0f}"
          f"  {min(b):.0f}..{max(b):.0f}  {statistics.median(r['switches_per_round_trip'] for r in rs):.2f}")
