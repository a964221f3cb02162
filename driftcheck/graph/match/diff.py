"""Structural differences between two aligned canonical sequences.

Each difference is recorded once per attribute and pair of values: a head count that differs
in all 12 identical layers is one ``Diff`` seen ``times`` = 12, because the 12 layers are one
repeated item. Counts are compared as numbers (12 layers vs 3 is one ``layer-count``), and
items only one side has become ``missing-layer`` / ``extra-layer`` -- unless the unpaired
items of a gap hold exactly the same weight tensors on both sides (an ``Attention`` layer
against a block of four ``Linear``s), which is a different description of the same weights.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from driftcheck.findings import Location
from driftcheck.graph import catalogue
from driftcheck.graph.catalogue.spec import camel
from driftcheck.graph.match.align import Pair, align
from driftcheck.graph.match.canon import Item, leaf_weights, norm_value, walk, weight_total
from driftcheck.graph.match.derive import lead_layer, main_block, trail_layer
from driftcheck.graph.match.policy import LAYOUT_OPS, RESHAPES

IGNORED_PARAMS = frozenset({"inplace", "device", "dtype", "name"})
"""Constructor arguments that say nothing about the model's function or weights."""
SPATIAL_PARAMS = frozenset({"kernel_size", "stride", "padding", "dilation", "output_padding"})
"""Per-axis sizes torch accepts as one int for every axis: ``16`` is ``(16, 16)``."""


@dataclass
class Diff:
    kind: str
    attribute: str
    left: Any
    right: Any
    locs: dict[str, Location | None] = field(default_factory=dict)
    weights_change: bool = False
    times: int = 1
    node: str | None = None
    what: str | None = None
    layout: bool = False
    soft: bool = False
    """a size of a forward op (view, unflatten, SDPA): how one implementation computes"""
    apart: bool = False
    """a count of two blocks that hold different weights per copy: paired as the closest
    of their kind, not as one block repeated a different number of times"""
    twins: list[str] = field(default_factory=list)
    """other attributes with the same two values (a width seen as one layer's outputs and the
    next one's inputs), reported under this one (``match._twins``)"""
    shifted: list[str] = field(default_factory=list)
    """other weights longer or shorter by the same rows on one axis (YOLOS's position
    tables, each holding the detection tokens), reported under this one (``match._shifted``)"""
    follows: list[str] = field(default_factory=list)
    """other attributes that are a function of this one's value on both sides (a pool's
    ``padding = kernel // 2``), reported under it (``match._kernel_padding``)"""
    owners: set[tuple[str, str]] = field(default_factory=set)
    """for a count of list elements: the module holding the list, on each side (the list's
    path less its name), one pair per place seen; empty where a copy is no list element"""
    equivalent: bool = False
    """seen only where both sides hold the same number of parameters (the items of one
    level of the sequence, or the layers outside its blocks): one set of weights written
    two ways, unless a fact says otherwise (``semantic.settle``)"""
    unknown: str | None = None
    """seen where one side's parameters at this level (or a level above) are unknown: a layer
    whose size is unresolved, or a part the parser could not read, named here (its id, class,
    file:line and what is unresolved). Whether the two sides hold the same parameters written
    two ways (``equivalent``) cannot be told, so a weight or count difference seen there is an
    honest unknown (info), not drift (session 35, unknown35)"""
    unsized_pair: bool = False
    """a difference between two paired leaves one of which has an unresolved size: which layer
    of the other side it stands for was told by its type and place alone (``unknown`` then
    covers any difference of theirs, a bias flag too)"""


def unknown35_enabled() -> bool:
    """Session 35's unknown rules (``Diff.unknown``, ``FactDiff.unknown``, the info
    ``incomplete`` findings naming an unknown, forward ops alone being no layers).
    ``DRIFTCHECK_NO_UNKNOWN35=1`` switches them off: the matcher as before session 35 (as
    ``DRIFTCHECK_NO_STACK_WIDTH`` does for derive's stack width), for comparing the two."""
    return os.environ.get("DRIFTCHECK_NO_UNKNOWN35") != "1"


def unknown_diff(d: Diff) -> bool:
    """``d`` is an honest unknown, not drift: seen where a side's parameters are unknown, and a
    weight or count difference, or one between a leaf of unresolved size and its pair."""
    if not d.unknown:
        return False
    if d.unsized_pair or d.kind in ("layer-count", "block-count"):
        return True
    return d.weights_change or d.kind in ("shape", "layer-type", "missing-layer", "extra-layer")


def _list_owner(it: Item) -> str | None:
    """The module holding the list whose elements ``it``'s copies are (``blocks/3`` is held
    by the root, ``enc/layers/0`` by ``enc``); None where the first copy is no list element."""
    parts = it.node.id.split("/")
    if len(parts) < 2 or not parts[-1].isdigit():
        return None
    return "/".join(parts[:-2])


def _list_owners(x: Item, y: Item) -> set[tuple[str, str]]:
    ox, oy = _list_owner(x), _list_owner(y)
    return {(ox, oy)} if ox is not None and oy is not None else set()


