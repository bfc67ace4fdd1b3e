#!/usr/bin/python3
"""Reference values for electron/core/stats/differential.test.ts.

Reads {"cases": [...]} as JSON on stdin and writes {"versions": ..., "results": [...]} on
stdout, one result per case, in order. Run with Debian's interpreter (/usr/bin/python3) and
its packages python3-sklearn, python3-statsmodels and python3-nltk.

Case kinds:
  pair   two raters' labels a, b over levels 0..k-1, level values (increasing) and an optional
         custom agreement-weight matrix -> scikit-learn cohen_kappa_score (weights None, linear,
         quadratic) and statsmodels cohens_kappa (simple, linear, quadratic, custom) with its
         standard errors, z, p and interval; statsmodels fleiss_kappa on the aggregated counts.
  multi  a complete units x categories count matrix -> statsmodels fleiss_kappa (fleiss and
         randolph).
  raw    units x raters level indices with None for missing, and level values ->
         Krippendorff's alpha (nominal, ordinal, interval) and Gwet's AC1/AC2, written here
         directly from their textbook definitions (pairs of values for alpha; Gwet's
         per-unit formulas for AC), independently of the TypeScript code; alpha in all four
         metrics (nominal, ordinal, interval, ratio) by nltk's AnnotationTask; Conger's kappa
         and its variance ported line by line from irrCAC's conger.kappa.raw.

NaN (an undefined statistic) is written as null.
"""
import json
import math
import sys
import warnings

import nltk
import numpy as np
import sklearn
import statsmodels
from nltk.metrics.agreement import AnnotationTask
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, cohens_kappa, fleiss_kappa


def clean(x):
    """JSON-safe float: NaN and infinities become None."""
    if x is None:
        return None
    x = float(x)
    return x if math.isfinite(x) else None


Z95 = 1.959963984540054


def fisher_interval(kappa, se):
    """Wald interval on Fisher's z = atanh(kappa), back-transformed (None where not estimable:
    no SE, SE 0, or kappa on the bound +-1)."""
    if kappa is None or se is None or not math.isfinite(se) or se <= 0 or abs(kappa) >= 1 - 1e-12:
        return None, None
    z = math.atanh(kappa)
    se_z = se / (1 - kappa * kappa)
    return math.tanh(z - Z95 * se_z), math.tanh(z + Z95 * se_z)


def kappa_results(res):
    kappa, se = clean(res.kappa), clean(res.std_kappa)
    fisher_low, fisher_high = fisher_interval(kappa, se)
    return {
        "kappa": kappa,
        "se": se,
        "se0": clean(res.std_kappa0),
        "z": clean(res.z_value),
        "p": clean(res.pvalue_two_sided),
        "low": clean(res.kappa_low),
        "high": clean(res.kappa_upp),
        "fisher_low": fisher_low,
        "fisher_high": fisher_high,
    }


def gwet_table(table, weights):
    """Gwet's AC1/AC2 for two raters from a contingency table with the closed-form variance of
    Gwet (2008), as irrCAC's gwet.ac1.table computes it (N = Inf)."""
    n = table.sum()
    q = table.shape[0]
    if n == 0 or q < 2:
        return None, None
    p = table / n
    pa = (weights * p).sum()
    pi = (p.sum(1) + p.sum(0)) / 2
    tw = weights.sum()
    pe = tw * (pi * (1 - pi)).sum() / (q * (q - 1))
    if pe >= 1 - 1e-15:
        return None, None
    ac = (pa - pe) / (1 - pe)
    term = tw * (1 - (pi[:, None] + pi[None, :]) / 2) / (q * (q - 1))
    s1 = (p * (weights - 2 * (1 - ac) * term) ** 2).sum()
    var = (s1 - (pa - 2 * (1 - ac) * pe) ** 2) / (n * (1 - pe) ** 2)
    return ac, math.sqrt(max(var, 0.0))


def pair_case(case):
    k = case["k"]
    a = np.asarray(case["a"], int)
    b = np.asarray(case["b"], int)
    values = np.asarray(case["values"], float)
    labels = list(range(k))
    table = np.zeros((k, k))
    np.add.at(table, (a, b), 1)
    out = {
        "sklearn": {
            "none": clean(cohen_kappa_score(a, b, labels=labels)),
            "linear": clean(cohen_kappa_score(a, b, labels=labels, weights="linear")),
            "quadratic": clean(cohen_kappa_score(a, b, labels=labels, weights="quadratic")),
        },
        "statsmodels": {
            "simple": kappa_results(cohens_kappa(table)),
            "linear": kappa_results(cohens_kappa(table, weights=values, wt="linear")),
            "quadratic": kappa_results(cohens_kappa(table, weights=values, wt="quadratic")),
        },
    }
    if case.get("custom") is not None:
        # statsmodels takes a 2-D matrix as disagreement weights (zeros on the diagonal).
        disagreement = 1.0 - np.asarray(case["custom"], float)
        out["statsmodels"]["custom"] = kappa_results(cohens_kappa(table, weights=disagreement))
    ac1, ac1_se = gwet_table(table, np.eye(k))
    out["gwet_table"] = {"ac1": clean(ac1), "ac1_se": clean(ac1_se)}
    counts = aggregate_raters(np.column_stack([a, b]), n_cat=k)[0]
    out["fleiss"] = clean(fleiss_kappa(counts, method="fleiss"))
    out["randolph"] = clean(fleiss_kappa(counts, method="randolph"))
    return out


