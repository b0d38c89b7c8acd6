"""Rates a designer can trust: Wilson intervals, Newcombe and Mantel-Haenszel differences, Holm.

Why these: a simulated win rate is a proportion, often near 0 or 1 and from few games,
where the textbook "p +- 1.96 se" interval is too narrow; Wilson's score interval keeps
its coverage there. `--compare` asks for the *difference* of two proportions (a variant's
rate against the base's): Newcombe's hybrid score interval (method 10) builds it from the
two Wilson intervals. A report tests twenty cards at once, so one
would come out "significant" by chance at 95 %; Holm's step-down keeps the chance of
*any* false strong/weak call in a family at 5 % (a designer acts on every call, so a false
one costs a redesign), with more power than Bonferroni. Benjamini-Hochberg would call
more cards but lets 5 % of the calls be false: wrong for a list a designer acts on.

A card is judged against the players who passed it over, but it is not bought at random:
a bot buys what its gold pays for, so those who pass a card over differ from its buyers
(richer, later) in ways that decide games. Comparing like with like means a difference
*within strata* (same gold, same stage of the game), pooled over them: the Mantel-Haenszel
risk difference, with Sato's variance (1989), which stays right both with many thin strata
(one observation a side) and with a few thick ones.
"""
from __future__ import annotations

from math import erf, sqrt

Z95 = 1.959963984540054
ALPHA = 0.05
MIN_N = 30  # fewer observations than this on either side: "unknown" (not enough games)
AVOIDED = 0.02  # taken by fewer than this share of those offered it: "avoided"
VERDICTS = ("strong", "weak", "even", "unknown", "avoided")
# why a verdict is unknown (an entry's `reason`)
TOO_FEW = "too few games"  # a rate from fewer than MIN_N observations
TOO_FEW_SIDE = "too few games on a side"  # a card: fewer than MIN_N buyers or passers in the strata holding both
NEVER_PASSED = "never passed over"  # a card: fewer than AVOIDED of its first offers passed it over (more games won't do)


def z_for(alpha: float) -> float:
    """The two-sided normal quantile for level 1 - alpha."""
    from statistics import NormalDist  # only here: `statistics` costs a report's start-up several ms

    return NormalDist().inv_cdf(1 - alpha / 2)


SQRT2 = sqrt(2.0)


def normal_cdf(x: float) -> float:
    """P(Z <= x) for a standard normal Z: `statistics.NormalDist().cdf(x)`, the same formula to the bit."""
    return 0.5 * (1.0 + erf(x / SQRT2))


