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

import math
from types import SimpleNamespace
from typing import Any

from driftcheck.graph.match import policy
from driftcheck.graph.match.canon import Item, leaf_weights, norm_value, weight_total
from driftcheck.graph.match.diff import Diff, unknown_diff
from driftcheck.graph.match.facts import FactDiff

COUNT_KINDS = ("layer-count", "block-count")


def _numbers(v: Any) -> list[int | float]:
    v = norm_value(v)
    if isinstance(v, tuple):
        return [x for x in v if isinstance(x, (int, float)) and not isinstance(x, bool)]
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return [v]
    return []


def _change(f: FactDiff) -> tuple[Any, Any] | None:
    """The one pair of numbers a fact changes: its two values, or of two equally long lists
    (stage depths ``[2, 3]`` against ``[2, 2]``) the one place they differ."""
    fl, fr = _numbers(f.values["left"]), _numbers(f.values["right"])
    if len(fl) != len(fr):
        return None
    moved = [(x, y) for x, y in zip(fl, fr) if x != y]
    return moved[0] if len(moved) == 1 else None


def related(d: Diff, f: FactDiff) -> bool:
    """The diff's values are the fact's, scaled or shifted by a whole multiple of its change."""
    change = _change(f)
    if change is None:
        return False
    a, b = change
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


def _follows_grouped(d: Diff, f: FactDiff) -> bool:
    """``d`` follows a fact grouped under ``f`` (the head dim of a head count: DiffLlama's
    norm over two heads' width, 32 against 16, under 4 heads against 8 at one width)."""
    for sub in f.absorbed:
        if sub.kind == "param" and sub.attribute.startswith("model."):
            if related(d, SimpleNamespace(values={"left": sub.left, "right": sub.right})):
                return True
    return False


def _resplit(d: Diff) -> bool:
    """Both sizes fully stated with one product: the same width split another way (4 heads
    of 16 against 8 of 8), which the weights do not show; ``-1`` or another product is how
    one implementation arranges its tensors (a complex rotary's pairs, a fused QKV's 3)."""
    lv, rv = norm_value(d.left), norm_value(d.right)
    if not (isinstance(lv, tuple) and isinstance(rv, tuple)):
        return False  # an axis (``dim``), not sizes
    if any(not isinstance(x, int) or x < 0 for x in (*lv, *rv)):
        return False
    pl = pr = 1
    for x in lv:
        pl *= x
    for x in rv:
        pr *= x
    return pl == pr


def _resized_axes(d: Diff) -> bool:
    """A parameter of the same rank and size on both sides whose axes hold other sizes
    (XLNet's ``[d_model, n_head, d_head]`` as ``[64, 8, 8]`` against ``[64, 4, 16]``): no
    second writing of one weight (a transpose keeps the sizes, a fused or flat writing changes
    the rank) but the same count cut into other heads, which equal totals do not explain."""
    if not d.attribute.endswith("parameter.shape"):
        return False
    a, b = d.left, d.right
    if not (isinstance(a, list) and isinstance(b, list) and len(a) == len(b) >= 2):
        return False
    if not all(type(v) is int and v > 0 for v in (*a, *b)):
        return False
    return math.prod(a) == math.prod(b) and sorted(a) != sorted(b)


def _recut(d: Diff) -> tuple | None:
    """The axes a ``_resized_axes`` shape change re-cuts: the sizes from the first axis that
    differs on (``[64, 8, 8]`` against ``[64, 4, 16]``: ``(8, 8) -> (4, 16)``)."""
    if not _resized_axes(d):
        return None
    a, b = d.left, d.right
    i = next(i for i in range(len(a)) if a[i] != b[i])
    return tuple(a[i:]), tuple(b[i:])


def _one_recut(diffs: list[Diff]) -> list[Diff]:
    """Head tensors re-cut the same way (q/k/v/o ``[d, n, h]``, the ``[n, h]`` biases, the
    ``[2, n, h]`` segment table): one change of the head count, reported once, at the first,
    with every place counted."""
    first: dict[tuple, Diff] = {}
    out: list[Diff] = []
    for d in diffs:
        key = _recut(d)
        if key is None:
            out.append(d)
        elif key in first:
            first[key].times += d.times
        else:
            first[key] = d
            out.append(d)
    return out


def _weighty(d: Diff) -> bool:
    if d.kind in COUNT_KINDS:
        return d.apart
    return d.weights_change or d.kind in ("shape", "layer-type", "missing-layer", "extra-layer")