def same(a: Any, b: Any) -> bool:
    a, b = norm_value(a), norm_value(b)
    if isinstance(a, float) or isinstance(b, float):
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return math.isclose(a, b, rel_tol=1e-9, abs_tol=0.0)
        return False
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def json_value(v: Any) -> Any:
    v = norm_value(v)
    if isinstance(v, tuple):
        return [json_value(x) for x in v]
    return v


def _loc(it: Item, param: str | None, side: str) -> Location | None:
    loc = it.node.param_locs.get(param) if param else None
    loc = loc or it.node.loc
    return loc.model_copy(update={"side": side}) if loc is not None else None


def _count_loc(it: Item, side: str) -> Location | None:
    return _loc(it, "repeat", side)


def attribute(ltype: str, param: str) -> str:
    spec = catalogue.get(ltype) or catalogue.get_block(ltype)
    if spec is not None:
        return f"{spec.vocab}.{camel(param)}"
    return f"{ltype[:1].lower()}{ltype[1:]}.{camel(param)}"


def describe(it: Item) -> str:
    """A short, name-free description of an item for a missing / extra finding."""
    if it.is_block:
        types = Counter(
            c.ltype if not c.is_block else "block" for c in walk(it.children or []) if not c.soft
        )
        inner = ", ".join(f"{t} x{n}" if n > 1 else t for t, n in types.most_common(4))
        head = f"{it.count} x " if it.count > 1 else ""
        return f"{head}block of {inner}"
    dims = [
        f"{k}={v}" for k, v in it.params.items() if isinstance(v, int) and not isinstance(v, bool)
    ][:3]
    return f"{it.ltype}({', '.join(dims)})" if dims else it.ltype


def _only_ops(it: Item) -> bool:
    """A block holding forward ops and nothing else (a weightless RMSNorm module: a mean,
    a rsqrt; transformers' ``NanoChatRMSNorm``): the ops one implementation wraps in a
    module another writes inline (``F.rms_norm``). Forward ops are compared only where both
    sides have them, never reported missing (``Item.soft``), so neither is their wrapper."""
    if not it.is_block:
        return False
    leaves = [c for c in walk(it.children or []) if not c.is_block]
    return bool(leaves) and all(c.soft for c in leaves)


def _opaque(it: Item) -> bool:
    """A leaf the parser could not read (an ``Unknown`` node): nothing about its layers or
    weights is known."""
    return not it.is_block and it.ltype == "Unknown"


def _unsized(it: Item) -> bool:
    """A leaf whose weights are unknown because a parameter is unresolved (``nn.Linear(d,
    int(RATIO * d))`` with ``RATIO`` unknown, a ``TransformerEncoderLayer`` of unknown width):
    which layers of the other side it stands for is not known either."""
    if it.is_block or not it.node.unresolved or _only_ops(it):
        return False
    if leaf_weights(it.ltype, it.params) is None:
        return True
    # weights computed from a default that binding fills in for an unresolved size
    # (``dim_feedforward`` unread: 2048): an int / bool / size list sets weight shapes
    spec = catalogue.get(it.ltype)
    kinds = {p.name: p.kind for p in spec.params} if spec is not None else {}
    return any(
        kinds.get(u) not in (None, "float", "str") and u not in it.params
        for u in it.node.unresolved
    )


def unknown_note(items: list[Item]) -> str | None:
    """The first layer (depth first) whose weights are unknown, named with its class, its
    file:line and what is unresolved on it: why a level's parameter total is unknown."""
    for it in items:
        if it.is_block:
            got = unknown_note(it.children or [])
            if got:
                return got
            continue
        if leaf_weights(it.ltype, it.params) is not None and not _unsized(it):
            continue
        return node_note(it.node)
    return None


def node_note(n: Any, default: str = "size unknown") -> str:
    """A node marked unknown, named: its id, class, file:line and what is unresolved on it."""
    where = f"{n.loc.file}:{n.loc.line}" if n.loc is not None else "?"
    why = "; ".join(dict.fromkeys([*n.unresolved[:2], *n.notes[:1]])) or default
    return f"unknown: {n.id} ({n.user_class or n.type}) at {where}: {why}"


def weight_bag(items: list[Item]) -> Counter | None:
    """Multiset of weight shapes (with repeats); None when some item's weights are unknown."""
    bag: Counter = Counter()
    for it in items:
        if it.is_block:
            inner = weight_bag(it.children or [])
            if inner is None:
                return None
            for k, n in inner.items():
                bag[k] += n * it.count
            continue
        w = leaf_weights(it.ltype, it.params)
        if w is None:
            return None
        for shape in w.values():
            bag[tuple(shape)] += 1
    return bag


def _same_swap(a: dict, b: dict) -> bool:
    """Two transposes that swap the same two axes of a tensor of some rank: ``(-1, -2)``
    against ``(2, 3)`` or ``(3, 2)`` (rank 4). The rank is not in the graph, so where one
    rank makes them one swap they are not told apart (an op, never a weight)."""
    da, db = (a.get("dim0"), a.get("dim1")), (b.get("dim0"), b.get("dim1"))
    if not all(type(d) is int for d in (*da, *db)):
        return False
    for rank in range(2, 9):
        na = {d + rank if d < 0 else d for d in da}
        nb = {d + rank if d < 0 else d for d in db}
        if na == nb and len(na) == 2 and all(0 <= d < rank for d in na):
            return True
    return False


