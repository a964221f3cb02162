"""Facts of a side that holds its weights as bare parameters, read against the other side.

A re-implementation may keep every weight in one flat ``nn.ParameterDict`` / ``ParameterList``
(a port of a Flax parameter tree, tensors addressed by offsets) and run them with ``x @ w``:
its structure then states no fact (no layer repeats, no ``Linear`` has a width), so when one
size differs from the other side's the comparison could only list every parameter as missing
and every layer of the other side as extra. The two sides' weights still say what changed:

- the other side's repeated block (its layers) is one layer's shapes; where the flat side holds
  exactly ``k`` more (or fewer) copies of those shapes and nothing else differs, the layer
  count differs by ``k``;
- where every differing shape of one side is a shape of the other with one size ``a`` replaced
  by ``b``, and ``a`` is the value of exactly one of the other side's facts (its MLP width, its
  vocabulary, its width), that fact is ``b`` on the flat side; a size that is ``n * headDim``
  with ``n`` one head count of the other side (the k/v projections' ``kv * head_dim``) makes
  that head count ``b / headDim``.

On a hierarchical network (the other side has stages, ``derive.stages``) the facts are its
stages' (``stageDepths``, ``stageWidths``), never one layer count or width:

- where the flat side holds exactly ``k`` more (or fewer) copies of the one block shapes of a
  single stage, that stage's depth differs by ``k``;
- where the differing shapes are the other side's with one stage width ``a`` replaced by ``b``
  and that stage's multiples of it (its MLP, ``r * a``) by ``r * b``, that stage's width is
  ``b`` on the flat side.

Shapes are compared with their sizes sorted (Flax's ``[in, out]`` kernel is torch's ``[out,
in]``). Anything else (two sizes changed, a value several facts hold) gives no fact: the
structural differences are reported as before.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from driftcheck.findings import Location
from driftcheck.graph.match.canon import Item, leaf_weights
from driftcheck.graph.match.derive import Derived, layer_stack
from driftcheck.graph.match.diff import json_value
from driftcheck.graph.match.facts import FactDiff
from driftcheck.graph.match.facts import _side as fact_side
from driftcheck.graph.model import Graph

SIZE_FACTS = ("intermediateSize", "vocabSize", "hiddenSize")
"""Facts whose value is one size of some weight (a substituted size names them)."""

HEAD_FACTS = ("numKvHeads", "numHeads")
"""Facts a weight holds as ``count * headDim``."""

MAX_PARAMS = 4096
"""Parameters per side past which the multisets are not built (bounded work)."""


def _shapes(items: list[Item], times: int = 1, out: Counter | None = None) -> Counter | None:
    """Every weight shape (sizes sorted) with its multiplicity; None when one is unknown."""
    out = Counter() if out is None else out
    for it in items:
        if it.is_block:
            if _shapes(it.children or [], times * it.count, out) is None:
                return None
            continue
        w = leaf_weights(it.ltype, it.params)
        if w is None:
            return None
        for shape in w.values():
            if not all(type(x) is int for x in shape):
                return None
            out[tuple(sorted(shape))] += times
        if sum(out.values()) > MAX_PARAMS:
            return None
    return out


FLAT_TABLES = ("Embedding",)
"""Leaf types a flat side may hold beside its bare parameters: a bare ``Parameter`` that
forward looks ids up in (``F.embedding(ids, self.tok)``) is read as a table, and states no
more than the parameter would (its two sizes)."""


def _flat(items: list[Item]) -> bool:
    """No block and every weight a bare ``Parameter`` (or a table looked up from one): the side
    states nothing itself."""
    leaves = [it for it in items if leaf_weights(it.ltype, it.params)]
    return (
        any(it.ltype == "Parameter" for it in leaves)
        and not any(it.is_block for it in items)
        and all(it.ltype == "Parameter" or it.ltype in FLAT_TABLES for it in leaves)
    )


def _sub(c: Counter, a: int, b: int) -> Counter:
    out: Counter = Counter()
    for shape, n in c.items():
        out[tuple(sorted(b if x == a else x for x in shape))] += n
    return out


def _sub_one(c: Counter, a: int, b: int) -> Counter:
    """``_sub`` of one axis of size ``a`` per shape (the other axes of that size stay)."""
    out: Counter = Counter()
    for shape, n in c.items():
        s = list(shape)
        if a in s:
            s[s.index(a)] = b
        out[tuple(sorted(s))] += n
    return out


def _held(c: Counter, size: int) -> int:
    """How many times ``size`` stands in the shapes of ``c``."""
    return sum(n * s.count(size) for s, n in c.items())


def _where(items: list[Item], size: int) -> Location | None:
    """The first bare parameter of the flat side holding ``size`` (the finding's place)."""
    for it in items:
        shape = it.params.get("shape")
        if isinstance(shape, (list, tuple)) and size in shape:
            loc = it.node.param_locs.get("shape") or it.node.loc
            return loc
    return None


def flat_facts(
    left: Graph,
    right: Graph,
    a: list[Item],
    b: list[Item],
    da: dict[str, Derived],
    db: dict[str, Derived],
    facts: list[FactDiff],
) -> list[FactDiff]:
    """The one fact that explains how a flat side's weights differ from the other side's
    (module docstring); empty when there is none, or when a fact already differs."""
    if facts or _flat(a) == _flat(b):
        return []
    flat_side, other_side = ("left", "right") if _flat(a) else ("right", "left")
    flat, other = (a, b) if flat_side == "left" else (b, a)
    og, od = (right, db) if flat_side == "left" else (left, da)
    fs, os_ = _shapes(flat), _shapes(other)
    if fs is None or os_ is None or fs == os_:
        return []
    extra, missing = fs - os_, os_ - fs  # on the flat side only, on the other side only

    def value(key: str) -> tuple[Any, Location | None] | None:
        """The other side's value of ``key`` where it states it (a config key): a size read
        off its structure alone may name the wrong thing (a vision tower's position table
        as its "vocabulary"), and the finding would carry that name."""
        got = fact_side(og, od, key, other_side)
        stated = og.facts.get(key)
        if got is None or type(got[0]) is not int or stated is None or stated.value != got[0]:
            return None
        return got[0], got[1]

    def made(key: str, flat_v: int, other_v: int, loc_o: Location | None, size: int):
        loc_f = _where(flat, size)
        if loc_f is not None:
            loc_f = loc_f.model_copy(update={"side": flat_side})
        values = {flat_side: json_value(flat_v), other_side: json_value(other_v)}
        locs = {flat_side: loc_f, other_side: loc_o}
        return [FactDiff(key, values, locs, f"model.{key}", {})]

    if "stageDepths" in od:
        # a hierarchical network: its depth and widths are per stage (``stages``), never
        # one layer count or one width; read per stage or not at all
        return _stage_fact(other, extra, missing, od, flat_side, other_side)
    stack = layer_stack(other)
    layers = value("numLayers")
    if stack is not None and layers is not None and stack.count == layers[0]:
        one = _shapes(stack.children or [])
        if one:
            for more, less, sign in ((extra, missing, 1), (missing, extra, -1)):
                if less or not more:
                    continue
                k, rem = divmod(sum(more.values()), sum(one.values()))
                if rem == 0 and k > 0 and all(more[s] == k * n for s, n in one.items()):
                    if sum(more.values()) == k * sum(one.values()):
                        n = layers[0] + sign * k
                        return made("numLayers", n, layers[0], layers[1], -1)
    if not extra or not missing:
        return []
    old = {x for s in missing for x in s}
    new = {x for s in extra for x in s}
    found: list[tuple[str, int, int, Location | None, int]] = []
    head = value("headDim")
    kept = _kept_heads(left if flat_side == "left" else right, value, head)
    relaxed: set[int] = set()  # size facts read only through a kept head product
    for x in old:
        for y in new:
            if x == y:
                continue
            one_axis = False
            if _sub(missing, x, y) != extra:
                # a square weight ``[D, D]`` whose one axis is a head product (the k/v
                # projection of 2 heads of 32 in a width of 64): only that axis changes
                if _sub_one(missing, x, y) != extra:
                    continue
                one_axis = True
            every = _held(os_, x)
            for key in SIZE_FACTS if not one_axis else ():  # a size changes every axis
                got = value(key)
                # a size fact changes every weight of that size, none stays; or every one
                # but those of a head product of that size the flat side's forward keeps
                whole = every == _held(missing, x)
                if got is not None and got[0] == x and (whole or x in kept.values()):
                    found.append((key, y, x, got[1], y))
                    if not whole:
                        relaxed.add(len(found) - 1)
            if head is not None and head[0] > 0 and x % head[0] == 0 and y % head[0] == 0:
                for key in HEAD_FACTS:
                    got = value(key)
                    if got is not None and got[0] * head[0] == x and key not in kept:
                        found.append((key, y // head[0], got[0], got[1], y))
    if len(found) > 1:  # a head count read straight off the weights beats a size fact
        found = [f for i, f in enumerate(found) if i not in relaxed]  # read only by leave
    if len(found) != 1:
        return []  # no fact, or several facts of that value: which one changed is unknown
    key, flat_v, other_v, loc_o, size = found[0]
    return made(key, flat_v, other_v, loc_o, size)


def _kept_heads(flat: Graph, value: Any, head: tuple | None) -> dict[str, int]:
    """Head facts the flat side's ``forward`` computes with at the other side's value (its
    ``view(b, t, HEADS, HEAD_DIM)`` of a bare weight's product, a ``Graph.uses`` entry), each
    with its product ``count * headDim``: a size that product shares with a size fact (four
    heads of 32 as wide as an MLP of 128) changed as the size fact, not as the heads the
    forward still splits."""
    if head is None or not head[0]:
        return {}
    out: dict[str, int] = {}
    for key in HEAD_FACTS:
        got = value(key)
        seen = {u.value for u in flat.uses if u.key == key}
        if got is not None and seen == {got[0]}:
            out[key] = got[0] * head[0]
    return out


def flat_distance(code: Graph, ref: Graph) -> int | None:
    """How many weights (by shape, sizes sorted) one side holds that the other does not, where
    ``code`` keeps every weight as a bare parameter (``_flat``) and both sides' shapes are
    known; None otherwise. Such a side states no structure, so the matcher's findings against
    a candidate reference say little: a candidate whose difference no one fact explains may
    get no finding at all (``drift.sides._closest_reference`` counts that silence as a
    finding, and prefers the nearest state dict between candidates otherwise equal)."""
    from driftcheck.graph.match.canon import canonicalise

    a, b = canonicalise(code, ref)
    if not _flat(a) or _flat(b):
        return None
    fs, os_ = _shapes(a), _shapes(b)
    if fs is None or os_ is None:
        return None
    return sum((fs - os_).values()) + sum((os_ - fs).values())


def _leaf_blocks(items: list[Item], times: int = 1, out: list | None = None) -> list | None:
    """The innermost blocks of ``items`` in model order, each as (one copy's shapes, copies);
    None when a shape is unknown."""
    out = [] if out is None else out
    for it in items:
        if not it.is_block:
            continue
        kids = it.children or []
        if any(k.is_block for k in kids):
            if _leaf_blocks(kids, times * it.count, out) is None:
                return None
            continue
        one = _shapes(kids)
        if one is None:
            return None
        out.append((one, times * it.count))
    return out


def _stage_runs(other: list[Item], depths: Any) -> list[tuple[Counter, int]] | None:
    """The other side's stages as (one block's shapes, blocks), read off its innermost blocks
    (consecutive blocks of the same shapes are one stage); None unless they are exactly the
    stages ``derive.stages`` counted (``depths``)."""
    blocks = _leaf_blocks(other)
    if not blocks or not isinstance(depths, list):
        return None
    runs: list[list] = []
    for one, n in blocks:
        if runs and runs[-1][0] == one:
            runs[-1][1] += n
        else:
            runs.append([one, n])
    if [n for _, n in runs] != depths:
        return None
    return [(one, n) for one, n in runs]


def _sub_map(c: Counter, m: dict[int, int]) -> Counter:
    out: Counter = Counter()
    for shape, n in c.items():
        out[tuple(sorted(m.get(x, x) for x in shape))] += n
    return out


def _stage_fact(
    other: list[Item],
    extra: Counter,
    missing: Counter,
    od: dict[str, Derived],
    flat_side: str,
    other_side: str,
) -> list[FactDiff]:
    """The one stage fact that explains the flat side's weights (module docstring)."""
    depths, widths = od["stageDepths"], od.get("stageWidths")
    runs = _stage_runs(other, depths.value)
    if runs is None:
        return []

    def made(key: str, flat_v: Any, d: Derived) -> list[FactDiff]:
        values = {flat_side: json_value(flat_v), other_side: json_value(d.value)}
        return [FactDiff(key, values, {flat_side: None, other_side: d.loc}, d.attribute, {})]

    found: list[list[FactDiff]] = []
    for more, less, sign in ((extra, missing, 1), (missing, extra, -1)):
        if less or not more:
            continue
        for i, (one, _) in enumerate(runs):
            k, rem = divmod(sum(more.values()), sum(one.values()))
            if rem == 0 and k > 0 and all(more[s] == k * n for s, n in one.items()):
                if sum(more.values()) == k * sum(one.values()):
                    new = list(depths.value)
                    new[i] += sign * k
                    found.append(made("stageDepths", new, depths))
    if extra and missing and widths is not None and isinstance(widths.value, list):
        ws = widths.value
        held = {x for s in missing for x in s}
        for i, a in enumerate(ws):
            if type(a) is not int or ws.count(a) != 1 or a not in held:
                continue
            for b in {x for s in extra for x in s} - held:
                if type(b) is not int or b in ws:
                    continue
                m = {a: b}
                for r in range(2, 9):  # the stage's multiples of its width (an MLP's r * a)
                    if r * a in held and r * a not in ws:
                        m[r * a] = r * b
                if _sub_map(missing, m) == extra:
                    new = list(ws)
                    new[i] = b
                    found.append(made("stageWidths", new, widths))
    return found[0] if len(found) == 1 else []
