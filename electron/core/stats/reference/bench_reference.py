#!/usr/bin/python3
"""Python reference for build/bench/stats.ts: the same agreement figures with scikit-learn and
statsmodels, timed in the same run as Accord's engine.

Usage: /usr/bin/python3 bench_reference.py DATA.json
DATA.json holds {"k": levels, "a": [...], "b": [...], "resamples": R, "seed": S}: two raters'
level indices (0..k-1) on the same units.

Timed work (loading the data and importing the libraries are not timed):
  point estimates  scikit-learn cohen_kappa_score with weights None, linear, quadratic;
                   statsmodels cohens_kappa (simple, linear, quadratic) with standard errors;
                   statsmodels fleiss_kappa (fleiss and randolph) on the per-unit counts.
  bootstrap        R resamples of the units (numpy default_rng(S)); in each, the three
                   scikit-learn kappas and statsmodels' Fleiss kappa; then 2.5/97.5 percentiles.
Prints one JSON line: {"seconds", "pointSeconds", "bootstrapSeconds", "versions", "kappa"}.
"""
import json
import sys
import time

import numpy as np
import sklearn
import statsmodels
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, cohens_kappa, fleiss_kappa


def main(path):
    with open(path) as f:
        data = json.load(f)
    k = data["k"]
    a = np.asarray(data["a"], int)
    b = np.asarray(data["b"], int)
    resamples = data["resamples"]
    labels = list(range(k))
    scores = np.arange(k, dtype=float)
    n = len(a)

    start = time.perf_counter()
    kappa = cohen_kappa_score(a, b, labels=labels)
    cohen_kappa_score(a, b, labels=labels, weights="linear")
    cohen_kappa_score(a, b, labels=labels, weights="quadratic")
    table = np.zeros((k, k))
    np.add.at(table, (a, b), 1)
    cohens_kappa(table)
    cohens_kappa(table, weights=scores, wt="linear")
    cohens_kappa(table, weights=scores, wt="quadratic")
    counts = aggregate_raters(np.column_stack([a, b]), n_cat=k)[0]
    fleiss_kappa(counts, method="fleiss")
    fleiss_kappa(counts, method="randolph")
    point = time.perf_counter() - start

    start = time.perf_counter()
    rng = np.random.default_rng(data["seed"])
    draws = np.empty((resamples, 4))
    for r in range(resamples):
        idx = rng.integers(0, n, n)
        ra, rb = a[idx], b[idx]
        draws[r, 0] = cohen_kappa_score(ra, rb, labels=labels)
        draws[r, 1] = cohen_kappa_score(ra, rb, labels=labels, weights="linear")
        draws[r, 2] = cohen_kappa_score(ra, rb, labels=labels, weights="quadratic")
        draws[r, 3] = fleiss_kappa(counts[idx], method="fleiss")
    np.nanpercentile(draws, [2.5, 97.5], axis=0)
    bootstrap = time.perf_counter() - start

    print(json.dumps({
        "seconds": point + bootstrap,
        "pointSeconds": point,
        "bootstrapSeconds": bootstrap,
        "kappa": float(kappa),
        "versions": {"python": sys.version.split()[0], "numpy": np.__version__,
                     "sklearn": sklearn.__version__, "statsmodels": statsmodels.__version__},
    }))


if __name__ == "__main__":
    main(sys.argv[1])
