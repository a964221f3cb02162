"""A stack with no dense lead against one with ``k`` dense layers first.

``derive.dense_lead`` reads ``firstKDenseReplace = 0`` off a side whose numbered layers are all
sparse (nothing standing apart from them, ``derive._no_layer_apart``). Against a side whose
first ``k`` layers are dense (DeepSeek's ``first_k_dense_replace``), the layers themselves do
not pair: one side's dense layer is missing on the other, its sparse run one copy longer, and
the MLP width each side reads is another layer's (the experts' on the all-sparse side, the
dense layer's on the other). All of that is the one change the count says: the structural
differences inside either side's numbered stack and the MLP-width reading go under it (as
``layerpattern.fold_pattern`` does for a hybrid's layer kinds). Where the count is not 0 on
one side, nothing moves here (``_dense_lead_moves`` and ``denselead39b`` do as before).
``DRIFTCHECK_NO_ALL_SPARSE=1`` switches the reading (and so this) off.
"""

from __future__ import annotations

import os

from driftcheck.graph.match.diff import Diff
from driftcheck.graph.match.facts import FactDiff
from driftcheck.graph.model import Graph

MOVED = ("intermediateSize", "numLayers")


def fold_sparse_only(
    left: Graph, right: Graph, da: dict, db: dict, facts: list[FactDiff], diffs: list[Diff]
) -> list[Diff]:
    """In place on ``facts``; returns the diffs left."""
    home = next((f for f in facts if f.key == "firstKDenseReplace"), None)
    if home is None or 0 not in (home.values.get("left"), home.values.get("right")):
        return diffs
    inside: set[str] = set()
    for g, d in ((left, da), (right, db)):
        got = d.get("firstKDenseReplace")
        if got is None or got.node is None:
            continue
        parent = next((n.parent for n in g.nodes if n.id == got.node), None)
        if parent is None:
            continue
        inside |= {n.id for n in g.walk(parent)} - {parent}
    if not inside:
        return diffs
    keep = []
    for d in diffs:
        if d.node is not None and d.node in inside:
            home.absorbed.append(d)
        else:
            keep.append(d)
    for f in [f for f in facts if f.key in MOVED]:
        home.absorbed.append(
            Diff("param", f.attribute, f.values["left"], f.values["right"], dict(f.locs))
        )
        facts.remove(f)
    return keep


def fold_lead_pattern(facts: list[FactDiff]) -> None:
    """In place: a ``layerPattern`` whose index lists are each side's dense lead (``[0, 1]``
    against ``[0]`` where ``firstKDenseReplace`` is 2 against 1: the rarer kind of layer is
    the dense one) is the dense-lead count's change, listed under it (fresh36
    dots1_toml_table__firstKDenseReplace: two findings before)."""
    if os.environ.get("DRIFTCHECK_NO_ALL_SPARSE") == "1":
        return
    home = next((f for f in facts if f.key == "firstKDenseReplace"), None)
    pat = next((f for f in facts if f.key == "layerPattern"), None)
    if home is None or pat is None:
        return
    for side in ("left", "right"):
        k, idx = home.values.get(side), pat.values.get(side)
        if type(k) is not int or not isinstance(idx, (list, tuple)) or list(idx) != list(range(k)):
            return
    home.absorbed.append(
        Diff("param", pat.attribute, pat.values["left"], pat.values["right"], dict(pat.locs))
    )
    home.absorbed.extend(pat.absorbed)
    facts.remove(pat)
