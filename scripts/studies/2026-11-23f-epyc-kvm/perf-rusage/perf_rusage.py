#!/usr/bin/env python3
"""Whether a command's switches reach getrusage(RUSAGE_CHILDREN) of the process that started it, when the
command runs directly, under `perf stat -I` (what `switchcost sample` uses) and under plain `perf stat`;
beside it, what perf itself counted in the command (context-switches, summed over the intervals).
Run: python3 perf_rusage.py   (needs perf)"""
import resource
import subprocess
import tempfile

CMD = "i=0; while [ $i -lt 10 ]; do sleep 0.01; i=$((i+1)); done"  # ten sleeps, ten waits


def perf_count(path):
    total = 0.0
    for line in open(path):
        f = line.strip().split(",")
        if "context-switches" in f:
            total += float(f[f.index("context-switches") - 2])
    return int(total)


with tempfile.TemporaryDirectory() as d:
    ways = {
        "directly": (["sh", "-c", CMD], None),
        "perf stat -I 100": (["perf", "stat", "-x,", "-I", "100", "-e", "context-switches", "-o", d + "/i.csv", "--",
                              "sh", "-c", CMD], d + "/i.csv"),
        "perf stat": (["perf", "stat", "-x,", "-e", "context-switches", "-o", d + "/p.csv", "--", "sh", "-c", CMD],
                      d + "/p.csv"),
    }
    for name, (argv, out) in ways.items():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(f"{name:17} getrusage(RUSAGE_CHILDREN): {after.ru_nvcsw - before.ru_nvcsw:3} voluntary,"
              f" {after.ru_nivcsw - before.ru_nivcsw:3} involuntary"
              + ("" if out is None else f"; perf counted {perf_count(out)} context-switches in the command"))
