"""Pass rates with Wilson score intervals."""

from __future__ import annotations

import math


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval of ``k`` successes in ``n`` trials (95% by default); (0, 1) for
    n = 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(k: int, n: int) -> dict[str, object]:
    lo, hi = wilson(k, n)
    return {"passed": k, "n": n, "pass_at_1": (k / n if n else 0.0), "wilson95": [lo, hi]}


def disjoint_above(a: dict, b: dict) -> bool:
    """True when interval ``a`` lies wholly above interval ``b``."""
    return a["wilson95"][0] > b["wilson95"][1]