def _layers_apart(x: Item, y: Item, main: set[int]) -> bool:
    """``x`` and ``y`` are both sides' layer stacks (their main blocks), as many layers each,
    and one layer holds a different number of parameters on each side. The whole model's
    totals being equal then says nothing of the layers: what one layer holds more, something
    outside the layers holds less on the other side (an LM head the bare model lacks against
    a wider MLP: 64 x 256 = 2 layers x 2 x 64 x 64), so the layers' differences are not two
    writings of one set of weights."""
    if id(x) not in main or id(y) not in main or x.count != y.count:
        return False
    wx, wy = x.weight_size(), y.weight_size()
    return wx > 0 and wy > 0 and wx != wy


class Differ:
    """Walks aligned pairs; collects deduplicated diffs keyed by attribute and values."""

    def __init__(self) -> None:
        self.diffs: dict[tuple, Diff] = {}
        self.main: set[int] = set()
        self.lead: dict[int, int] = {}
        """per main block: the layers standing apart before it (``lead_layer``) and after it
        (``trail_layer``), one copy each"""
        self.level_eq = False
        """this level's items (blocks with their counts) hold as many parameters each side"""
        self.leaf_eq = False
        """this level's layers outside blocks hold as many parameters each side"""
        self.opaque: list[tuple[Item, str]] = []
        """unreadable leaves (``_opaque``) whose stretch was not compared, with their side"""
        self.restacked: dict[int, tuple[int, int]] = {}
        """blocks whose surplus copies the other side holds as stacked tensors
        (``_stacked_copies``): their count differs in writing only"""
        self.level_unknown: str | None = None
        """this level's parameter totals are unknown on a side, and no enclosing level holds
        as many each side: the note naming why (``Diff.unknown``). A nested level whose own
        totals are known on both sides does not inherit it (session 36: its layers are known,
        and where they differ they differ)"""
        self.unknown35 = unknown35_enabled()

    def add(self, d: Diff, block: bool = False) -> None:
        d.equivalent = self.level_eq or (self.leaf_eq and not block)
        if not d.equivalent and d.unknown is None:
            d.unknown = self.level_unknown
        key = (d.kind, d.attribute, repr(norm_value(d.left)), repr(norm_value(d.right)))
        have = self.diffs.get(key)
        if have is None:
            self.diffs[key] = d
        else:
            have.owners = have.owners | d.owners if have.owners and d.owners else set()
            have.times += d.times
            have.equivalent = have.equivalent and d.equivalent
            # unknown only where every place it was seen is
            have.unknown = have.unknown if d.unknown else None

    def run(self, a: list[Item], b: list[Item]) -> list[Diff]:
        self.main = {id(m) for m in (main_block(a), main_block(b)) if m is not None}
        self.lead = {
            id(m): lead_layer(seq, m) + trail_layer(seq, m)
            for seq in (a, b)
            if (m := main_block(seq))
        }
        self._seq(a, b, 1)
        return list(self.diffs.values())

    def _seq(self, a: list[Item], b: list[Item], times: int) -> None:
        """Layers pair by alignment; forward ops pair among themselves, by type and order,
        and only paired ops are compared (see ``Item.soft``)."""
        saved = self.level_eq, self.leaf_eq, self.level_unknown
        ha, hb = [x for x in a if not x.soft], [y for y in b if not y.soft]
        ta, tb = weight_total(ha), weight_total(hb)
        # a level inside one that holds as many parameters each side is part of it: a pair
        # of blocks aligned across two writings of those weights (q/k/v as three wrapped
        # linears against an MLP wrapper) differs as the writings do, not as the weights
        self.level_eq = (ta is not None and ta == tb) or saved[0]
        if not self.unknown35:
            self.level_unknown = None
        elif ta is not None and tb is not None:
            # this level's own totals are known on both sides (equal: ``level_eq``; else its
            # layers hold different weights): an unknown part elsewhere (a sibling of an
            # enclosing level) says nothing of them, so its note is not inherited here
            self.level_unknown = None
        elif not self.level_eq:
            # whether this level is one set of weights written two ways cannot be told: a
            # side's parameters here are unknown (a size unresolved, a part not read); the
            # note names this level's own unknown layer
            self.level_unknown = unknown_note(ha) or unknown_note(hb) or self.level_unknown
        la = weight_total([x for x in ha if not x.is_block])
        lb = weight_total([y for y in hb if not y.is_block])
        self.leaf_eq = la is not None and la == lb
        self._pairs(align(ha, hb), times)
        ops = align([x for x in a if x.soft], [y for y in b if y.soft])
        if _other_layout(ops):
            ops = []
        for x, y in ops:
            if (
                x is not None
                and y is not None
                and x.ltype == y.ltype
                and _same_axis(x, y)
                and _same_source(x, y)
            ):
                self._leaves(x, y, times)
        self.level_eq, self.leaf_eq, self.level_unknown = saved

    def _pairs(self, pairs: list[Pair], times: int) -> None:
        pairs = _same_layer_blocks(pairs)
        moved = _moved(pairs)
        loose = [p for p in pairs if (p[0] is None) != (p[1] is None)]
        if _same_weights(loose):
            # every unpaired layer of this level, whatever its place: the two sides hold the
            # same weights in them (a fused qkv declared before the bias table, q/k/v after),
            # so the stretches between aligned layers are one set of weights written two ways
            pairs = [p for p in pairs if p[0] is not None and p[1] is not None]
        stacked = _stacked_copies(pairs)
        if stacked:
            pairs = [p for p in pairs if None not in p or id(p[0] or p[1]) not in stacked]
        # a part the parser could not read on one side (``_opaque``) may hold any of the
        # other side's unpaired layers at this level, wherever alignment left them: its
        # place in the sequence says nothing once its contents are unknown (module tables
        # sized by a metaclass or by names injected with ``globals().update``)
        covers = frozenset(
            other
            for x, y in loose
            for it, other in ((x, "right"), (y, "left"))
            if it is not None and _opaque(it)
        )
        gap: list[Pair] = []
        swapped = _swapped(pairs)
        for x, y in pairs:
            if x is not None and y is not None and id(x) in stacked:
                self.restacked[id(x)] = stacked[id(x)]
            if x is None or y is None:
                if (x or y).full_sig not in moved and id(x or y) not in swapped:
                    gap.append((x, y))
                continue
            self._gap(gap, times, covers)
            gap = []
            if x.is_block and y.is_block:
                self._blocks(x, y, times, moved)
            else:
                self._leaves(x, y, times)
        self._gap(gap, times, covers)

    def _blocks(self, x: Item, y: Item, times: int, moved: frozenset = frozenset()) -> None:
        extra = self.restacked.get(id(x))
        if extra is not None and extra[0] != extra[1]:
            # the copies beyond the paired ones (routed experts as modules against a stacked
            # tensor's rows) are what differs, not the run each side writes
            self.add(
                Diff(
                    "block-count",
                    "block.count",
                    extra[0],
                    extra[1],
                    {"left": _count_loc(x, "left"), "right": _count_loc(y, "right")},
                    weights_change=True,
                    times=times,
                    node=x.node.id,
                    what=describe(x),
                ),
                block=True,
            )
        if (
            x.count != y.count
            and not (x.full_sig == y.full_sig and x.full_sig in moved)
            and id(x) not in self.restacked
        ):
            bx, by = weight_bag(x.children or []), weight_bag(y.children or [])
            top = id(x) in self.main or id(y) in self.main
            kind = "layer-count" if top else "block-count"
            attr = "model.numLayers" if top else "block.count"
            # a first layer standing apart from the run (``lead_layer``) is one of the layers
            lx, ly = (self.lead.get(id(x), 0), self.lead.get(id(y), 0)) if top else (0, 0)
            self.add(
                Diff(
                    kind,
                    attr,
                    x.count + lx,
                    y.count + ly,
                    {"left": _count_loc(x, "left"), "right": _count_loc(y, "right")},
                    weights_change=True,
                    times=times,
                    node=x.node.id,
                    what=describe(x),
                    apart=bx is not None and by is not None and bx != by,
                    owners=_list_owners(x, y),
                ),
                block=True,
            )
        saved = self.level_eq
        if _layers_apart(x, y, self.main):
            self.level_eq = False  # equal model totals do not make these layers one writing
        self._seq(x.children or [], y.children or [], times * min(x.count, y.count))
        self.level_eq = saved

    def _leaves(self, x: Item, y: Item, times: int) -> None:
        if x.ltype != y.ltype:
            wx, wy = leaf_weights(x.ltype, x.params), leaf_weights(y.ltype, y.params)
            self.add(
                Diff(
                    "layer-type",
                    f"{(_role(x) or 'layer')}.type",
                    x.ltype,
                    y.ltype,
                    {"left": _loc(x, None, "left"), "right": _loc(y, None, "right")},
                    weights_change=_bag(wx) != _bag(wy),
                    times=times,
                    node=x.node.id,
                )
            )
            return
        if x.ltype == "Transpose" and _same_swap(x.params, y.params):
            return
        unresolved = set(x.node.unresolved) | set(y.node.unresolved)
        unsized = _unsized(x) or _unsized(y)
        base = _bag(leaf_weights(x.ltype, x.params))
        # two leaves whose weights differ are different layers: every difference between
        # them (a stride beside the kernel that differs too) is part of that weight change
        other = _bag(leaf_weights(y.ltype, y.params))
        apart = base is not None and other is not None and base != other
        for param in dict.fromkeys([*x.params, *y.params]):
            if param in IGNORED_PARAMS or param in unresolved:
                continue
            lv, rv = x.params.get(param), y.params.get(param)
            if lv is None or rv is None or same(lv, rv):
                continue
            if _symbolic(lv) or _symbolic(rv) or not (_json(lv) and _json(rv)):
                continue
            if x.soft and not (_plain(lv) and _plain(rv)):
                continue  # an op size held as an expression over other nodes: not a value
            if x.ltype in RESHAPES and _same_up_to_infer(lv, rv):
                continue  # view(b, s, 8, -1) against view(b, s, 8, 64): one spelling each
            if param in SPATIAL_PARAMS and _broadcast(lv) == _broadcast(rv):
                continue  # kernel_size=16 against (16, 16)
            # does this one value, changed alone, change a weight shape?
            moved = _bag(leaf_weights(x.ltype, {**x.params, param: rv}))
            heavy = apart or (base is not None and moved is not None and moved != base)
            self.add(
                Diff(
                    "shape" if heavy and _is_dim(x.ltype, param) else "param",
                    attribute(x.ltype, param),
                    json_value(lv),
                    json_value(rv),
                    {"left": _loc(x, param, "left"), "right": _loc(y, param, "right")},
                    weights_change=heavy,
                    times=times,
                    node=x.node.id,
                    layout=x.ltype in LAYOUT_OPS and x.ltype not in RESHAPES,
                    soft=x.soft,
                    unsized_pair=unsized,
                )
            )

    def _gap(self, gap: list[Pair], times: int, covers: frozenset = frozenset()) -> None:
        """Compare a stretch of unpaired layers; ``covers`` names the sides whose unpaired
        layers an unreadable part of the other side, elsewhere at this level, may hold."""
        if not gap:
            return
        lefts = [x for x, _ in gap if x is not None]
        rights = [y for _, y in gap if y is not None]
        opaque = [(it, side) for side, its in (("left", lefts), ("right", rights)) for it in its]
        opaque = [(it, side) for it, side in opaque if _opaque(it)]
        if opaque:
            self.opaque += opaque
            # a part the parser could not follow (a ``ModuleList`` whose length or contents
            # are unknown: ``int(os.environ.get(...))`` layers) may hold whatever the other
            # side has here: an honest unknown (the graph's notes name it), not a missing
            # layer on one side and an extra one on the other
            return
        lefts = [] if "left" in covers else lefts
        rights = [] if "right" in covers else rights
        unsized = [(it, s) for s, its in (("left", lefts), ("right", rights)) for it in its]
        unsized = [(it, s) for it, s in unsized if _unsized(it)]
        if unsized and lefts and rights:
            # a layer of unknown size facing unpaired layers of the other side: it may be
            # what they are (its weights cannot be weighed against theirs): an honest
            # unknown (info), not a missing layer here and extra ones there
            self.opaque += unsized
            return
        # and on the unreadable part's own side, a layer of unknown size (a norm weight
        # ``Parameter(torch.ones(WIDTH))`` with ``WIDTH`` read from the environment) may be
        # what the covered layers of the other side pair with: not a missing layer either
        if "left" in covers:
            rights = [y for y in rights if weight_bag([y]) is not None]
        if "right" in covers:
            lefts = [x for x in lefts if weight_bag([x]) is not None]
        if lefts and rights:
            bl, br = weight_bag(lefts), weight_bag(rights)
            if bl and br and (bl == br or _total(bl) == _total(br)):
                # the same weights described differently: an Attention layer against four
                # Linears, or a fused in_proj (3d, d) against q/k/v (d, d) each
                return
            lefts, rights = _unpaired(lefts, rights)
            if len(lefts) == len(rights) == 1 and lefts[0].is_block and rights[0].is_block:
                # the one block left each side (the layer stack, written with other layer
                # types on one side): compared as a pair, not reported whole on each side
                self._blocks(lefts[0], rights[0], times)
                return
            sized = _resized(lefts, rights)
            bagged = sized is None and (sized := _bag_resized(lefts, rights)) is not None
            if sized is not None:  # hand-written linears [256, 64] against Linear(64, 160)
                a, b, x, y = sized
                locs = {"left": _loc(x, None, "left"), "right": _loc(y, None, "right")}
                # resized weights inside unpaired blocks are no layers of this level: that
                # this level's own layers hold as many parameters (none at all, on a level
                # of blocks only: HRM's two stacks) says nothing of theirs
                inside = any(it.is_block for it in (*lefts, *rights))
                for _ in range(1 if bagged else len(lefts)):
                    self.add(
                        Diff(
                            "shape",
                            "weight.size",
                            a,
                            b,
                            locs,
                            weights_change=True,
                            times=times,
                            node=x.node.id,
                        ),
                        block=inside,
                    )
                return
            one = _one_table(lefts, rights)
            if one is not None:  # a raw [256, 64] table against an Embedding(128, 64)
                x, y, sx, sy = one
                locs = {"left": _loc(x, None, "left"), "right": _loc(y, None, "right")}
                self.add(
                    Diff(
                        "shape",
                        "weight.shape",
                        list(sx),
                        list(sy),
                        locs,
                        weights_change=True,
                        times=times,
                        node=x.node.id,
                    )
                )
                return
        for it, side in [*((x, "left") for x in lefts), *((y, "right") for y in rights)]:
            if _only_ops(it):
                continue
            bag = weight_bag([it])
            self.add(
                Diff(
                    "missing-layer" if side == "left" else "extra-layer",
                    f"{_role(it) or ('block' if it.is_block else 'layer')}",
                    describe(it) if side == "left" else None,
                    describe(it) if side == "right" else None,
                    {side: _loc(it, None, side)},
                    weights_change=bag is None or bool(bag),
                    times=times,
                    node=it.node.id,
                    what=describe(it),
                    layout=not it.is_block and it.ltype in LAYOUT_OPS,
                ),
                block=it.is_block,
            )


