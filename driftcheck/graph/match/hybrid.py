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

from collections import Counter

from driftcheck.graph.match.canon import Item, leaf_weights
from driftcheck.graph.match.derive import _vectors_only
from driftcheck.graph.match.diff import Diff
from driftcheck.graph.match.facts import FactDiff
from driftcheck.graph.model import Graph

SIDES = ("left", "right")


def _runs(items: list[Item]) -> int:
    """Repeated blocks of layers at the top of a canonical sequence (a run of norms, the two
    norms of a lone layer merged into one item, is none)."""
    return sum(1 for it in items if it.is_block and it.count > 1 and not _vectors_only(it))


def _layers(items: list[Item]) -> bool:
    """The side holds layers at all: a side of facts only (a config read without its modeling
    code) pairs nothing, so no layer of it is "paired" and its stated depth is compared as is."""
    return any(it.is_block and not _vectors_only(it) for it in items)


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
    both = [g.facts.get("numLayers") for g in (left, right)]
    if all(f is not None and type(f.value) is int for f in both):
        # both sides state their depth and read a run off their structure: where each
        # states the same number of layers more than its run, the depths are the stated ones
        for f in facts:
            vl, vr = f.values.get("left"), f.values.get("right")
            if f.key != "numLayers" or set(f.derived) != set(SIDES):
                continue
            if type(vl) is int and type(vr) is int and both[0].value - vl == both[1].value - vr > 0:
                f.values = {"left": both[0].value, "right": both[1].value}
                f.derived = {}
                for side, st in zip(SIDES, both):
                    if st.loc is not None:
                        f.locs[side] = st.loc.model_copy(update={"side": side})
        return facts
    got = _stated(left, right)
    if got is None or not _all_paired(diffs) or any(d.kind == "layer-count" for d in diffs):
        return facts
    s, o, n = got
    if _runs(a if s == "left" else b) > 1 or not _layers(a if s == "left" else b):
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
    if len(counts) != 1 or not _all_paired(diffs):
        return
    d = counts[0]
    both = [g.facts.get("numLayers") for g in (left, right)]
    if all(f is not None and type(f.value) is int for f in both):
        # both sides state their depth: where each states the same number of layers more
        # than its run holds, those are the same layers outside the run on both sides
        nl, nr = both[0].value, both[1].value
        if type(d.left) is int and type(d.right) is int and nl - d.left == nr - d.right > 0:
            d.left, d.right = nl, nr
        return
    got = _stated(left, right)
    if got is None:
        return
    s, o, n = got
    if _runs(a if s == "left" else b) > 1 or not _layers(a if s == "left" else b):
        return
    vs, vo = getattr(d, s), getattr(d, o)
    if type(vs) is not int or type(vo) is not int or n <= vs:
        return
    setattr(d, s, n)
    setattr(d, o, vo + n - vs)
    loc = (left if s == "left" else right).facts["numLayers"].loc
    if loc is not None:
        d.locs[s] = loc.model_copy(update={"side": s})


MAX_LEAVES = 4096
"""Weighted leaves per side past which ``extra_layer`` reads nothing (bounded work)."""


def _leaf_shapes(items: list[Item], times: int, out: list, rep: str | None = None) -> bool:
    """(node id, whether that node holds the weights itself, weight shapes, copies, the node
    of the outermost repeated block it is read off the first copy of) for every weighted
    leaf; False when one is unknown or there are too many. A run of leaf-only copies (norms
    merged across modules: a layer's two norms and the model's final one) is read copy by
    copy, each under its own module."""
    for it in items:
        if it.soft:
            continue
        if it.is_block:
            kids = it.children or []
            if it.count > 1 and len(it.copies) == it.count and not any(c.is_block for c in kids):
                one: list = []
                if not _leaf_shapes(kids, times, one, rep):
                    return False
                for copy in it.copies:
                    out.extend((copy.id, True, shapes, t, r) for _, _, shapes, t, r in one)
                if len(out) > MAX_LEAVES:
                    return False
                continue
            inner = rep if rep is not None or it.count == 1 else it.node.id
            if not _leaf_shapes(kids, times * it.count, out, inner):
                return False
            continue
        w = leaf_weights(it.ltype, it.params)
        if w is None or not all(all(type(x) is int for x in s) for s in w.values()):
            return False
        if w:
            out.append((it.node.id, False, [tuple(s) for s in w.values()], times, rep))
        if len(out) > MAX_LEAVES:
            return False
    return True


