"""Which layers of a hybrid stack are of which kind: the layer pattern, compared as a fact.

A hybrid model (LFM2's short convolutions with attention at ``full_attn_idxs``, Qwen3-Next's /
Jamba's ``layer_types``, a sliding / full attention list) holds layers of two kinds in one
``ModuleList``. A list of indices changed on one side (``attn_idxs = [1, 2]`` against the
config's ``full_attn_idxs = [1]``) changes no layer: it moves layers between the kinds, and the
structural comparison showed it as runs of another length and layers missing on each side,
none holding the values the user wrote. Where both sides hold one such stack of the same
depth whose layers are of the same two kinds (one bag of weight shapes per kind, the same on
both sides) and the kinds stand at other indices, that is one ``layerPattern`` finding: the
indices of the layers of one kind on each side (the attention layers where one side's module
names say which kind attends, as HF's modeling code does; else the kind the right side holds
fewer of), and every structural difference inside the two stacks goes under it.

Read only where it is unambiguous: exactly one numbered list of layers on each side whose
layers are of exactly two kinds, every weight of every layer known. ``DRIFTCHECK_NO_LAYER_PATTERN=1``
switches it off (session 39, reimplfix39a).
"""

from __future__ import annotations

import os
from collections import Counter, defaultdict
from typing import Any

from driftcheck.graph.match.canon import _is_op, leaf_weights
from driftcheck.graph.match.diff import Diff
from driftcheck.graph.match.facts import FactDiff
from driftcheck.graph.model import Graph, Node

SIDES = ("left", "right")
ATTENTION_WORDS = ("attn", "attention")


def enabled() -> bool:
    return os.environ.get("DRIFTCHECK_NO_LAYER_PATTERN") != "1"


def _index(node: Node) -> int | None:
    last = node.id.rsplit("/", 1)[-1]
    return int(last) if last.isdigit() else None


def _bag(node: Node, kids: dict[str | None, list[Node]]) -> tuple | None:
    """The weight shapes under ``node`` (a multiset, as a sorted tuple), each as many times as
    the repeats above it below ``node``; None where a weight is unknown."""
    bag: Counter = Counter()
    todo = [(node, 1)]
    while todo:
        n, times = todo.pop()
        under = kids.get(n.id, [])
        if n is not node:
            times *= n.repeat
        if under:
            todo.extend((c, times) for c in under)
            continue
        if n.type == "Module" or _is_op(n.type):  # a forward op holds no weight
            continue
        w = leaf_weights(n.type, n.params)
        if w is None:
            return None
        for shape in w.values():
            if not all(type(x) is int for x in shape):
                return None
            bag[tuple(shape)] += times
    return tuple(sorted(bag.items()))


def _named_attention(node: Node, kids: dict[str | None, list[Node]]) -> bool:
    todo = list(kids.get(node.id, []))
    while todo:
        n = todo.pop()
        words = n.id.rsplit("/", 1)[-1].lower()
        if any(w in words for w in ATTENTION_WORDS):
            return True
        todo.extend(kids.get(n.id, []))
    return False


class _Stack:
    def __init__(self, owner: str, layers: list[Node], bags: list[tuple], attn: list[bool]):
        self.owner = owner
        self.layers = layers
        self.bags = bags
        self.attn = attn


def stack_of(g: Graph) -> _Stack | None:
    """The one numbered list of layers of exactly two kinds in ``g``, or None."""
    kids: dict[str | None, list[Node]] = defaultdict(list)
    for n in g.nodes:
        kids[n.parent].append(n)
    found: list[_Stack] = []
    for owner, ch in kids.items():
        if owner is None or len(ch) < 2:
            continue
        idx = [_index(c) for c in ch]
        if any(i is None for i in idx):
            continue
        # identical consecutive layers may stand as one node repeated (``Node.repeat``), the
        # next one numbered after its copies: every index is the run of copies before it
        layers: list[Node] = []
        for c in sorted(ch, key=_index):
            if _index(c) != len(layers):
                break
            layers.extend([c] * c.repeat)
        else:
            bags = [_bag(c, kids) for c in layers]
            if any(b is None or not b for b in bags) or len(set(bags)) != 2:
                continue
            attn = [_named_attention(c, kids) for c in layers]
            found.append(_Stack(owner, layers, bags, attn))
    return found[0] if len(found) == 1 else None


def _attention_bag(st: _Stack) -> tuple | None:
    """The bag of the kind this side's module names call attention, where exactly one is."""
    named = {b for b, a in zip(st.bags, st.attn) if a}
    other = {b for b, a in zip(st.bags, st.attn) if not a}
    if len(named) == 1 and named.isdisjoint(other):
        return next(iter(named))
    return None


def layer_pattern(left: Graph, right: Graph) -> tuple[FactDiff, dict[str, set[str]]] | None:
    """The ``layerPattern`` fact diff and, per side, the ids of the nodes inside its stack,
    or None (module docstring)."""
    if not enabled():
        return None
    sa, sb = stack_of(left), stack_of(right)
    if sa is None or sb is None or len(sa.layers) != len(sb.layers):
        return None
    if set(sa.bags) != set(sb.bags) or sa.bags == sb.bags:
        return None
    kind = _attention_bag(sb) or _attention_bag(sa)
    word = "attention layers"
    if kind is None:
        count = Counter(sb.bags)
        a, b = count.most_common()
        if a[1] == b[1]:
            return None
        kind, word = b[0], "layers of the rarer kind"
    values = {
        side: [i for i, bag in enumerate(st.bags) if bag == kind]
        for side, st in zip(SIDES, (sa, sb))
    }
    locs: dict[str, Any] = {}
    for side, g, st in zip(SIDES, (left, right), (sa, sb)):
        owner = g.node(st.owner)
        loc = owner.loc if owner is not None else None
        locs[side] = loc.model_copy(update={"side": side}) if loc is not None else None
    fact = FactDiff(
        key="layerPattern",
        values=values,
        locs=locs,
        attribute="model.layerPattern",
        derived={side: f"{word} (indices)" for side in SIDES},
        message=f"{word} of the layer stack are at indices {values['left']} in {{left}} but "
        f"{values['right']} in {{right}} (the same two kinds of layer, at other places)",
    )
    inside = {}
    for side, g, st in zip(SIDES, (left, right), (sa, sb)):
        ids = {st.owner}
        for n in g.nodes:
            p = n.parent
            while p is not None and p not in ids:
                p = g.node(p).parent if g.node(p) is not None else None
            if p is not None:
                ids.add(n.id)
        inside[side] = ids
    return fact, inside


def fold_pattern(left: Graph, right: Graph, facts: list[FactDiff], diffs: list[Diff]) -> list[Diff]:
    """Add the ``layerPattern`` fact to ``facts`` (in place) where the sides' hybrid stacks
    hold the same two kinds at other indices, with every structural difference inside the
    stacks under it (a layer count, layers missing on each side, a weight of another size
    there). Returns the diffs left."""
    got = layer_pattern(left, right)
    if got is None:
        return diffs
    fact, inside = got
    both = inside["left"] | inside["right"]
    keep, under = [], []
    for d in diffs:
        if d.node is not None and d.node in both:
            under.append(d)
        else:
            keep.append(d)
    fact.absorbed.extend(under)
    # a depth read off one kind's run is no depth of the model: both stacks are as deep
    facts[:] = [f for f in facts if f.key != "numLayers"] + [fact]
    return keep