def _stacked_copies(pairs: list[Pair]) -> dict[int, tuple[int, int]]:
    """Experts written as modules on one side and as tensors stacked on a leading expert
    axis on the other (transformers' fused ``gate_up_proj`` ``[E, 2I, D]`` and
    ``down_proj`` ``[E, D, I]``): where a block runs more copies than its partner (8 routed
    experts and a shared one of one shape, merged into a run of 9, against the shared
    expert), and the unpaired raw Parameters of the partner's side all have ``E`` rows on
    their first axis and together hold ``E`` copies' parameters, they are ``E`` more
    copies. Returns, for the ids of those Parameters and of the block with the surplus,
    the copies each side holds beyond the paired ones (left, right): equal when the two
    are one model written two ways."""
    out: dict[int, tuple[int, int]] = {}
    for x, y in pairs:
        if x is None or y is None or not (x.is_block and y.is_block) or x.count == y.count:
            continue
        big, side = (x, 1) if x.count > y.count else (y, 0)
        c = big.count - min(x.count, y.count)
        one = weight_total(big.children or [])
        stack = [
            p[side]
            for p in pairs
            if p[side] is not None
            and p[1 - side] is None
            and id(p[side]) not in out
            and not p[side].is_block
            and p[side].ltype == "Parameter"
        ]
        shapes = [tuple(it.params.get("shape") or ()) for it in stack]
        if (
            not one
            or not stack
            or not all(len(sh) >= 2 and all(type(d) is int for d in sh) for sh in shapes)
        ):
            continue
        rows = {sh[0] for sh in shapes}
        e = next(iter(rows))
        if len(rows) != 1 or e < 2 or sum(math.prod(sh) for sh in shapes) != e * one:
            continue
        held = (c, e) if big is x else (e, c)
        out.update({id(it): held for it in stack})
        out[id(x)] = held
    return out


