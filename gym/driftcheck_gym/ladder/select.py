"""Selectors scored by replay: given two legal designs of one task nobody has trained, which
one gets the GPU?

A selector maps a campaign row to a score (higher: pick it) or None (abstain); a pair whose
scores are equal (or where it abstains) is undecided and counts as half right. Pairs are taken
within a task, between designs that were trained (status ok or diverged; a diverged design
ranks below every trained one); a pair whose two outcomes are equal to the printed digits has
no right answer and is left out (counted as ``outcome_ties``).

Selectors: ``static-verifier`` (the verifier's 0-100 score), ``smallest-params``,
``largest-params``, and ours, ``fit:structure``: a pairwise logistic model (RankNet-style,
no intercept, L2) over the differences of standardized structural facts read from the graph
and the cost model (``FEATURES``), fit on one campaign's pairs and scored on another's.

Nothing here imports torch: a campaign file is replayed with numpy, scipy and scikit-learn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from driftcheck.graph import catalogue
from driftcheck.graph.model import Graph
from driftcheck.graph.shapes import infer_shapes

__all__ = [
    "FEATURES",
    "FitSelector",
    "Score",
    "Selector",
    "baseline_selectors",
    "features",
    "pairs",
    "score_selector",
    "spearman_table",
    "wilson",
]

_NORMS = {"BatchNorm1d", "BatchNorm2d", "LayerNorm", "GroupNorm", "RMSNorm", "InstanceNorm2d"}
_ACTS = {"ReLU", "GELU", "Tanh", "Sigmoid", "SiLU", "LeakyReLU", "ELU", "Mish", "Softplus"}
_SATURATING = {"Tanh", "Sigmoid"}
_ATTN = {"MultiheadAttention", "TransformerEncoderLayer", "TransformerDecoderLayer"}
_RNN = {"LSTM", "GRU", "RNN"}
_CONV = {"Conv1d", "Conv2d", "Conv3d"}

FEATURES = (
    "log_params",
    "log_macs",
    "depth",
    "log_width",
    "norm",
    "residual",
    "nonlinear",
    "saturating",
    "dropout",
    "positional",
    "recurrent",
    "attention",
    "conv",
    "params_per_mac",
)
"""Structural facts our selector reads (all from the graph and the cost model)."""

SMALL_FEATURES = (
    "log_params",
    "positional",
    "recurrent",
    "attention",
    "conv",
    "residual",
    "norm",
    "saturating",
)
"""The second selector's facts (``fit:size+structure``, C = 0.1): chosen by cross-validation
inside campaign A only (leave-one-task-out 69.3%, random design halves 72.4%, against 65.3%
and 65.8% for size alone and 54.3% and 66.0% for all of ``FEATURES`` at C = 1), after
``fit:structure`` tied largest-params on campaign B; scored out of sample on campaigns C and
D, minted after it was frozen. The third selector (``fit:pooled``) uses the same facts at
C = 0.01, fit on A+B+C (docs/ladder.md)."""


def _leaves(graph: Graph, mult: int = 1, depth: int = 0) -> Iterator[tuple[str, dict, int]]:
    """(type, params, copies) of every leaf, catalogue blocks opened into their sub-graphs."""
    for n in graph.leaves():
        k = mult * graph.multiplicity(n)
        block = catalogue.get_block(n.type) if depth < 4 else None
        if block is not None:
            try:
                sub = block.graph(n.params)
            except Exception:  # noqa: BLE001 - a block that does not build has no leaves
                continue
            yield from _leaves(sub, k, depth + 1)
        else:
            yield n.type, n.params, k


def _weighted(t: str, params: dict) -> bool:
    spec = catalogue.get(t)
    if spec is None or t in _NORMS:
        return False
    try:
        return bool(spec.weights(spec.bind(params)))
    except Exception:  # noqa: BLE001 - unbindable params: not a weighted layer we can count
        return False


def features(graph: Graph, facts: dict[str, Any]) -> dict[str, float]:
    """The structural facts of one design (static: the graph, the verifier, the cost model)."""
    leaves = list(_leaves(graph))
    types = [t for t, _, k in leaves for _ in range(k)]
    depth = sum(k for t, p, k in leaves if _weighted(t, p))
    shapes = infer_shapes(graph).shapes
    width = 1
    for n in graph.leaves():
        s = shapes.get(n.id)
        if n.type == "Input" or not s or not _weighted(n.type, n.params) and n.type not in _NORMS:
            continue
        d = s[1] if len(s) == 4 else s[-1]
        if isinstance(d, int):
            width = max(width, d)
    acts = [t for t in types if t in _ACTS]
    drop = [float(p.get("p", 0.5)) for t, p, _ in leaves if t.startswith("Dropout")]
    params = facts["cost"]["params"] or 1
    macs = facts["cost"]["macs"] or 1
    recurrent = sum(1 for t in types if t in _RNN)
    return {
        "log_params": round(math.log10(params), 6),
        "log_macs": round(math.log10(macs), 6),
        "depth": float(depth),
        "log_width": round(math.log2(width), 6),
        "norm": float(sum(1 for t in types if t in _NORMS) > 0),
        "residual": float(sum(1 for t in types if t == "Add") > 0),
        "nonlinear": float(bool(acts) or recurrent > 0 or any(t in _ATTN for t in types)),
        "saturating": round(sum(1 for t in acts if t in _SATURATING) / len(acts), 6)
        if acts
        else 0.0,
        "dropout": max(drop) if drop else 0.0,
        "positional": float("Parameter" in types),
        "recurrent": float(recurrent > 0),
        "attention": float(any(t in _ATTN for t in types)),
        "conv": float(any(t in _CONV for t in types)),
        "params_per_mac": round(math.log10(params / macs), 6),
    }


# ----------------------------------------------------------------------------- pairs
def trained(rows: list[dict]) -> list[dict]:
    return [r for r in rows if r.get("rank_value") is not None]


def _same(a: float, b: float) -> bool:
    if math.isinf(a) or math.isinf(b):
        return a == b
    return round(a, 4) == round(b, 4)


def pairs(rows: list[dict]) -> tuple[list[tuple[dict, dict]], int]:
    """(a, b) within a task with a strictly better outcome for ``a`` (printed digits: 4
    decimals), and the number of pairs left out as outcome ties."""
    by_task: dict[str, list[dict]] = {}
    for r in trained(rows):
        by_task.setdefault(r["task"], []).append(r)
    out, ties = [], 0
    for task in sorted(by_task):
        for x, y in combinations(by_task[task], 2):
            a, b = x["rank_value"], y["rank_value"]
            if _same(a, b):
                ties += 1
            else:
                out.append((x, y) if a > b else (y, x))
    return out, ties


# ----------------------------------------------------------------------------- selectors
@dataclass
class Selector:
    name: str
    kind: str
    score: Callable[[dict], float | None]


def baseline_selectors() -> list[Selector]:
    return [
        Selector("static-verifier", "verifier", lambda r: r["static"]["score"]),
        Selector("smallest-params", "trivial", lambda r: -(r["cost"]["params"] or 0)),
        Selector("largest-params", "trivial", lambda r: r["cost"]["params"] or 0),
    ]


class FitSelector:
    """Ours: pairwise logistic regression on standardized feature differences."""

    def __init__(
        self, name: str = "fit:structure", features: tuple[str, ...] = FEATURES, C: float = 1.0
    ):
        self.name, self.kind, self.feats, self.C = name, "ours (fit)", features, C
        self.mu = self.sd = self.w = None

    def _x(self, row: dict) -> np.ndarray:
        return np.array([float(row["features"][f]) for f in self.feats])

    def fit(self, rows: list[dict]) -> FitSelector:
        from sklearn.linear_model import LogisticRegression

        ps, _ = pairs(rows)
        xs = np.array([self._x(r) for r in trained(rows)])
        self.mu, sd = xs.mean(0), xs.std(0)
        self.sd = np.where(sd > 0, sd, 1.0)
        d = np.array([self._z(a) - self._z(b) for a, b in ps])
        x = np.vstack([d, -d])
        y = np.array([1] * len(d) + [0] * len(d))
        m = LogisticRegression(C=self.C, fit_intercept=False, max_iter=1000)
        m.fit(x, y)
        self.w = m.coef_[0]
        return self

    def _z(self, row: dict) -> np.ndarray:
        return (self._x(row) - self.mu) / self.sd

    def score(self, row: dict) -> float:
        return round(float(self._z(row) @ self.w), 9)

    def state(self) -> dict[str, Any]:
        """What the fit learned (features, means, scales, weights): enough to score rows."""
        return {
            "name": self.name,
            "C": self.C,
            "features": list(self.feats),
            "mu": [float(x) for x in self.mu],
            "sd": [float(x) for x in self.sd],
            "w": [float(x) for x in self.w],
        }

    def load(self, state: dict[str, Any]) -> FitSelector:
        self.name, self.C, self.feats = state["name"], state["C"], tuple(state["features"])
        self.mu, self.sd, self.w = (np.array(state[k]) for k in ("mu", "sd", "w"))
        return self

    def weights(self) -> dict[str, float]:
        return {f: round(float(w), 4) for f, w in zip(self.feats, self.w)}

    @property
    def selector(self) -> Selector:
        return Selector(self.name, self.kind, self.score)


# ----------------------------------------------------------------------------- scoring
def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval (95%) for a proportion (successes may be fractional: ties)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


@dataclass
class Score:
    selector: str
    kind: str
    judged: int
    decided: int
    correct: int
    wrong: int
    accuracy: float
    """ties (undecided pairs) as 0.5."""
    when_decided: float | None
    interval: tuple[float, float]
    """Wilson 95% on accuracy over the judged pairs."""
    outcome_ties: int

    @property
    def quotable(self) -> bool:
        return self.decided >= 10


def picks(sel: Selector, ps: list[tuple[dict, dict]]) -> list[float]:
    """Per pair: 1 (picked the better), 0 (the worse), 0.5 (undecided)."""
    out = []
    for better, worse in ps:
        a, b = sel.score(better), sel.score(worse)
        if a is None or b is None or a == b:
            out.append(0.5)
        else:
            out.append(1.0 if a > b else 0.0)
    return out


def score_selector(sel: Selector, rows: list[dict]) -> Score:
    ps, ties = pairs(rows)
    got = picks(sel, ps)
    correct = sum(1 for g in got if g == 1.0)
    wrong = sum(1 for g in got if g == 0.0)
    decided = correct + wrong
    acc = sum(got) / len(got) if got else float("nan")
    return Score(
        sel.name,
        sel.kind,
        len(got),
        decided,
        correct,
        wrong,
        acc,
        correct / decided if decided else None,
        wilson(sum(got), len(got)),
        ties,
    )


def head_to_head(a: Selector, b: Selector, rows: list[dict]) -> dict[str, Any]:
    """Pairs where the two selectors pick differently: how often each is right, and the
    two-sided sign test (exact binomial) on those pairs."""
    from scipy.stats import binomtest

    ps, _ = pairs(rows)
    pa, pb = picks(a, ps), picks(b, ps)
    a_wins = sum(1 for x, y in zip(pa, pb) if x > y)
    b_wins = sum(1 for x, y in zip(pa, pb) if y > x)
    n = a_wins + b_wins
    p = binomtest(a_wins, n).pvalue if n else 1.0
    return {"disagree": n, "a_right": a_wins, "b_right": b_wins, "p_sign": p}


def spearman_table(sel: Selector, rows: list[dict]) -> dict[str, float | None]:
    """Spearman of the selector's score with the outcome: pooled (raw values across tasks,
    ranked once) and within task (ranks taken inside each task, then pooled)."""
    from scipy.stats import rankdata, spearmanr

    rs = [r for r in trained(rows) if sel.score(r) is not None]
    if len(rs) < 3:
        return {"pooled": None, "within": None}
    s = np.array([sel.score(r) for r in rs], dtype=float)
    v = np.array([r["rank_value"] for r in rs], dtype=float)
    v = np.where(np.isinf(v), np.nanmin(v[np.isfinite(v)]) - 1.0, v)

    def rho(x: np.ndarray, y: np.ndarray) -> float | None:
        if np.all(x == x[0]) or np.all(y == y[0]):
            return None  # a constant score ranks nothing
        return float(spearmanr(x, y).statistic)

    pooled = rho(s, v)
    tasks = np.array([r["task"] for r in rs])
    rs_s, rs_v = np.zeros(len(rs)), np.zeros(len(rs))
    for t in sorted(set(tasks)):
        m = tasks == t
        rs_s[m] = (rankdata(s[m]) - 0.5) / m.sum()
        rs_v[m] = (rankdata(v[m]) - 0.5) / m.sum()
    return {"pooled": pooled, "within": rho(rs_s, rs_v)}


def format_table(title: str, scores: list[Score]) -> str:
    head = (
        f"{title}\n"
        f"{'selector':22s} {'kind':11s} {'decided/judged':>14s} {'correct/wrong':>13s} "
        f"{'acc(ties .5)':>12s} {'when decided':>12s} {'Wilson 95%':>15s} quotable"
    )
    lines = [head]
    for s in scores:
        wd = "-" if s.when_decided is None else f"{100 * s.when_decided:.1f}%"
        lo, hi = s.interval
        lines.append(
            f"{s.selector:22s} {s.kind:11s} {f'{s.decided} / {s.judged}':>14s} "
            f"{f'{s.correct} / {s.wrong}':>13s} {100 * s.accuracy:11.1f}% {wd:>12s} "
            f"{f'{100 * lo:.1f}-{100 * hi:.1f}%':>15s} {'yes' if s.quotable else 'no'}"
        )
    if scores:
        lines.append(f"({scores[0].outcome_ties} pairs with equal outcomes left out)")
    return "\n".join(lines)
