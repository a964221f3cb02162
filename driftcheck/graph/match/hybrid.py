"""A hybrid stack's layer count: the repeated block is one kind of layer, the count is of all.

A hybrid model (short-convolution layers among attention layers, linear-attention layers among
full ones) repeats one kind of layer and holds the others alone or in short runs. Where the two
sides' runs of that kind differ in length, the structural comparison reports that run's count
(``2 attention layers vs 1``), while the config states the model's depth, every kind together
(``num_hidden_layers``): the finding holds neither of the values the user wrote. Where nothing
else differs between the two sides (every other layer paired), the layers outside the run are
the same on both, so the depth of the side that states none is its run plus those layers.
"""

from __future__ import annotations

from driftcheck.graph.match.canon import Item
from driftcheck.graph.match.derive import _vectors_only
from driftcheck.graph.match.diff import Diff
from driftcheck.graph.match.facts import FactDiff
from driftcheck.graph.model import Graph

SIDES = ("left", "right")


def _runs(items: list[Item]) -> int:
    """Repeated blocks of layers at the top of a canonical sequence (a run of norms, the two
    norms of a lone layer merged into one item, is none)."""
    return sum(1 for it in items if it.is_block and it.count > 1 and not _vectors_only(it))


def _stated(left: Graph, right: Graph) -> tuple[str, str, int] | None:
    """(the side stating the depth, the other side, the depth) where exactly one side states
    an integer depth."""
    stated = {s: g.facts.get("numLayers") for s, g in zip(SIDES, (left, right))}
    have = [s for s in SIDES if stated[s] is not None]
    if len(have) != 1 or type(stated[have[0]].value) is not int:
        return None
    s = have[0]
    return s, ("right" if s == "left" else "left"), stated[s].value


def _all_paired(diffs: list[Diff]) -> bool:
    return not any(d.kind in ("missing-layer", "extra-layer") for d in diffs)


def hybrid_facts(
    left: Graph, right: Graph, a: list[Item], b: list[Item], facts: list[FactDiff], diffs
) -> list[FactDiff]:
    """Drop a depth read off the one side's run against the other side's stated depth where
    the two runs paired with the same count and every other layer paired too: the stated
    depth counts the layers of other kinds (module docstring), which both sides hold alike."""
    got = _stated(left, right)
    if got is None or not _all_paired(diffs) or any(d.kind == "layer-count" for d in diffs):
        return facts
    s, o, n = got
    if _runs(a if s == "left" else b) > 1:
        return facts
    out = []
    for f in facts:
        v = f.values.get(o)
        if f.key == "numLayers" and o in f.derived and s not in f.derived:
            if type(v) is int and 0 < v < n:
                continue
        out.append(f)
    return out


def hybrid_depth(left: Graph, right: Graph, a: list[Item], b: list[Item], diffs: list[Diff]):
    """Turn the one layer-count diff into the model's depths (module docstring), in place.

    Only where exactly one side states its depth (a config), that depth is more than the run
    it holds (other layers exist), nothing is missing or extra on either side, and the
    stating side has no second repeated block at its top (an encoder and a decoder: its depth
    is one stack's, and the other stack is no "other layers")."""
    counts = [d for d in diffs if d.kind == "layer-count"]
    got = _stated(left, right)
    if len(counts) != 1 or got is None or not _all_paired(diffs):
        return
    d = counts[0]
    s, o, n = got
    if _runs(a if s == "left" else b) > 1:
        return
    vs, vo = getattr(d, s), getattr(d, o)
    if type(vs) is not int or type(vo) is not int or n <= vs:
        return
    setattr(d, s, n)
    setattr(d, o, vo + n - vs)
    loc = (left if s == "left" else right).facts["numLayers"].loc
    if loc is not None:
        d.locs[s] = loc.model_copy(update={"side": s})