def _swapped(pairs: list[Pair]) -> set[int]:
    """Unpaired items of one level that an unpaired item of the other side holds exactly the
    weights of, in another place (Granite's router, a raw ``[E, d]`` weight before the
    experts on one side and a ``Linear(d, E)`` after them on the other): the same layer,
    declared elsewhere, where the changed layers between them left both unaligned."""
    rights = [(y, weight_bag([y])) for x, y in pairs if x is None and y is not None]
    out: set[int] = set()
    for x, y in pairs:
        if x is None or y is not None:
            continue
        bx = weight_bag([x])
        if not bx:
            continue
        hit = next((r for r, br in rights if id(r) not in out and br == bx), None)
        if hit is not None:
            out |= {id(x), id(hit)}
    return out | _split_copies(pairs, out)


def _same_layer_blocks(pairs: list[Pair]) -> list[Pair]:
    """An unpaired block on each side whose one copy holds the same weights (a multiset of
    shapes) but that repeat a different number of times: one layer kind, its parts written
    in another order or type (a lone decoder layer kept as a block, ``canon.bag_sig``,
    against the other side's run of two). Paired, so the count is what differs, not two
    whole blocks missing and extra. Only a single such block on each side."""
    lx = [x for x, y in pairs if x is not None and y is None and x.is_block]
    ry = [y for x, y in pairs if y is not None and x is None and y.is_block]
    if len(lx) != 1 or len(ry) != 1 or lx[0].count == ry[0].count:
        return pairs
    x, y = lx[0], ry[0]
    one = weight_bag(x.children or [])
    if not one or one != weight_bag(y.children or []):
        return pairs
    out: list[Pair] = []
    for p in pairs:
        if p[0] is x:
            out.append((x, y))
        elif p[1] is not y:
            out.append(p)
    return out


