#!/usr/bin/env python3
"""Each frame's CPU per request on platform and on virtual threads, from scripts/studies/profile-forecast-miss.sh's
profiles: async-profiler's collapsed stacks (NN-POOL.collapsed, one sample per INTERVAL µs of CPU) and hey's output
over the same window (NN-POOL.load.txt, the requests answered). Prints the totals, the switch path (the JVM's park and
unpark and the kernel's futex, wake-up and switch code beneath them) per request, then the frames whose inclusive CPU
per request differs most, with each run's figure so that a difference can be told from the runs' spread.

usage: profile-diff.py INTERVAL_US DIR [TOP]"""
import collections
import glob
import os
import re
import sys


def requests(load):
    return sum(int(m.group(1)) for m in (re.match(r'\s*\[2\d\d\]\s+(\d+) responses', l) for l in open(load)) if m)


# The switch path, inclusive: a stack counts once in each group whose pattern one of its frames matches. Names as
# async-profiler writes them (a kernel frame ends in _[k]); a suffix such as .isra.0 varies between kernel builds.
SWITCH_PATH = [
    ('park (the JVM\'s, all beneath it)', r'Unsafe_Park'),
    ('unpark (the JVM\'s, all beneath it)', r'Unsafe_Unpark'),
    ('  futex wait (kernel)', r'futex_wait_\[k\]'),
    ('  futex wake (kernel)', r'futex_wake_\[k\]'),
    ('  a wake-up (try_to_wake_up)', r'try_to_wake_up_\[k\]'),
    ('  after a switch (finish_task_switch)', r'finish_task_switch(\.[a-z0-9.]+)?_\[k\]'),
    ('  a contended lock\'s futex (glibc)', r'__lll_lock_(wait|wake)'),
]


def profile(collapsed):
    inclusive, total = collections.Counter(), 0
    for line in open(collapsed):
        stack, count = line.rstrip('\n').rsplit(' ', 1)
        total += int(count)
        frames = stack.split(';')
        for frame in set(frames):
            inclusive[frame] += int(count)
        for name, pattern in SWITCH_PATH:
            if any(re.fullmatch(pattern, f) for f in frames):
                inclusive[name] += int(count)
    return inclusive, total


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    interval_ns, d = float(sys.argv[1]) * 1000, sys.argv[2]
    top = int(sys.argv[3]) if len(sys.argv) == 4 else 30
    runs = collections.defaultdict(list)  # pool -> [(run id, {frame: ns per request}, total ns per request)]
    for f in sorted(glob.glob(os.path.join(d, '*.collapsed'))):
        run = os.path.basename(f)[:-len('.collapsed')]
        pool = run.split('-', 1)[1]
        n = requests(os.path.join(d, run + '.load.txt'))
        if n == 0:
            sys.exit(f'{run}: no request answered while profiled')
        inc, total = profile(f)
        runs[pool].append((run, {k: v * interval_ns / n for k, v in inc.items()}, total * interval_ns / n))
    if set(runs) != {'platform', 'virtual'}:
        sys.exit(f'{d}: profiles of both pools needed, found {sorted(runs)}')

    def mean(pool, frame):
        return sum(r[1].get(frame, 0) for r in runs[pool]) / len(runs[pool])

    def each(pool, frame):
        return '/'.join(f'{r[1].get(frame, 0):.0f}' for r in runs[pool])

    print('CPU per request sampled, ns (each run; the profiler\'s own cost included):')
    for pool in ('platform', 'virtual'):
        print(f'  {pool}: ' + ', '.join(f'{r[0]} {r[2]:.0f}' for r in runs[pool]))
    print('\nThe switch path, inclusive CPU per request, ns (mean difference; platform runs; virtual runs):')
    for name, _ in SWITCH_PATH:
        print(f'{mean("virtual", name) - mean("platform", name):+9.0f}  P {each("platform", name):>13}  V {each("virtual", name):>13}  {name}')
    names = {name for name, _ in SWITCH_PATH}
    frames = set().union(*(r[1] for p in runs.values() for r in p)) - names
    diff = sorted(((mean('virtual', k) - mean('platform', k), k) for k in frames), reverse=True)
    for title, rows in (('virtual threads run more of', diff[:top]), ('platform threads run more of', diff[::-1][:top])):
        print(f'\nInclusive CPU per request, ns: {title} (mean difference; platform runs; virtual runs; frame)')
        for dv, k in rows:
            print(f'{dv:+9.0f}  P {each("platform", k):>13}  V {each("virtual", k):>13}  {k[:140]}')


if __name__ == '__main__':
    main()