def fleiss_se0(counts):
    """Standard error of Fleiss' kappa under H0 (Fleiss, Nee & Landis 1979), for complete data
    with m ratings on each of n units."""
    n = counts.shape[0]
    m = counts.sum(1)
    if not np.all(m == m[0]) or m[0] < 2:
        return None
    m = m[0]
    p = counts.sum(0) / (n * m)
    pq = (p * (1 - p)).sum()
    if pq <= 1e-15:
        return None
    inner = pq ** 2 - (p * (1 - p) * (1 - 2 * p)).sum()
    return math.sqrt(2) / (pq * math.sqrt(n * m * (m - 1))) * math.sqrt(max(inner, 0.0))


def multi_case(case):
    counts = np.asarray(case["counts"], float)
    return {
        "fleiss": clean(fleiss_kappa(counts, method="fleiss")),
        "fleiss_se0": clean(fleiss_se0(counts)),
        "randolph": clean(fleiss_kappa(counts, method="randolph")),
    }


def nltk_alpha(units, values, metric):
    """Krippendorff's alpha by nltk's AnnotationTask with the metric's distance; None where
    nltk cannot compute it or where it returns 1 for a single observed value (undefined)."""
    data = [(str(j), str(i), v) for i, unit in enumerate(units) for j, v in enumerate(unit) if v is not None]
    pairable = [v for unit in units for v in unit if v is not None and sum(x is not None for x in unit) >= 2]
    if len(set(pairable)) < 2:
        return None
    freq = np.bincount(pairable, minlength=len(values)).astype(float)

    def distance(a, b):
        if metric == "nominal":
            return 0.0 if a == b else 1.0
        if metric == "interval":
            return (values[a] - values[b]) ** 2
        if metric == "ratio":
            s = values[a] + values[b]
            return 0.0 if s == 0 else ((values[a] - values[b]) / s) ** 2
        lo, hi = min(a, b), max(a, b)
        return 0.0 if a == b else (freq[lo:hi + 1].sum() - (freq[a] + freq[b]) / 2) ** 2

    try:
        return AnnotationTask(data=data, distance=distance).alpha()
    except (ValueError, ZeroDivisionError):
        return None


def conger(units, q, weights):
    """Conger's kappa and its linearised variance, following irrCAC's conger.kappa.raw
    (Gwet 2014) line by line with N = Inf."""
    ratings = [[-1 if v is None else v for v in unit] for unit in units]
    ratings = [u for u in ratings if any(v >= 0 for v in u)]
    x = np.asarray(ratings, int)
    n, r = x.shape
    agree = np.zeros((n, q))
    for k in range(q):
        agree[:, k] = (x == k).sum(1)
    classif = np.zeros((r, q))
    for k in range(q):
        classif[:, k] = (x == k).sum(0)
    keep = classif.sum(1) > 0
    if keep.sum() < 2 or q < 2:
        return None, None
    x = x[:, keep]
    classif = classif[keep]
    r = x.shape[1]
    agree_w = agree @ weights.T
    ri = agree.sum(1)
    sum_q = (agree * (agree_w - 1)).sum(1)
    two = ri >= 2
    n2 = two.sum()
    if n2 == 0:
        return None, None
    pa = (sum_q[two] / (ri[two] * (ri[two] - 1))).sum() / n2
    ng = classif.sum(1)
    pgk = classif / ng[:, None]
    pbar = pgk.mean(0)
    s2 = (pgk.T @ pgk - r * np.outer(pbar, pbar)) / (r - 1)
    pe = (weights * (np.outer(pbar, pbar) - s2 / r)).sum()
    if pe >= 1 - 1e-15:
        return None, None
    kappa = (pa - pe) / (1 - pe)
    if n < 2:
        return kappa, None
    eps = (x >= 0).astype(float)
    lam = np.zeros((n, r))
    for k in range(q):
        lk = np.zeros((n, r))
        for l in range(q):
            delta = (x == l).astype(float)
            lk += weights[k, l] * (delta - (eps - ng[None, :] / n) * pgk[None, :, l])
        lk *= n / ng[None, :]
        lam += lk * (r * pbar[k] - pgk[None, :, k])
    pe_i = lam.sum(1) / (r * (r - 1))
    den = ri * (ri - 1)
    den = np.where(den == 0, -1, den)
    pa_i = sum_q / den
    kap_i = (n / n2) * (pa_i - pe * two) / (1 - pe)
    kap_x = kap_i - 2 * (1 - kappa) * (pe_i - pe) / (1 - pe)
    var = ((kap_x - kappa) ** 2).sum() / (n * (n - 1))
    return kappa, math.sqrt(var)