def _split_copies(pairs: list[Pair], done: set[int]) -> set[int]:
    """A run of ``n`` copies on one side (two norms of one size merged into a run) against
    ``n`` unpaired layers holding one copy's weights each on the other, declared apart
    (``input_layernorm`` before the attention, ``post_attention_layernorm`` after it):
    the same layers, wherever the layers between them left each unaligned."""
    out: set[int] = set()
    for side in (0, 1):
        runs = [
            p[side]
            for p in pairs
            if p[side] is not None and p[1 - side] is None and id(p[side]) not in done
        ]
        others = [
            p[1 - side]
            for p in pairs
            if p[1 - side] is not None and p[side] is None and id(p[1 - side]) not in done
        ]
        for it in runs:
            if not it.is_block or it.count < 2 or id(it) in out:
                continue
            many = _copies(it, [o for o in others if id(o) not in out and not o.is_block])
            if len(many) == it.count:
                out |= {id(it)} | {id(o) for o in many}
    return out


def _same_weights(loose: list[Pair]) -> bool:
    """The unpaired layers of both sides hold the same weights (as many parameters)."""
    lefts = [x for x, _ in loose if x is not None]
    rights = [y for _, y in loose if y is not None]
    if not lefts or not rights:
        return False
    bl, br = weight_bag(lefts), weight_bag(rights)
    return bool(bl) and bool(br) and (bl == br or _total(bl) == _total(br))


