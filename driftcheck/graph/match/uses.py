"""Compare the values each side's code holds for a fact (``Graph.uses``), as sets.

Why sets: one model holds several values for one fact (a vision tower's norm eps beside the
text model's, a rotary embedding's cached length beside its original one), and two
implementations hold them in different numbers of modules. What is drift is a value one side
holds and the other never does: a literal ``max_seq_len_cached = 4096`` where the config says
2048, an RMSNorm built with ``eps=1e-5`` beside the others' 1e-6.

Only facts both sides hold uses for are compared (a side that says nothing about a fact is
not drift), and only where the fact comparison and the structural diff have not already said
the same. The finding names both values and where each is held; which side is right is not
decided.
"""

from __future__ import annotations

from typing import Any

from driftcheck.graph.match.canon import norm_value
from driftcheck.graph.match.facts import FactDiff
from driftcheck.graph.model import Graph, Use


def _by_value(uses: list[Use]) -> dict[str, dict[Any, list[Use]]]:
    out: dict[str, dict[Any, list[Use]]] = {}
    for u in uses:
        out.setdefault(u.key, {}).setdefault(norm_value(u.value), []).append(u)
    return out


def _one_or_all(values: list) -> Any:
    values = sorted(values)
    return values[0] if len(values) == 1 else values


def use_diffs(left: Graph, right: Graph, skip: set[str]) -> list[FactDiff]:
    """One diff per fact whose held values differ between the sides (facts in ``skip`` are
    already reported by the fact comparison)."""
    lu, ru = _by_value(left.uses), _by_value(right.uses)
    out = []
    for key in sorted(set(lu) & set(ru) - skip):
        lv, rv = lu[key], ru[key]
        only_l = [v for v in lv if v not in rv]
        only_r = [v for v in rv if v not in lv]
        if not only_l and not only_r:
            continue
        # each side's value: what it holds that the other does not; where one side only
        # holds more, the other side's whole set is what it holds instead
        shown_l = only_l or list(lv)
        shown_r = only_r or list(rv)
        locs = {
            side: next((u.loc.model_copy(update={"side": side}) for u in us if u.loc), None)
            for side, us in (("left", lv[shown_l[0]]), ("right", rv[shown_r[0]]))
        }
        vias = {
            side: sorted({u.via for v in shown for u in held[v] if u.via})
            for side, shown, held in (("left", shown_l, lv), ("right", shown_r, rv))
        }
        values = {"left": _one_or_all(shown_l), "right": _one_or_all(shown_r)}
        out.append(FactDiff(key, values, locs, f"model.{key}", held=vias))
    return out