def alpha_by_pairs(units, values, metric):
    """Krippendorff's alpha from its definition over pairs of pairable values:
    alpha = 1 - D_o / D_e, D_o = (1/n) sum_u sum_{i != j in u} d(v_i, v_j) / (m_u - 1),
    D_e = 1 / (n (n - 1)) sum over all ordered pairs i != j of pairable values d(v_i, v_j)."""
    pairable = [[v for v in unit if v is not None] for unit in units]
    pairable = [u for u in pairable if len(u) >= 2]
    pooled = [v for u in pairable for v in u]
    n = len(pooled)
    if n < 2:
        return None
    freq = np.bincount(pooled, minlength=len(values)).astype(float)

    def d2(c, k):
        if c == k:
            return 0.0
        if metric == "nominal":
            return 1.0
        if metric == "interval":
            return (values[c] - values[k]) ** 2
        lo, hi = min(c, k), max(c, k)
        return (freq[lo:hi + 1].sum() - (freq[c] + freq[k]) / 2) ** 2

    observed = 0.0
    for u in pairable:
        m = len(u)
        observed += sum(d2(u[i], u[j]) for i in range(m) for j in range(m) if i != j) / (m - 1)
    # Sum over ordered pairs of distinct positions of all pooled values, by category counts.
    expected = sum(freq[c] * freq[k] * d2(c, k) for c in range(len(values)) for k in range(len(values)))
    if expected == 0:
        return None
    return 1 - (n - 1) * observed / expected


def gwet(units, q, weights):
    """Gwet's AC1/AC2 and its variance for multiple raters with missing ratings, following
    Gwet (2014) and irrCAC's gwet.ac1.raw with N = Inf."""
    r = np.zeros((len(units), q))
    for i, unit in enumerate(units):
        for v in unit:
            if v is not None:
                r[i, v] += 1
    r = r[r.sum(1) > 0]
    n = r.shape[0]
    ri = r.sum(1)
    rstar = r @ weights.T
    two = ri >= 2
    n2 = two.sum()
    if n2 == 0 or q < 2:
        return None, None
    pa_i = np.zeros(n)
    pa_i[two] = (r[two] * (rstar[two] - 1)).sum(1) / (ri[two] * (ri[two] - 1))
    pa = pa_i[two].mean()
    pi = (r / ri[:, None]).mean(0)
    scale = weights.sum() / (q * (q - 1))
    pe = scale * (pi * (1 - pi)).sum()
    ac = (pa - pe) / (1 - pe)
    if n < 2:
        return ac, None
    gamma = np.where(two, (n / n2) * (pa_i - pe) / (1 - pe), 0.0)
    pe_i = scale * ((r / ri[:, None]) @ (1 - pi))
    star = gamma - 2 * (1 - ac) * (pe_i - pe) / (1 - pe)
    var = ((star - ac) ** 2).sum() / (n * (n - 1))
    return ac, math.sqrt(var)


def raw_case(case):
    units = case["units"]
    values = np.asarray(case["values"], float)
    q = len(values)
    span = values.max() - values.min()
    diff = np.abs(values[:, None] - values[None, :]) / span
    ac1, ac1_se = gwet(units, q, np.eye(q))
    ac2, ac2_se = gwet(units, q, 1 - diff ** 2)
    conger_k, conger_se = conger(units, q, np.eye(q))
    return {
        "alpha": {m: clean(alpha_by_pairs(units, values, m)) for m in ("nominal", "ordinal", "interval")},
        "nltk_alpha": {m: clean(nltk_alpha(units, values, m)) for m in ("nominal", "ordinal", "interval", "ratio")},
        "conger": clean(conger_k), "conger_se": clean(conger_se),
        "ac1": clean(ac1), "ac1_se": clean(ac1_se),
        "ac2": clean(ac2), "ac2_se": clean(ac2_se),
    }


def main():
    cases = json.load(sys.stdin)["cases"]
    results = []
    with warnings.catch_warnings():
        # Undefined statistics (0/0) are expected in some cases and reported as null.
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            for case in cases:
                kind = case["kind"]
                if kind == "pair":
                    results.append(pair_case(case))
                elif kind == "multi":
                    results.append(multi_case(case))
                elif kind == "raw":
                    results.append(raw_case(case))
                else:
                    raise ValueError("unknown case kind: %r" % kind)
    json.dump({
        "versions": {"python": sys.version.split()[0], "numpy": np.__version__,
                     "sklearn": sklearn.__version__, "statsmodels": statsmodels.__version__,
                     "nltk": nltk.__version__},
        "results": results,
    }, sys.stdout)


if __name__ == "__main__":
    main()