def _unpaired(lefts: list[Item], rights: list[Item]) -> tuple[list[Item], list[Item]]:
    """The items of an unaligned stretch left once each item whose weights one item of the
    other side holds exactly (a raw ``[900, 64]`` Parameter and an ``Embedding(900, 64)``)
    is paired off with it: the same weights, written as another layer."""
    rest = list(rights)
    out: list[Item] = []
    for x in lefts:
        bx = weight_bag([x])
        hit = next((y for y in rest if bx and weight_bag([y]) == bx), None)
        if hit is not None:
            rest.remove(hit)
            continue
        many = _copies(x, rest)  # a block of 4 hand-written linears against 4 Linears
        if many:
            for y in many:
                rest.remove(y)
            continue
        out.append(x)
    left = list(out)
    for y in list(rest):
        many = _copies(y, left)
        if many:
            rest.remove(y)
            for x in many:
                left.remove(x)
    return left, rest


def _copies(x: Item, others: list[Item]) -> list[Item]:
    """``x`` holds the weights of several of ``others`` together: a block of ``n`` copies
    against ``n`` items holding one copy's each, or a layer against a run of consecutive
    items (a LayerNorm against its gain and bias Parameters). Those items; else none."""
    if x.is_block and x.count >= 2:
        one = weight_bag(x.children or [])
        if one:
            hits = [y for y in others if weight_bag([y]) == one][: x.count]
            if len(hits) == x.count:
                return hits
    bx = weight_bag([x])
    if not bx:
        return []
    for n in (2, 3, 4):
        for i in range(len(others) - n + 1):
            run = others[i : i + n]
            if weight_bag(run) == bx:
                return run
    return []


def _shapes(it: Item) -> list[tuple] | None:
    """One copy's weight shapes, largest rank first (ties: in order)."""
    out: list[tuple] = []
    for leaf in walk([it]):
        if leaf.is_block:
            continue
        w = leaf_weights(leaf.ltype, leaf.params)
        if w is None:
            return None
        out += [tuple(s) for s in w.values()] * max(1, leaf.count)
    return sorted(out, key=lambda s: -len(s))


def _resized(lefts: list[Item], rights: list[Item]) -> tuple | None:
    """The layers left each side, paired in order, hold the same weights up to one size
    (every differing axis is ``a`` on the left and ``b`` on the right): ``(a, b, first
    left, first right)``, the one width they differ by, or None."""
    if not lefts or len(lefts) != len(rights) or len(lefts) > 4:
        return None
    change: set[tuple] = set()
    for x, y in zip(lefts, rights):
        sx, sy = _shapes(x), _shapes(y)
        if not sx or not sy or len(sx) != len(sy):
            return None
        for a, b in zip(sx, sy):
            if len(a) != len(b):
                return None
            change |= {(p, q) for p, q in zip(a, b) if p != q}
    if len(change) != 1:
        return None
    a, b = change.pop()
    if not (isinstance(a, int) and isinstance(b, int)):
        return None
    return a, b, lefts[0], rights[0]


def _bag_resized(lefts: list[Item], rights: list[Item]) -> tuple | None:
    """The layers left each side hold the same weights, as many of each shape, up to one
    size ``a`` on the left where the right has ``b`` (a model of raw Parameters run by
    ``F.linear`` against transformers' Linear layers, an MLP width changed): ``(a, b, first
    left, first right)``, or None. Matched as multisets of shapes, whatever the order or
    grouping in blocks; one size pair only."""
    bl, br = weight_bag(lefts), weight_bag(rights)
    if not bl or not br:
        return None
    only_l, only_r = bl - br, br - bl
    if not only_l or not only_r or sum(only_l.values()) != sum(only_r.values()):
        return None
    ints_l = {x for shape in only_l for x in shape if type(x) is int}
    ints_r = {x for shape in only_r for x in shape if type(x) is int}
    found = None
    for a in ints_l - ints_r:
        for b in ints_r - ints_l:
            mapped: Counter = Counter()
            for shape, n in only_l.items():
                mapped[tuple(b if x == a else x for x in shape)] += n
            if mapped == only_r:
                if found is not None:
                    return None  # two readings: no one size
                found = (a, b)
    if found is None:
        return None
    return found[0], found[1], lefts[0], rights[0]


def _one_table(lefts: list[Item], rights: list[Item]) -> tuple | None:
    """One layer left each side, each holding one weight of one rank: the one weight the two
    describe, of two shapes (``(x, y, x's shape, y's shape)``)."""
    if len(lefts) != 1 or len(rights) != 1 or lefts[0].is_block or rights[0].is_block:
        return None
    bx, by = weight_bag(lefts), weight_bag(rights)
    if not bx or not by or len(bx) != 1 or len(by) != 1:
        return None
    (sx, nx), (sy, ny) = next(iter(bx.items())), next(iter(by.items()))
    if nx != 1 or ny != 1 or len(sx) != len(sy) or len(sx) < 2:
        return None
    if sum(a != b for a, b in zip(sx, sy)) != 1:
        return None  # one axis differs: one table, longer or wider; more is another layer
    return lefts[0], rights[0], sx, sy


