#!/bin/bash
# ws_threads at three commits: where its two walk functions (and so their loops) lie, and how fast each walk runs
# at 16 KiB on one CPU (3 runs of 10,000 round trips). 570128a: the binary of the fifth session's C curve;
# feb5719: after 5bacd40 changed an inline function of working_set.h (ws_sums_plus), which moved
# ws_walk_second's inner loop across a 64-byte line; HEAD: both walk functions aligned to 64 bytes (c6c0ad6).
# Run from a checkout of the repository.
set -eu
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
CPU=$(taskset -pc $$ | sed 's/.*: //; s/[,-].*//')
for rev in 570128a feb5719 HEAD; do
    mkdir -p "$W/$rev" && git archive "$rev" src/main/c | tar -x -C "$W/$rev"
    (cd "$W/$rev/src/main/c" && cc -std=c11 -O2 -Wall -Wextra -Werror -pthread -o "$W/$rev/ws_threads" ws_threads.c common.c -lm)
    echo "== $rev ($(git rev-parse --short "$rev")): $(cc --version | head -1)"
    nm "$W/$rev/ws_threads" | grep ws_walk | while read -r a t n; do
        echo "   $n at 0x$a ($(( 0x$a % 64 )) bytes past a 64-byte line)"
    done
    for i in 1 2 3; do
        "$W/$rev/ws_threads" --cpus "$CPU" SAME_CPU 10000 1 16 64 li \
            | python3 -c "import json,sys; r=json.loads(sys.stdin.read()); print(f\"   16 KiB: first walk {r['first_walk_ns']:.0f} ns, second {r['second_walk_ns']:.0f} ns, paired {r['paired_indirect_ns_per_switch']:.0f}\")"
    done
done