TABLE_FACTS = frozenset({"maxPositionEmbeddings"})
"""Facts no weight holds in general (a RoPE model's context) that a learned position table's
rows do hold: where a weight difference follows the fact's change, the fact changes weights
and is a root for the other weight differences, as a weight fact is."""

DEPTH_FACTS = frozenset({"numLayers", "numEncoderLayers", "numDecoderLayers", "stageDepths"})
"""Facts that change how many copies of a layer there are."""

CONSEQUENCES: dict[str, tuple[str, ...]] = {
    "numHeads": ("headDim", "numKvGroups", "numKvHeads", "rotaryDim"),
    "numKvHeads": ("numKvGroups",),
    "hiddenSize": ("headDim", "intermediateSize", "rotaryDim"),
    "headDim": ("numKvGroups", "rotaryDim"),
}
"""root fact -> facts that follow from it when their values move with the root's (a head
count 4 -> 8 at a fixed width halves the head dim: one change, not two)."""


def _moves_with(root: FactDiff, f: FactDiff) -> bool:
    rl, rr = _numbers(root.values["left"]), _numbers(root.values["right"])
    fl, fr = _numbers(f.values["left"]), _numbers(f.values["right"])
    if len(rl) != 1 or len(rr) != 1 or len(fl) != 1 or len(fr) != 1:
        return False
    a, b, x, y = rl[0], rr[0], fl[0], fr[0]
    if root.key == "numHeads" and f.key == "numKvHeads":
        return a == x and b == y  # full attention on both sides: one head count, not a
        # grouped-query change beside it
    return a * y == b * x or a * x == b * y  # proportional, or inversely (heads x head dim)


def _as_diff(f: FactDiff) -> Diff:
    return Diff("param", f.attribute, f.values["left"], f.values["right"], dict(f.locs))


def group_facts(facts: list[FactDiff]) -> list[FactDiff]:
    """One finding per root cause among the facts: layer counts with the same values (an
    encoder-decoder's ``num_layers`` sets both stacks) are one; a fact that follows from
    another (``CONSEQUENCES``) is listed under it."""
    out: list[FactDiff] = []
    for f in facts:
        home = None
        if policy.fact_kind(f.key) == "layer-count":
            home = next(
                (
                    g
                    for g in out
                    if policy.fact_kind(g.key) == "layer-count"
                    and g.values["left"] == f.values["left"]
                    and g.values["right"] == f.values["right"]
                ),
                None,
            )
        if home is None:
            home = next(
                (g for g in out if f.key in CONSEQUENCES.get(g.key, ()) and _moves_with(g, f)),
                None,
            )
        if home is None:  # the root may come later in the list
            later = [g for g in facts if g is not f and f.key in CONSEQUENCES.get(g.key, ())]
            if any(_moves_with(g, f) for g in later):
                root = next(g for g in later if _moves_with(g, f))
                root.absorbed.append(_as_diff(f))
                continue
        if home is None:
            out.append(f)
        else:
            home.absorbed.append(_as_diff(f))
    return out


def _rows_made_up(f: FactDiff, rest: list[Diff]) -> bool:
    """A token table's rows that differ (``vocabSize``, every absorbed diff a table's row
    count) at a level whose equal totals are made up by a layer of another kind that only one
    side holds (reimplfix37b: fresh34's ImageGPT port, ``Embedding(65)`` and a ``Linear(64,
    64)`` head against the bare model's ``Embedding(129)``: 65 * 64 + 64 * 64 == 129 * 64).
    Two tables of other sizes may be one table written another way (token and position rows
    in one table); a table and a linear are not: the vocabulary differs."""
    if f.key != "vocabSize" or not all(
        d.kind == "shape" and d.attribute == "embedding.numEmbeddings" for d in f.absorbed
    ):
        return False
    levels = {(d.node or "").rpartition("/")[0] for d in f.absorbed}
    return any(
        d.kind in ("missing-layer", "extra-layer")
        and d.attribute not in ("block", "embedding")
        and (d.node or "").rpartition("/")[0] in levels
        for d in rest
    )