def wilson(x: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for x successes in n trials (x may be fractional: shared wins)."""
    if n <= 0:
        return 0.0, 1.0
    p = x / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(x1: float, n1: float, x2: float, n2: float, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval for p1 - p2 (independent samples)."""
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson(x1, n1, z)
    l2, u2 = wilson(x2, n2, z)
    d = p1 - p2
    return d - sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def p_value(excludes) -> float:
    """The smallest alpha at which `excludes(z)` holds (intervals widen with z): by bisection.

    The p-value of the interval's own test, so a call and its interval never disagree."""
    if not excludes(1e-9):
        return 1.0
    lo, hi = 0.0, 40.0  # z: excluded at lo, maybe not at hi
    if excludes(hi):
        return 0.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if excludes(mid):
            lo = mid
        else:
            hi = mid
    return 2 * (1 - normal_cdf(lo))


def p_rate(x: float, n: float, baseline: float) -> float:
    """p-value of "the rate x/n equals baseline" by the Wilson interval.

    The Wilson interval at z holds the baseline p0 exactly when (x/n - p0)^2 <= z^2 p0 (1 - p0) / n
    (it is the set of rates the score test keeps), so the z at which it stops holding p0 has a closed
    form: no bisection needed."""
    if n <= 0:
        return 1.0  # no games: the interval is [0, 1]
    spread = baseline * (1 - baseline) / n
    if spread <= 0:
        return p_value(lambda z: not wilson(x, n, z)[0] <= baseline <= wilson(x, n, z)[1])  # a baseline of 0 or 1
    return 2 * (1 - normal_cdf(abs(x / n - baseline) / sqrt(spread)))


def p_difference(x1: float, n1: float, x2: float, n2: float) -> float:
    """p-value of "p1 equals p2" by Newcombe's interval."""
    def excludes(z: float) -> bool:
        low, high = newcombe(x1, n1, x2, n2, z)
        return low > 0 or high < 0
    return p_value(excludes)


def holm(p_values: dict[str, float], alpha: float = ALPHA) -> set[str]:
    """Holm's step-down: the keys whose hypothesis is rejected, family-wise error at most alpha."""
    ordered = sorted(p_values.items(), key=lambda kv: (kv[1], kv[0]))
    m = len(ordered)
    rejected = set()
    for i, (key, p) in enumerate(ordered):
        if p > alpha / (m - i):
            break
        rejected.add(key)
    return rejected


def mantel_haenszel(strata, z: float = Z95) -> tuple[float, float, float, float]:
    """Pooled difference p1 - p0 over strata of (x1, n1, x0, n0), its interval, and its p-value.

    Each stratum weighs n1 n0 / (n1 + n0) (strata with one side empty weigh nothing); the
    variance is Sato's: (d P + Q) / W^2. Returns (d, low, high, p); (0, -1, 1, 1) when no
    stratum holds both sides."""
    w_sum = num = p_sum = q_sum = 0.0
    for x1, n1, x0, n0 in strata:
        if not n1 or not n0:
            continue
        n = n1 + n0
        w_sum += n1 * n0 / n
        num += (x1 * n0 - x0 * n1) / n
        p_sum += (n1 * n1 * x0 - n0 * n0 * x1 + n1 * n0 * (n0 - n1) / 2) / (n * n)
        q_sum += (x1 * (n0 - x0) + x0 * (n1 - x1)) / (2 * n)
    if not w_sum:
        return 0.0, -1.0, 1.0, 1.0
    d = num / w_sum
    se = sqrt(max(d * p_sum + q_sum, 0.0)) / w_sum
    if not se:
        return d, d, d, 1.0 if not d else 0.0
    return d, d - z * se, d + z * se, 2 * (1 - normal_cdf(abs(d) / se))


def mean_interval(total: float, squares: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Mean and normal interval of a count's mean, from its sum and sum of squares."""
    if n <= 0:
        return 0.0, 0.0, 0.0
    mean = total / n
    var = max(squares / n - mean * mean, 0.0) * n / max(n - 1, 1)
    half = z * sqrt(var / n)
    return mean, mean - half, mean + half


def welch(a: tuple[float, float, int], b: tuple[float, float, int], z: float = Z95) -> tuple[float, float, float]:
    """Difference of two means (b - a) with a normal interval; each side (sum, sum of squares, n)."""
    means, variances = [], []
    for total, squares, n in (a, b):
        mean = total / n
        means.append(mean)
        variances.append(max(squares / n - mean * mean, 0.0) * n / max(n - 1, 1) / n)
    d = means[1] - means[0]
    half = z * sqrt(variances[0] + variances[1])
    return d, d - half, d + half


def judge(entries: list[dict], baseline_of) -> None:
    """Fill each entry's `verdict` in place, Holm-corrected over the family.

    `baseline_of(entry)` gives the p-value against the entry's baseline and the sign of its
    difference (None: not tested; the entry's verdict is already set)."""
    tested: dict[str, float] = {}
    signs: dict[str, float] = {}
    for e in entries:
        if e.get("verdict"):
            continue
        p, sign = baseline_of(e)
        tested[e["id"]] = p
        signs[e["id"]] = sign
    rejected = holm(tested)
    for e in entries:
        if e.get("verdict"):
            continue
        e["verdict"] = ("strong" if signs[e["id"]] > 0 else "weak") if e["id"] in rejected else "even"
