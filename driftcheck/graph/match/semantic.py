"""Structure subordinate to facts: what the fact comparison does not explain.

Two implementations of one architecture differ in structure freely (a fused QKV against
q/k/v, ``nn.MultiheadAttention`` against four linears, GPT-2's ``Conv1D`` against ``Linear``,
a fused gate/up, a shortcut written before or after the residual branch). What they cannot
differ in, if they are the same model, is the architecture facts and the weights. So, after
the facts are compared (``facts``, ``uses``) and the layers diffed (``diff``):

- when both sides' parameter totals are known and equal, the structural differences that
  change weight shapes, layers present on one side only, and layout-op sizes are one set of
  weights described two ways: they are dropped (the equivalence is proven in torch for each
  form in ``tests/test_semantic_equivalence.py``);
- otherwise a structural difference is a *consequence* when a fact difference explains it:
  its values are those of the fact scaled (a KV-head count 2 -> 4 makes ``k_proj`` 32 -> 64
  wide) or shifted by a multiple of the fact's change (a fused QKV widens by 2 x head dim per
  KV head); or, when exactly one fact that changes weights differs, every weight change is
  that fact's. A consequence is folded into its root's finding, which lists it;
- the rest (a weight change no fact explains) is reported as before.

The counts are the catalogue's weight shapes, ``Node.tied`` weights counted once.
"""

from __future__ import annotations

from typing import Any

from driftcheck.graph.match import policy
from driftcheck.graph.match.canon import Item, leaf_weights, norm_value
from driftcheck.graph.match.diff import Diff
from driftcheck.graph.match.facts import FactDiff

COUNT_KINDS = ("layer-count", "block-count")


def weight_total(items: list[Item]) -> int | None:
    """Parameters of a canonical sequence (tied weights once); None when any is unknown."""
    total = 0
    for it in items:
        if it.is_block:
            inner = weight_total(it.children or [])
            if inner is None:
                return None
            total += it.count * inner
            continue
        w = leaf_weights(it.ltype, it.params)
        if w is None:
            return None
        for name, shape in w.items():
            if name in it.node.tied:
                continue
            n = 1
            for d in shape:
                if not isinstance(d, int):
                    return None
                n *= d
            total += n
    return total


def _numbers(v: Any) -> list[int | float]:
    v = norm_value(v)
    if isinstance(v, tuple):
        return [x for x in v if isinstance(x, (int, float)) and not isinstance(x, bool)]
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return [v]
    return []


def related(d: Diff, f: FactDiff) -> bool:
    """The diff's values are the fact's, scaled or shifted by a whole multiple of its change."""
    fl, fr = _numbers(f.values["left"]), _numbers(f.values["right"])
    if len(fl) != 1 or len(fr) != 1 or fl[0] == fr[0]:
        return False
    a, b = fl[0], fr[0]
    lvs, rvs = _numbers(d.left), _numbers(d.right)
    for x, y in zip(lvs, rvs):
        if x == y:
            continue
        if x * b == y * a:
            return True
        step = a - b
        if isinstance(step, int) and isinstance(x, int) and isinstance(y, int):
            q, r = divmod(x - y, step)
            if r == 0 and 0 < q <= 64:
                return True
    return False


def _weighty(d: Diff) -> bool:
    return d.weights_change or d.kind in ("shape", "layer-type", "missing-layer", "extra-layer")


def settle(facts: list[FactDiff], rest: list[Diff], a: list[Item], b: list[Item]) -> list[Diff]:
    """Fold consequences into their root facts; drop equivalent descriptions; return the
    structural diffs left to report."""
    ta, tb = weight_total(a), weight_total(b)
    same_weights = ta is not None and ta == tb
    major = [f for f in facts if policy.fact_severity(f.key) is policy.Severity.major]
    out: list[Diff] = []
    for d in rest:
        if d.kind in COUNT_KINDS:
            home = next((f for f in facts if related(d, f) and f.key != "numLayers"), None)
            if home is None:
                out.append(d)
            else:
                home.absorbed.append(d)
            continue
        if same_weights and (_weighty(d) or d.layout or d.soft):
            continue  # the same weights, written another way
        home = next((f for f in major if related(d, f)), None)
        if home is None:
            home = next((f for f in facts if related(d, f)), None)
        if home is None and _weighty(d) and len(major) == 1:
            home = major[0]
        if home is None and d.soft and facts:
            home = facts[0]
        if home is None:
            out.append(d)
        else:
            home.absorbed.append(d)
    return out


def semantic_enabled() -> bool:
    """``DRIFTCHECK_STRUCTURAL=1`` reports every structural difference (the matcher before
    facts came first); for debugging the matcher only."""
    import os

    return os.environ.get("DRIFTCHECK_STRUCTURAL", "") != "1"