def settle(
    facts: list[FactDiff], rest: list[Diff], a: list[Item], b: list[Item], heads_agree: bool
) -> list[Diff]:
    """Fold consequences into their root facts (``facts`` is edited in place); drop
    equivalent descriptions; return the structural diffs left to report. ``heads_agree``:
    both sides state or show one head count, so a forward reshape that differs at equal
    weights cannot be a head split: it is how one implementation lays tensors out (info)."""
    # a fact both sides read off their layers, whose every layer difference holds the same
    # parameters on both sides, was read off two writings of one set of weights; not a
    # fact no weight holds (a norm's eps, a RoPE base): equal weights cannot explain it
    facts[:] = [
        f
        for f in facts
        if not (
            len(f.derived) == 2
            and policy.fact_severity(f.key) is policy.Severity.major
            and f.absorbed
            and all(d.equivalent and (_weighty(d) or d.soft) for d in f.absorbed)
            and not _rows_made_up(f, rest)
        )
    ]
    facts[:] = group_facts(facts)
    ta, tb = weight_total(a), weight_total(b)
    same_weights = ta is not None and ta == tb
    major = [
        f
        for f in facts
        if policy.fact_severity(f.key) is policy.Severity.major
        or (
            f.key in TABLE_FACTS
            and any(_weighty(d) and related(d, f) for d in (*rest, *f.absorbed))
        )
    ]
    out: list[Diff] = []
    counts: list[Diff] = []
    swap = one_swap(a, b) if not major else None
    if swap is not None and not any(
        _weighty(d) and (d.left, d.right) == swap for d in rest if d.kind not in COUNT_KINDS
    ):
        swap = None  # the swapped size is shown by no diff: report what the alignment saw
    for d in rest:
        if swap is not None and (_weighty(d) or d.kind in COUNT_KINDS):
            if d.kind not in COUNT_KINDS and (d.left, d.right) == swap:
                out.append(d)
            continue  # the same weights paired the wrong way (``one_swap``)
        if d.equivalent and d.soft and not d.weights_change and heads_agree and not _resplit(d):
            d.layout = True  # info: how an equivalent implementation lays its tensors out
            out.append(d)
            continue
        if d.layout and not d.weights_change:
            out.append(d)  # info: which axis an implementation puts the heads on
            continue
        if d.equivalent and (_weighty(d) or d.kind == "block-count") and not _resized_axes(d):
            continue  # the same parameters at this level, written another way
        if unknown_diff(d) and not _resized_axes(d):
            # seen where a side's parameters are unknown (``Diff.unknown``): it may be the
            # same parameters written another way; info naming the unknown, no drift
            out.append(d)
            continue
        if d.kind in COUNT_KINDS and not d.apart:
            home = next((f for f in facts if related(d, f)), None)
            if home is None:
                counts.append(d)
            else:
                home.absorbed.append(d)
            continue
        if same_weights and _weighty(d) and not _resized_axes(d):
            continue  # the same weights, written another way
        home = next((f for f in major if related(d, f)), None)
        if home is None:
            home = next((f for f in facts if related(d, f)), None)
        if home is None:
            home = next((f for f in major if _follows_grouped(d, f)), None)
        if home is None and _weighty(d) and len(major) == 1:
            home = major[0]
        if home is None and d.soft and facts:
            home = facts[0]
        if home is None and len(major) == 1 and major[0].key in DEPTH_FACTS and not d.layout:
            # a depth change pairs the surviving layers with the wrong copies (the first
            # block of a stage, which carries its stride, against a later one): what those
            # pairs differ in is the count's doing, not a second drift
            home = major[0]
        if home is None:
            out.append(d)
        else:
            home.absorbed.append(d)
    out = _one_recut(out)
    if not facts:
        out = _under_one_weight(out, heads_agree)
    if counts and len(major) == 1 and major[0].key not in DEPTH_FACTS and major[0].absorbed:
        # one weight fact differs and explains layer differences: copies of a sub-block
        # counted apart where its changed layers no longer pair (three blocks of one linear
        # against one of three) are its doing too; its finding lists them
        major[0].absorbed.extend(counts)
    elif counts and len(major) == 1 and major[0].key in DEPTH_FACTS and len(facts) == 1:
        # a depth change and nothing else: the layers that remain pair with the wrong copies
        # (a stack of dense and sparse layers one layer shorter sets a sparse layer's experts
        # against a dense MLP that stands once), so the copies they count differ by its doing
        major[0].absorbed.extend(counts)
    else:
        out.extend(counts)
    return out


