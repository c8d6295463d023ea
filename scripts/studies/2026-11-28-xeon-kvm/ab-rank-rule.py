#!/usr/bin/env python3
"""Would a rank-based rule have resolved what `ab`'s rule left unresolved? Re-judges the trials of the committed ab
study (docs/results/2026-11-28-xeon-kvm/ab/runs.tar.gz) two ways on the same per-round log ratios head/base:
`ab`'s rule (the mean with its 99.9 % Student-t interval) and a rank-based one (the Hodges-Lehmann pseudo-median with
its exact 99.9 % Wilcoxon signed-rank interval), each with ab's 5 % minimum effect.
  python3 scripts/studies/2026-11-28-xeon-kvm/ab-rank-rule.py docs/results/2026-11-28-xeon-kvm/ab/runs.tar.gz
Needs numpy and scipy (pip install numpy scipy)."""
import io, json, math, re, sys, tarfile
import numpy as np
from scipy import stats

ALPHA, MIN_EFFECT = 0.001, math.log(1.05)


def verdict(lo, hi, est):
    if lo > 0 and est >= MIN_EFFECT:
        return "head slower"
    if hi < 0 and est <= -MIN_EFFECT:
        return "head faster"
    if lo >= -MIN_EFFECT and hi <= MIN_EFFECT:
        return "same"
    return "not resolved"


def t_rule(d):
    m, se = np.mean(d), np.std(d, ddof=1) / math.sqrt(len(d))
    q = stats.t.ppf(1 - ALPHA / 2, len(d) - 1)
    return m, m - q * se, m + q * se


def rank_rule(d):
    n = len(d)
    walsh = np.sort([(d[i] + d[j]) / 2 for i in range(n) for j in range(i, n)])
    counts = np.zeros(n * (n + 1) // 2 + 1)  # the signed-rank statistic's exact distribution
    counts[0] = 1
    for k in range(1, n + 1):
        counts[k:] = counts[k:] + counts[:-k].copy()
    cut = int(np.searchsorted(np.cumsum(counts) / 2 ** n, ALPHA / 2, side="right"))
    return np.median(walsh), walsh[cut], walsh[len(walsh) - 1 - cut]


def main(archive):
    scores = {}
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            m = re.match(r"(e\d+-\d+)/rounds/(\d+)-(base|head)\.json$", member.name)
            if m:
                data = json.load(io.TextIOWrapper(tar.extractfile(member)))
                scores.setdefault(m[1], {}).setdefault(int(m[2]), {})[m[3]] = data[0]["primaryMetric"]["score"]
    print(f"{'trial':8} {'rounds':>6}  {'mean rule: head/base [99.9 %]':38} {'rank rule: head/base [99.9 %]':38}")
    for trial in sorted(scores, key=lambda t: (int(t[1:].split('-')[0]), int(t.split('-')[1]))):
        d = np.array([math.log(r["head"] / r["base"]) for _, r in sorted(scores[trial].items())])
        cells = []
        for est, lo, hi in (t_rule(d), rank_rule(d)):
            cells.append(f"{math.exp(est):.3f} [{math.exp(lo):.3f}, {math.exp(hi):.3f}] {verdict(lo, hi, est):13}")
        print(f"{trial:8} {len(d):6}  {cells[0]:38} {cells[1]:38}")


if __name__ == "__main__":
    main(sys.argv[1])