def _bag(leaves: list) -> Counter | None:
    bag: Counter = Counter()
    for _, _, shapes, times, _ in leaves:
        for s in shapes:
            bag[s] += times
    return bag


def extra_layer(
    left: Graph, right: Graph, a: list[Item], b: list[Item], diffs: list[Diff]
) -> list[Diff]:
    """One layer more on one side, standing among layers of other kinds (``full, linear,
    full`` against ``full, linear``: nothing repeats, so no count differs and the layer's
    parts come out as missing one by one): where the one side's weights are the other's plus
    exactly those of one module of its own (the layer) that has a sibling holding the same
    weights (another layer of that kind), and exactly one side states its depth ``N``, the
    missing parts are one ``layer-count`` diff: ``N + 1`` against ``N`` where the side with
    more states none, ``N`` against ``N - 1`` where it states it. Returns the diffs, changed
    or not."""
    miss = [d for d in diffs if d.kind in ("missing-layer", "extra-layer")]
    if not miss or any(d.kind in ("layer-count", "block-count") for d in diffs):
        return diffs
    got = _stated(left, right)
    if got is None:
        return diffs
    s, o, n = got
    la, lb = [], []
    if not _leaf_shapes(a, 1, la) or not _leaf_shapes(b, 1, lb):
        return diffs
    ba, bb = _bag(la), _bag(lb)
    # the side with one layer more: its weights are the other's and more (the parts unpaired
    # on the other side, a norm written as a module against a bare weight, are its weights too)
    more_a, more_b = ba - bb, bb - ba
    if bool(more_a) == bool(more_b):
        return diffs
    x = "left" if more_a else "right"
    og, lo, extra = (left, la, more_a) if more_a else (right, lb, more_b)
    # per module of the side with more: the weights of the leaves under it (first copies)
    parent = {m.id: m.parent for m in og.nodes}
    under: dict[str, Counter] = {}
    spread: set[str] = set()
    for nid, holds, shapes, times, rep in lo:
        # a leaf in a repeated block is read off its first copy: the modules above the
        # block hold every copy's, those of the first copy only its own (not known here)
        inside = rep is not None and nid != rep
        p = nid if holds else parent.get(nid)
        while p is not None:
            if inside:
                spread.add(p)
                inside = p != rep
                p = parent.get(p)
                continue
            c = under.setdefault(p, Counter())
            for sh in shapes:
                c[sh] += times
            p = parent.get(p)
    # the modules holding exactly those weights: the extra layer and the others of its kind
    # (any one of them is "the" extra one); at least two, under one parent
    layers = [p for p, c in under.items() if c == extra and p not in spread]
    if len(layers) < 2 or len({parent.get(p) for p in layers}) != 1:
        return diffs
    depth = {x: n + 1 if x == o else n}
    up = parent.get(layers[0])
    if sum(1 for p in under if parent.get(p) == up) != depth[x]:
        return diffs  # the modules beside them are the layers, as many as the side's depth
    loc_s = (right if s == "right" else left).facts["numLayers"].loc
    node = og.node(layers[-1])
    depth["right" if x == "left" else "left"] = n if x == o else n - 1
    locs = {s: loc_s.model_copy(update={"side": s}) if loc_s else None}
    if x == o:
        locs[o] = node.loc.model_copy(update={"side": o}) if node.loc else None
    count = Diff(
        "layer-count",
        "model.numLayers",
        depth["left"],
        depth["right"],
        locs,
        weights_change=True,
        node=layers[-1],
        what="layer",
    )
    return [d for d in diffs if d not in miss] + [count]
