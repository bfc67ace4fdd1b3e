#!/usr/bin/python3
"""Reference for pairableBootstrap.test.ts: a percentile bootstrap of Krippendorff's alpha
(ordinal) that resamples only the units rated by two or more raters, written independently of
Accord: numpy's generator draws unit indices (not pattern counts), nltk's AnnotationTask
computes alpha with the ordinal distance (Krippendorff 2011), and the interval is numpy's
default ("linear", Hyndman & Fan type 7) 2.5th and 97.5th percentiles.

Run: /usr/bin/python3 electron/core/stats/reference/pairable_bootstrap_reference.py
(Debian's python3-numpy and python3-nltk). Prints the point estimate, the interval over the
pairable units, and, for contrast, the interval when every rated unit is resampled (what Accord
did before), both with 20,000 resamples and seed 20261127.
"""
import json

import numpy as np
from nltk.metrics.agreement import AnnotationTask

# The test's rows: scores 1..5 by raters ana, ben, cy (None = not rated). Twelve units rated by
# two or more raters; twenty rated by cy alone (which alpha ignores).
PAIRABLE = [
    [1, 1, 2], [2, 2, 2], [3, 3, 4], [4, 4, 4], [5, 5, 5], [2, 3, 2],
    [1, 1, 1], [3, 3, 3], [4, 5, 4], [2, 2, None], [5, 4, None], [3, None, 3],
]
SINGLES = [[None, None, 1 + i % 5] for i in range(20)]
RESAMPLES = 20_000
SEED = 20261127


def alpha_ordinal(units):
    """Krippendorff's ordinal alpha by nltk, over the units' pairable values."""
    pairable = [u for u in units if sum(v is not None for v in u) >= 2]
    pooled = [v for u in pairable for v in u if v is not None]
    if len(set(pooled)) < 2:
        return None
    freq = np.bincount(pooled, minlength=6).astype(float)

    def distance(a, b):
        lo, hi = min(a, b), max(a, b)
        return 0.0 if a == b else (freq[lo:hi + 1].sum() - (freq[a] + freq[b]) / 2) ** 2

    # Each resampled unit is its own item (a unit drawn twice counts twice).
    data = [(str(j), str(i), v) for i, u in enumerate(pairable) for j, v in enumerate(u) if v is not None]
    return AnnotationTask(data=data, distance=distance).alpha()


def bootstrap(units, rng):
    values = []
    for _ in range(RESAMPLES):
        drawn = [units[i] for i in rng.integers(0, len(units), len(units))]
        a = alpha_ordinal(drawn)
        if a is not None:
            values.append(a)
    return [float(x) for x in np.percentile(values, [2.5, 97.5])], len(values)


def main():
    everything = PAIRABLE + SINGLES
    pairable_ci, pairable_defined = bootstrap(PAIRABLE, np.random.default_rng(SEED))
    all_ci, all_defined = bootstrap(everything, np.random.default_rng(SEED))
    print(json.dumps({
        "alpha_ordinal": alpha_ordinal(everything),
        "pairable_units_only": {"ci95": pairable_ci, "defined": pairable_defined},
        "every_rated_unit": {"ci95": all_ci, "defined": all_defined},
        "resamples": RESAMPLES,
        "seed": SEED,
    }, indent=1))


if __name__ == "__main__":
    main()