def _under_one_weight(out: list[Diff], heads_agree: bool) -> list[Diff]:
    """No fact differs and exactly one weight difference is left (DBRX's experts stored flat,
    ``[experts * ffn, d]``, whose FFN width no fact reads). A forward op's size that moves
    with it (scaled or shifted by a multiple of its change: the experts' ``view(E, ffn, d)``,
    128 against 96 beside 512 against 384) states the size the weight is made of, as a
    layer's own size does for the weight it shapes (``_axis_follows``): the first such op is
    reported as the change (major: it changes weights) with the weight and any other such op
    under it; an op's axis index that is one negative and one non-negative number (``dim=-1``
    against ``dim=2``: one axis of some rank; the graph holds no rank) moves no size, so is
    shown as layout (info), as it is on the clean pair where the weights agree -- only where
    such an op size was found (session 36: else nothing is known of that axis, and it stays
    as seen). ``DRIFTCHECK_NO_ONE_WEIGHT35=1`` switches the rule off."""
    roots = [d for d in out if _weighty(d) and not d.soft and not d.layout]
    if len(roots) != 1 or not heads_agree or not one_weight_enabled():
        return out
    root = roots[0]
    pseudo = SimpleNamespace(values={"left": root.left, "right": root.right})
    kept: list[Diff] = []
    moved: list[Diff] = []
    axes: list[Diff] = []
    for d in out:
        if d is root or not d.soft or d.weights_change or d.layout or d.kind != "param":
            kept.append(d)
            continue
        lv, rv = norm_value(d.left), norm_value(d.right)
        if (
            d.attribute.endswith("dim")
            and type(lv) is int
            and type(rv) is int
            and (lv < 0) != (rv < 0)
        ):
            axes.append(d)
            kept.append(d)
        elif related(d, pseudo):
            moved.append(d)
        else:
            kept.append(d)
    if not moved:
        # no op size moves with the weight: the pattern is not there, and an axis index
        # one negative and one not (``dim=-1`` against ``dim=1``) may be another axis at
        # the rank the graph does not hold: left as it was seen, never called layout
        return out
    for d in axes:
        d.layout = True  # the weight's change is the op size's: the axis index moves no size
    home = moved[0]
    home.weights_change = True
    for d in (root, *moved[1:]):
        times = f" ({d.times} places)" if d.times > 1 else ""
        home.follows.append(f"{d.attribute} {d.left} -> {d.right}{times}")
        for side in ("left", "right"):
            if home.locs.get(side) is None and d.locs.get(side) is not None:
                home.locs[side] = d.locs[side]
    return [home if d is root else d for d in kept]


def weight_bag(items: list[Item]) -> dict[tuple, int] | None:
    """Every weight's shape with its count (blocks opened and multiplied, ``Node.tied``
    weights once, as ``weight_total`` counts them); None where any is unknown."""
    bag: dict[tuple, int] = {}

    def add(its: list[Item], times: int) -> bool:
        for it in its:
            if it.soft:
                continue
            if it.is_block:
                if not add(it.children or [], times * it.count):
                    return False
                continue
            w = leaf_weights(it.ltype, it.params)
            if w is None:
                return False
            for name, shape in w.items():
                if name in it.node.tied:
                    continue
                if not all(type(x) is int for x in shape):
                    return False
                bag[tuple(shape)] = bag.get(tuple(shape), 0) + times
        return True

    return bag if add(items, 1) else None


def one_swap(a: list[Item], b: list[Item]) -> tuple[int, int] | None:
    """Both sides hold the same weights but for one shape: ``n`` tensors of one shape on the
    left stand where ``n`` tensors of another, of the same rank and differing on one axis,
    stand on the right (T5's relative-bias tables, 16 buckets against 32, one per stack).
    Returns that axis's two sizes. Every other weight is the same on both sides, so a
    layer count, a missing or an extra layer, or another shape change the alignment shows
    is the same weights paired the wrong way: only the swapped size is a change."""
    la, lb = weight_bag(a), weight_bag(b)
    if la is None or lb is None:
        return None
    only_a = {k: v - lb.get(k, 0) for k, v in la.items() if v > lb.get(k, 0)}
    only_b = {k: v - la.get(k, 0) for k, v in lb.items() if v > la.get(k, 0)}
    if len(only_a) != 1 or len(only_b) != 1:
        return None
    (x, n), (y, m) = next(iter(only_a.items())), next(iter(only_b.items()))
    if n != m or len(x) != len(y):
        return None
    moved = [(p, q) for p, q in zip(x, y) if p != q]
    return moved[0] if len(moved) == 1 else None


def one_weight_enabled() -> bool:
    """``_under_one_weight`` (session 35, reimplfix35b: DBRX's flat experts) is on unless
    ``DRIFTCHECK_NO_ONE_WEIGHT35=1``: then the one weight difference and the op sizes beside
    it are reported as they were seen."""
    import os

    return os.environ.get("DRIFTCHECK_NO_ONE_WEIGHT35", "") != "1"


def semantic_enabled() -> bool:
    """``DRIFTCHECK_STRUCTURAL=1`` reports every structural difference (the matcher before
    facts came first); for debugging the matcher only."""
    import os

    return os.environ.get("DRIFTCHECK_STRUCTURAL", "") != "1"