def _other_layout(ops: list[Pair]) -> bool:
    """The level's first paired split makes a different number of axes on each side (a fused
    ``qkv`` viewed as (groups, heads per group + 2, head width) against separate projections
    viewed as (heads, head width)): every axis the ops after it name (a slice of dim 3) is
    another axis on each side, so none of the level's forward ops are two values of one
    thing."""
    for x, y in ops:
        if x is None or y is None or x.ltype != y.ltype or x.ltype != "Unflatten":
            continue
        sx, sy = x.params.get("unflattened_size"), y.params.get("unflattened_size")
        if isinstance(sx, (list, tuple)) and isinstance(sy, (list, tuple)):
            return len(sx) != len(sy)
    return False


def _same_axis(x: Item, y: Item) -> bool:
    """Two reshapes that split different axes (a rotary's pairs cut off the last axis of a
    4-d tensor, a head split of a 3-d one) are different ops met in the same order: their
    sizes are not two values of one thing."""
    if x.ltype not in RESHAPES:
        return True
    dx, dy = x.params.get("dim"), y.params.get("dim")
    return not (type(dx) is int and type(dy) is int and dx != dy)


def _same_source(x: Item, y: Item) -> bool:
    """Two head splits of projections fed by different widths (``src_in``: the ``Linear``'s
    ``in_features``) are splits of different layers met in the same order, not two values of
    one split: a pyramid's stages flatten into one level, and where one side's split of some
    stage is unread (a ``view`` of an unknown shape) the order pairs one stage's query with
    another stage's key (PvT's stage 2 ``(2, -1)`` against stage 1's ``(1, 16)``)."""
    if x.ltype != "Unflatten":
        return True
    a, b = x.src_in, y.src_in
    return not (type(a) is int and type(b) is int and a != b)


def _moved(pairs: list[Pair]) -> frozenset[int]:
    """Full signatures of the layers one level holds as many copies of on both sides, placed
    elsewhere: a side's unpaired copies (a count's surplus where a run of them paired with a
    shorter one) are exactly the other side's. The sequence is the modules' declaration
    order, not the order forward runs them (transformers declares a layer's two norms after
    its MLP, a user beside what each feeds): one set of layers, not a count or a layer drift."""
    spare: dict[str, Counter] = {"left": Counter(), "right": Counter()}
    for x, y in pairs:
        if x is None and y is not None:
            spare["right"][y.full_sig] += y.count
        elif y is None and x is not None:
            spare["left"][x.full_sig] += x.count
        elif x is not None and y is not None and x.is_block and y.is_block:
            if x.full_sig == y.full_sig and x.count != y.count:
                side = "left" if x.count > y.count else "right"
                spare[side][x.full_sig] += abs(x.count - y.count)
    left, right = spare["left"], spare["right"]
    return frozenset(sig for sig, n in left.items() if n and right.get(sig) == n)


def _broadcast(v: Any) -> Any:
    """A per-axis size with all axes equal, as the one int torch expands it from."""
    v = norm_value(v)
    if isinstance(v, tuple) and v and all(x == v[0] for x in v):
        return v[0]
    return v


def _total(bag: Counter) -> int:
    total = 0
    for shape, n in bag.items():
        size = 1
        for d in shape:
            size *= d if isinstance(d, int) else 0
        total += n * size
    return total


def _role(it: Item) -> str | None:
    spec = catalogue.get(it.ltype)
    return spec.role if spec is not None else None


def _bag(w: dict[str, tuple] | None) -> Counter | None:
    return None if w is None else Counter(tuple(s) for s in w.values())


def _same_up_to_infer(a: Any, b: Any) -> bool:
    """Two size lists equal where neither says -1 (the size torch infers)."""
    a, b = norm_value(a), norm_value(b)
    if not (isinstance(a, tuple) and isinstance(b, tuple)) or len(a) != len(b):
        return False
    return all(x == y or x == -1 or y == -1 for x, y in zip(a, b))


def _json(v: Any) -> bool:
    """A value, not an analyzer object (a symbolic size the parser could not reduce)."""
    if isinstance(v, (list, tuple)):
        return all(_json(x) for x in v)
    if isinstance(v, dict):
        return all(_json(x) for x in v.values())
    return v is None or isinstance(v, (int, float, bool, str))


def _plain(v: Any) -> bool:
    """Numbers, booleans and None, or lists of them: a size the op states outright."""
    if isinstance(v, (list, tuple)):
        return all(_plain(x) for x in v)
    return v is None or isinstance(v, (int, float, bool))


def _symbolic(v: Any) -> bool:
    # a symbol the analyzer could not bind ("config.hidden_size") is not a value to compare
    if isinstance(v, (list, tuple)):
        return any(_symbolic(x) for x in v)
    return isinstance(v, str) and (v.startswith(("config.", "<", "Sym(")) or v == "?")


def _is_dim(ltype: str, param: str) -> bool:
    spec = catalogue.get(ltype)
    return spec is None or any(p.name == param and p.dim for p in spec.params)
