"""Name-independent drift between two graphs: ``compare(left, right) -> list[Finding]``.

Pipeline (each step its own module):
1. ``canon``: each graph becomes a short sequence of leaves and repeated blocks, names dropped,
   identical consecutive blocks collapsed into counts (parsed ``repeat=32`` and 32 written-out
   layers give the same sequence);
2. ``align``: the two sequences are aligned by type signature, then by similarity;
3. ``diff``: paired items are compared attribute by attribute, counts as numbers, one diff per
   attribute and pair of values however many layers show it;
4. ``derive`` / ``facts``: model facts (numLayers, vocabSize, numHeads, ...) are read off the
   structure, and compared key by key with ``Graph.facts``: a stated fact is used where a side
   cannot read it off its layers; where both sides can, the layers decide (the stated value
   lends its config key as the address when it agrees);
5. a structural diff with the same pair of values as a fact diff is the same drift seen twice:
   it is folded into the fact's finding (its locations fill in the sides the fact lacks);
6. ``semantic``: structure is reported only where the facts do not explain it. Where both
   sides hold the same parameters (a level of the sequence, or its layers outside blocks),
   structural weight differences are one model written two ways (fused QKV, Conv1D, a
   [197, 384] table) and are dropped; a consequence of a fact difference (a wider ``k_proj``
   for more KV heads, the head dim of a head count) is listed under that root finding.
   ``DRIFTCHECK_STRUCTURAL=1`` switches step 6 off (for debugging the matcher).
Severity, kinds and wording live in ``policy``. Nothing here decides which side is right.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from driftcheck.findings import Finding, Location
from driftcheck.graph.match import policy
from driftcheck.graph.match.canon import canonicalise, norm_value, walk, weight_total
from driftcheck.graph.match.denselead39b import count_dense_lead
from driftcheck.graph.match.densewidth import dense_width
from driftcheck.graph.match.derive import (
    Derived,
    dense_lead,
    derive,
    moe_width,
    shared_expert_width,
    stages,
)
from driftcheck.graph.match.diff import (
    Diff,
    Differ,
    json_value,
    node_note,
    same,
    unknown35_enabled,
    unknown_diff,
    unknown_note,
)
from driftcheck.graph.match.facts import (
    SIDES,
    FactDiff,
    as_adapter_reduction,
    as_mlp_ratio,
    as_position_buckets,
    as_window,
    fact_diffs,
)
from driftcheck.graph.match.facts import _side as fact_side
from driftcheck.graph.match.flatparams import flat_facts
from driftcheck.graph.match.hybrid import extra_layer, hybrid_depth, hybrid_facts
from driftcheck.graph.match.imagetable import fold_positions
from driftcheck.graph.match.latent import latent
from driftcheck.graph.match.layerpattern import fold_pattern
from driftcheck.graph.match.semantic import related, semantic_enabled, settle
from driftcheck.graph.match.sparseonly import fold_lead_pattern, fold_sparse_only
from driftcheck.graph.match.uses import use_diffs
from driftcheck.graph.match.video import as_video_positions
from driftcheck.graph.model import Graph

__all__ = ["compare", "label_of"]

COUNT_KINDS = ("layer-count", "block-count")
STAGE_HEADS = frozenset({"numHeads", "headDim", "numKvHeads"})


def label_of(graph: Graph, fallback: str) -> str:
    if graph.origin.path:
        return Path(graph.origin.path.split("::")[0]).name or graph.origin.path
    return graph.name or fallback


def compare(left: Graph, right: Graph, labels: dict[str, str] | None = None) -> list[Finding]:
    """Every drift between ``left`` and ``right``, worst first; empty when they agree."""
    labels = labels or {"left": label_of(left, "left"), "right": label_of(right, "right")}
    if labels["left"] == labels["right"]:
        labels = {"left": f"left ({labels['left']})", "right": f"right ({labels['right']})"}
    a, b = canonicalise(left, right)
    # a side with facts and no layers (a serving manifest) is compared on facts alone
    la, lb = _has_layers(a), _has_layers(b)
    differ = Differ()
    diffs = differ.run(a, b) if la and lb else []
    da, db = derive(a), derive(b)
    if ("embeddingSize" in da) != ("embeddingSize" in db):
        # one side reads a token table projected up to a wider model (derive's
        # ``_factorized_width``), the other cannot say so: both read the table's width
        da, db = derive(a, factorized=False), derive(b, factorized=False)
    da.update(stages(left))
    db.update(stages(right))
    da.update(dense_lead(left))
    db.update(dense_lead(right))
    count_dense_lead(a, b, da, db, diffs)
    _router_k(left, da)
    _router_k(right, db)
    _stated_experts_width(left, a, da)
    _stated_experts_width(right, b, db)
    _shared_width(left, da)
    _shared_width(right, db)
    dense_width(a, da)
    dense_width(b, db)
    _latent_ranks(left, right, a, b, da, db)
    facts = as_mlp_ratio(left, right, fact_diffs(left, right, da, db))
    facts = as_window(left, right, as_adapter_reduction(left, right, facts))
    facts = _dense_lead_moves(_shared_moves(_moe_said(facts)))
    facts = _role_readings(facts, da, db)
    facts += flat_facts(left, right, a, b, da, db, facts)
    if "stageDepths" in da and "stageDepths" in db:
        # a hierarchical network's depth is per stage: one layer count (a config's
        # ``num_stages``, the blocks of one stage) is not a fact of it
        facts = [f for f in facts if f.key != "numLayers"]
        # nor is one head count: each stage has its own, and the block each side reads its
        # heads off (its main block, or the first stage's splits where that block has none)
        # may be another stage's; per-stage heads are compared as the stages' own layers
        facts = [f for f in facts if not (f.key in STAGE_HEADS and len(f.derived) == 2)]
    facts = hybrid_facts(left, right, a, b, facts, diffs)
    hybrid_depth(left, right, a, b, diffs)
    diffs = extra_layer(left, right, a, b, diffs)
    diffs = fold_pattern(left, right, facts, diffs)  # a hybrid's kinds moved (layerpattern.py)
    diffs = fold_sparse_only(left, right, da, db, facts, diffs)  # no dense lead (sparseonly.py)
    fold_lead_pattern(facts)  # a dense lead's layers are the rarer kind (sparseonly.py)
    rest = _fold(facts, diffs)
    facts = _stem_follows(_stage_mlp_ratios(facts))
    facts += as_position_buckets(left, right, rest)
    facts += as_video_positions(left, right, a, b, da, db, rest)
    fold_positions(a, b, da, db, facts, rest)  # a CLIP tower's table (imagetable.py)
    rotary, rotary_said = _rotary(left, right, da, db)
    facts += rotary
    skip = {f.key for f in facts} | ({"rotaryDim"} if rotary_said else set())
    if "stageHeads" in skip:
        skip |= STAGE_HEADS  # the values each stage holds are that list's, told once
    uses = _new_uses(use_diffs(left, right, skip), facts, rest)
    on = unknown35_enabled()
    unknown = {"left": unknown_note(a), "right": unknown_note(b)} if on else {}
    for f in uses:
        # a value only one side holds may be held by the other side's unknown part (its
        # experts' width, built in a class that was not read): an honest unknown. Only
        # where every side lacking a value of the other's holds such a part: a value a
        # side holds and the other, fully known, holds nowhere is drift whatever the rest
        lacking = [unknown.get(side) for side in f.lacks]
        if lacking and all(lacking):
            f.unknown = lacking[0]
    facts += uses
    _inner_split(left, right, da, db, facts)
    if semantic_enabled():
        rest = settle(facts, rest, a, b, _agree(left, right, da, db, "numHeads"))
    rest += _structural_homes(facts)
    rest = _shifted(_axis_follows(_kernel_stride(_kernel_padding(_twins(_parallel_lists(rest))))))
    for f in facts:
        if f.unknown is None:
            f.unknown = next(
                (
                    got
                    for side, items, d in (("left", a, da), ("right", b, db))
                    if side in f.derived and unknown.get(side)
                    if (got := _read_unknown(items, d.get(f.key), unknown[side]))
                ),
                None,
            )
    out = [_fact_finding(f, labels) for f in facts] + [_diff_finding(d, labels) for d in rest]
    for side, g, ok, other in (("left", left, la, lb), ("right", right, lb, la)):
        if other and not ok and g.nodes:
            out.append(_incomplete(side, g, labels))
    out += [_unread_part(it, side, labels) for it, side in differ.opaque]
    for side, ok in (("left", la), ("right", lb)):
        note = unknown.get(side)
        # a note is itself several parts joined by "; " (``unknown_note``): it is said where
        # some finding's evidence holds it whole
        said = any(note in (f.evidence or "") for f in out) if note else True
        if ok and not said and not any(s == side for _, s in differ.opaque):
            out.append(_unknown_sizes(side, note, labels))
    return sorted(out, key=lambda f: (-f.severity.rank, f.kind not in COUNT_KINDS))


def _read_unknown(items: list, got: Any, note: str) -> str | None:
    """Why a fact a side read off its structure (``got``: ``derive.Derived``) may not be what
    it seems: the unknown part of that side (``note``) where it is on the level the value was
    read at -- the block directly holding the layer read (or the whole sequence) has weights
    of unknown size. A block whose own weights are all known is read as it is, whatever is
    unknown elsewhere (session 36); where the layer read cannot be found, the side's note."""
    node = getattr(got, "node", None)
    if node is None or any(not it.is_block and it.ltype == "Unknown" for it in walk(items)):
        # a part not read at all (an unknown class) may be a whole stack: the block the value
        # was read off may not be the one the other side reads it off (a decoder unread, the
        # encoder's width read instead)
        return note
    path = _item_path(items, node)
    if path is None:
        return note
    level = path[-2].children if len(path) > 1 else items
    if weight_total([x for x in level if not x.soft]) is not None:
        return None
    return unknown_note(level) or note


def _item_path(items: list, node: str) -> list | None:
    """The items from the top of the sequence down to the one whose node is ``node``."""
    for it in items:
        if it.node.id == node:
            return [it]
        if it.is_block:
            inner = _item_path(it.children or [], node)
            if inner is not None:
                return [it, *inner]
    return None


def _moe_said(facts: list[FactDiff]) -> list[FactDiff]:
    """The experts' width is the model's MLP width where every MLP is an expert (Mixtral,
    Qwen3-MoE): a ``moeIntermediateSize`` diff with the values of the ``intermediateSize``
    one is that one change, said once, by the latter."""
    mlp = [f for f in facts if f.key == "intermediateSize"]
    return [
        f
        for f in facts
        if f.key != "moeIntermediateSize"
        or not any(all(same(f.values[s], m.values[s]) for s in SIDES) for m in mlp)
    ]


MOE_ROLES = ("moeIntermediateSize", "sharedExpertIntermediateSize")


def _role_readings(facts: list[FactDiff], da: dict, db: dict) -> list[FactDiff]:
    """An ``intermediateSize`` both sides read off their structure, where each side's value
    is the width of one of its own mixture's roles (the routed experts' or the shared
    expert's) and the two roles differ: the readings landed on different MLPs (one side
    writes its shared expert as ``Linear`` layers, the other as bare weights the MLP rule
    does not read), not a width that differs. Each role's width is compared by its own fact
    (``moeIntermediateSize``, ``sharedExpertIntermediateSize``), which says any change."""

    def roles(d: dict, v: Any) -> set[str]:
        return {k for k in MOE_ROLES if k in d and same(norm_value(d[k].value), v)}

    out = []
    for f in facts:
        if f.key == "intermediateSize" and len(f.derived) == 2:
            rl, rr = roles(da, f.values["left"]), roles(db, f.values["right"])
            if rl and rr and not rl & rr:
                continue
        out.append(f)
    return out


def _shared_width(g: Graph, d: dict) -> None:
    """The shared expert's width (``derive.shared_expert_width``), on a side whose experts
    (read off its layers, or stated) and model width are known."""
    e = d["numExperts"].value if "numExperts" in d else None
    f = g.facts.get("numExperts")
    if e is None and f is not None:
        e = norm_value(f.value)
    hidden = d.get("hiddenSize")
    got = shared_expert_width(g, e, hidden.value if hidden is not None else None)
    if got is not None:
        d["sharedExpertIntermediateSize"] = got


def _shared_moves(facts: list[FactDiff]) -> list[FactDiff]:
    """A shared expert as wide as the routed experts (AfMoE's, DeepSeek's
    ``n_shared_experts * moe_intermediate_size``) changes with them: a shared-width diff
    with the experts' values is theirs. And where a side's MLP width was read off its shared
    expert (the last projection back to the width), an ``intermediateSize`` diff holding
    that side's shared width is the shared width's, listed under it."""
    home = next((f for f in facts if f.key == "sharedExpertIntermediateSize"), None)
    if home is None:
        return facts
    widths = [f for f in facts if f.key in ("moeIntermediateSize", "intermediateSize")]
    if any(all(same(home.values[s], f.values[s]) for s in SIDES) for f in widths):
        # (the experts' width said by ``intermediateSize`` where every MLP is an expert)
        return [f for f in facts if f is not home]
    out = []
    for f in facts:
        if (
            f.key == "intermediateSize"
            and len(f.derived) == 2
            and any(same(f.values[s], home.values[s]) for s in SIDES)
        ):
            home.absorbed.append(
                Diff("param", f.attribute, f.values["left"], f.values["right"], dict(f.locs))
            )
        else:
            out.append(f)
    return out


def _dense_lead_moves(facts: list[FactDiff]) -> list[FactDiff]:
    """Where the sides lead their stacks with different numbers of dense layers, the layers
    each side's MLP width and experts are read off (its main block: the run holding most
    weights) are a dense run on one side and a sparse one on the other: those readings, both
    off the structure, differ by that count's doing and are listed under it."""
    home = next((f for f in facts if f.key == "firstKDenseReplace"), None)
    if home is None:
        return facts
    moved = ("intermediateSize", "numExperts", "numExpertsPerTok")
    out = []
    for f in facts:
        if f.key in moved and len(f.derived) == 2:
            home.absorbed.append(
                Diff("param", f.attribute, f.values["left"], f.values["right"], dict(f.locs))
            )
        else:
            out.append(f)
    return out


def _stated_experts_width(g: Graph, items: list, d: dict) -> None:
    """A side that states its experts (a config's ``num_experts``) but whose router was not
    read off its layers (a sparse layer standing once, its router apart from the expert
    tensors): the expert width is read off ``E``-row tensors with the stated ``E``."""
    f = g.facts.get("numExperts")
    e = norm_value(f.value) if f is not None else None
    if "moeIntermediateSize" in d or "numExperts" in d or type(e) is not int or e < 2:
        return
    got = {**d, "numExperts": Derived(e, "model.numExperts", f.loc)}
    moe_width(items, got)
    if "moeIntermediateSize" in got:
        d["moeIntermediateSize"] = got["moeIntermediateSize"]


def _router_k(g: Graph, d: dict) -> None:
    """A ``topK`` use (the k of a ``topk`` in ``forward``) is the model's experts per
    token on a side with experts (stated, or read off its expert layers); elsewhere a
    ``topk`` keeps something else and is dropped."""
    if not any(u.key == "topK" for u in g.uses):
        return
    moe = "numExperts" in g.facts or "numExperts" in d
    g.uses = [
        u.model_copy(update={"key": "numExpertsPerTok"}) if u.key == "topK" else u
        for u in g.uses
        if u.key != "topK" or moe
    ]


def _latent_ranks(left: Graph, right: Graph, a: list, b: list, da: dict, db: dict) -> None:
    """Latent attention's ranks and value head width (``latent``) read off each side's
    layers, only where a side states ``kv_lora_rank`` (a DeepSeek-V2/V3, MiniCPM3 or Youtu
    config): elsewhere a norm between two projections is not read as a latent."""
    if "kvLoraRank" not in left.facts and "kvLoraRank" not in right.facts:
        return
    latent(a, da)
    latent(b, db)


def _head_dim(g: Graph, d: dict, side: str) -> int | None:
    """One side's head width: stated or read off its layers, else the one value its code
    holds for it; None when unknown or several."""
    got = fact_side(g, d, "headDim", side)
    if got is not None:
        v = norm_value(got[0])
    else:
        held = {norm_value(u.value) for u in g.uses if u.key == "headDim"}
        v = next(iter(held)) if len(held) == 1 else None
    return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else None


def _rotary(left: Graph, right: Graph, da: dict, db: dict) -> tuple[list[FactDiff], bool]:
    """The fraction of each head RoPE turns (``partial_rotary_factor``): each side's one
    rotary dimension count (``rotaryDim`` uses: 2 x the frequencies its code computes)
    over its head width. Where both sides know both, the fractions are compared and the
    rotary dimensions are said (``True``): a head width change turns as many more
    dimensions at one fraction, which is the head width's finding, not this one."""
    sides = []
    for g, d, side in ((left, da, "left"), (right, db, "right")):
        rots = [u for u in g.uses if u.key == "rotaryDim"]
        dims = {norm_value(u.value) for u in rots}
        hd = _head_dim(g, d, side)
        guessed = hd is None
        if guessed:
            hd = _width_over_heads(g, d, side)
        if len(dims) != 1 or hd is None:
            return [], False
        rot = next(iter(dims))
        if not isinstance(rot, int) or not 0 < rot <= hd:
            return [], False
        sides.append((rot, hd, rots, guessed))
    (lr, lh, lu, lg), (rr, rh, ru, rg) = sides
    if (lg or rg) and lh != rh:
        return [], False  # a head width only guessed (width / heads) that differs: not known
    lf, rf = lr / lh, rr / rh
    if same(lf, rf) or lh != rh:
        return [], True  # equal; or the head widths differ, the root whose finding this
        # is (code that turns a fixed 4 dims of 16 turns 4 of 8 at twice the heads)
    locs = {
        side: next((u.loc.model_copy(update={"side": side}) for u in us if u.loc), None)
        for side, us in (("left", lu), ("right", ru))
    }
    held = {
        side: sorted({f"{u.via} ({r} of {h} head dims)" for u in us if u.via})
        for side, us, r, h in (("left", lu, lr, lh), ("right", ru, rr, rh))
    }
    if "rotaryDim" in left.facts or "rotaryDim" in right.facts:
        # a side states the rotary dimensions themselves (GPT-J's ``rotary_dim``): at one
        # head width the two say the same, and the finding speaks that side's terms
        f = FactDiff("rotaryDim", {"left": lr, "right": rr}, locs, "model.rotaryDim", held=held)
        return [f], True
    f = FactDiff(
        "partialRotaryFactor",
        {"left": lf, "right": rf},
        locs,
        "model.partialRotaryFactor",
        held=held,
    )
    return [f], True


def _width_over_heads(g: Graph, d: dict, side: str) -> int | None:
    """A side's head width where nothing states one: its width over its head count (each one
    fact or the one value its code holds), the standard split. Used by ``_rotary`` only
    where the other side's head width is the same (session 37: a GPT-NeoX port whose
    ``forward`` computes ``hidden // heads`` as a local; its rotary fraction drift was told
    in rotary dims, not in the config's ``rotary_pct``)."""
    vals = []
    for key in ("hiddenSize", "numHeads"):
        got = fact_side(g, d, key, side)
        if got is not None:
            v = norm_value(got[0])
        else:
            held = {norm_value(u.value) for u in g.uses if u.key == key}
            v = next(iter(held)) if len(held) == 1 else None
        if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
            return None
        vals.append(v)
    width, heads = vals
    return width // heads if width % heads == 0 else None


def _int(v: Any) -> int | None:
    v = norm_value(v)
    return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else None


def _inner_split(left: Graph, right: Graph, da: dict, db: dict, facts: list[FactDiff]) -> None:
    """Heads that split an inner width wider than the model (Mamba-2's ``num_heads x
    head_dim = expand x hidden``): at one inner width, a head count and a head width are
    one choice, and which of the two a side changed is not written anywhere. Where one side
    states both and their product is its inner width, and the other side has that inner
    width and another head count, the head-count finding holds both splits (heads and head
    width per side). Attention heads, which split the model width, are left alone."""
    f = next((x for x in facts if x.key == "numHeads"), None)
    if f is None:
        return
    heads = {s: _int(f.values[s]) for s in SIDES}
    inner, hidden, head_dim = {}, {}, {}
    for g, d, side in ((left, da, "left"), (right, db, "right")):
        for key, into in (("intermediateSize", inner), ("hiddenSize", hidden)):
            got = fact_side(g, d, key, side)
            into[side] = _int(got[0]) if got is not None else None
        hd = g.facts.get("headDim")
        head_dim[side] = _int(hd.value) if hd is not None else None
    width = inner["left"]
    if None in heads.values() or width is None or inner["right"] != width:
        return
    if width in hidden.values():
        return
    stating = [s for s in SIDES if head_dim[s] is not None and heads[s] * head_dim[s] == width]
    if len(stating) != 1:
        return
    other = "right" if stating[0] == "left" else "left"
    if width % heads[other] or any(
        u.key == "headDim" for u in (left, right)[other == "right"].uses
    ):
        return  # a side that holds a head width of its own (reads ``config.head_dim``) keeps
        # it: its head count alone changed, and its split is not the inner width's
    seen = fact_side((left, right)[other == "right"], (da, db)[other == "right"], "headDim", other)
    if seen is not None and _int(seen[0]) is not None and _int(seen[0]) != width // heads[other]:
        return  # the side's own head splits show another head width (T5's ``view(b, t, H,
        # d_kv)`` beside an MLP as wide as the other side's heads x head width): the inner
        # width is not what its heads split, and a split it does not make is never told
    head_dim[other] = width // heads[other]
    f.values = {s: {"numHeads": heads[s], "headDim": head_dim[s]} for s in SIDES}
    split = {s: f"{heads[s]} heads x {head_dim[s]}" for s in SIDES}
    f.message = (
        f"the inner width {width} is split as {split['left']} in {{left}} but as "
        f"{split['right']} in {{right}}"
    )


def _agree(left: Graph, right: Graph, da: dict, db: dict, key: str) -> bool:
    """Both sides state or show ``key``, with one value (or hold the same values for it)."""
    ls, rs = fact_side(left, da, key, "left"), fact_side(right, db, key, "right")
    if ls is not None and rs is not None:
        return same(ls[0], rs[0])
    lu = {norm_value(u.value) for u in left.uses if u.key == key}
    ru = {norm_value(u.value) for u in right.uses if u.key == key}
    if ls is not None:
        lu.add(norm_value(ls[0]))
    if rs is not None:
        ru.add(norm_value(rs[0]))
    return bool(lu) and lu == ru


def _new_uses(uses: list[FactDiff], facts: list[FactDiff], rest: list[Diff]) -> list[FactDiff]:
    """Use diffs that say something the fact findings do not already say. A structural diff
    with the same two values (a relative-bias table ``[32, 8]`` against ``[32, 4]`` beside
    ``n_heads`` 8 against 4) is that use's consequence: it moves under the use (``rest`` is
    edited in place), so the fact is the root its other consequences can fold into."""
    said = [(f.values["left"], f.values["right"]) for f in facts]
    out = []
    for u in uses:
        lv, rv = u.values["left"], u.values["right"]
        if any(same(lv, a) and same(rv, b) for a, b in said):
            continue
        twins = [
            d
            for d in rest
            if d.kind not in ("missing-layer", "extra-layer")
            and not (d.layout and not d.weights_change)
            and same(lv, d.left)
            and same(rv, d.right)
        ]
        for d in twins:
            rest.remove(d)
            u.absorbed.append(d)
        out.append(u)
    return out


def _stage_mlp_ratios(facts: list[FactDiff]) -> list[FactDiff]:
    """Per-stage MLP ratios (``stageMlpRatios``) that differ where one side's ratios differ
    from stage to stage (PvT's ``mlp_ratios = [4, 2]`` against ``[2, 2]``) are one finding
    holding both lists: the MLP width (``intermediateSize``, read off one stage) or the one
    ratio (``mlpRatio``) that also differs is under it. Where every stage has one ratio on
    both sides, the one width or ratio says it where it differs too: the list is dropped
    then, and is the finding otherwise."""
    lst = next((f for f in facts if f.key == "stageMlpRatios"), None)
    if lst is None:
        return facts
    vals = [lst.values.get(s) for s in SIDES]
    if not all(isinstance(v, list) for v in vals):
        return [f for f in facts if f is not lst]
    if all(len(set(v)) == 1 for v in vals):
        if any(f.key in ("intermediateSize", "mlpRatio") for f in facts):
            return [f for f in facts if f is not lst]
        return facts  # no width or ratio of one stage says it (a stage's MLP width is no
        # model width, and the code may state no ratio): the list is the finding
    out = []
    for f in facts:
        if f.key in ("intermediateSize", "mlpRatio"):
            lst.absorbed.append(
                Diff("param", f.attribute, f.values["left"], f.values["right"], dict(f.locs))
            )
            lst.absorbed.extend(f.absorbed)
            continue
        out.append(f)
    return out


def _stem_follows(facts: list[FactDiff]) -> list[FactDiff]:
    """The stem's width that is the first stage's width on each side (Swin's patch
    embedding, ``embed_dim`` wide like the blocks after it): a changed ``embed_dim`` changes
    both; one root, the stages' widths, the stem's under it."""
    widths = next((f for f in facts if f.key == "stageWidths"), None)
    stem = next((f for f in facts if f.key == "stemWidth"), None)
    if widths is None or stem is None:
        return facts
    for side in SIDES:
        w = widths.values.get(side)
        if not (isinstance(w, list) and w and same(w[0], stem.values.get(side))):
            return facts
    widths.absorbed.append(
        Diff("param", stem.attribute, stem.values["left"], stem.values["right"], dict(stem.locs))
    )
    widths.absorbed.extend(stem.absorbed)
    return [f for f in facts if f is not stem]


def _has_layers(items: list) -> bool:
    if not unknown35_enabled():
        return any(it.is_block or it.ltype != "Unknown" for it in items)
    # forward ops alone (``Item.soft``: an unsqueeze of the inputs) are no layers: the model
    # whose own module is unknown (built by ``add_module`` with unknown names) has none
    return any(it.is_block or (it.ltype != "Unknown" and not it.soft) for it in items)


def _unknown_node(g: Graph) -> Any:
    """The first node of ``g`` the parser marked unknown (an ``Unknown`` part, or a layer with
    an unresolved attribute): the construct that was not followed, with its file:line; None
    where no node is so marked (whatever the graph's notes say)."""
    return next((n for n in g.nodes if n.type == "Unknown" or n.unresolved), None)


def _incomplete(side: str, g: Graph, labels: dict[str, str]) -> Finding:
    """The other side has layers, this one none: say so rather than pass in silence.

    A producer that says it could only read facts (the HF route on remote code) gets info; a
    graph whose nodes hold no layer at all (code the parser could not follow) gets minor,
    because a structural comparison the user asked for did not happen. Where a node of the
    graph is itself marked unknown (its root, an ``Unknown`` part, a layer of unresolved size:
    the parser's own signal, not a note's text), no layer was read because of that construct:
    an honest unknown (info) naming it (session 35, unknown35; narrowed in session 36: a
    graph note alone, "the root module has no forward()", is no such signal)."""
    why = next((n for n in g.notes if n.startswith("facts only")), None)
    facts_only = why is not None
    if not facts_only and unknown35_enabled():
        root = next((n for n in g.nodes if n.parent is None), None)
        # the model's own module unknown (its layers added under names not known), else the
        # first part or layer marked unknown (``nn`` itself unknown: its layers are)
        n = root if root is not None and root.type == "Unknown" else _unknown_node(g)
        # the constructs the parser says it did not follow (``Graph.unfollowed``, recorded
        # where it wrote their notes; session 38: no longer read from the notes' wording): a
        # note of another kind ("the root module has no forward()") names none
        said = list(g.unfollowed)
        if n is not None:
            facts_only = True
            why = node_note(n, "not read")
        elif said:
            # no node marked (a layer built by an unknown ``nn`` is dropped, no node left),
            # but the parser names the construct it could not follow: an unknown call of a
            # layer the code never got to build
            facts_only = True
            why = "unknown: " + "; ".join(said[:2])
    if not facts_only:
        why = "; ".join(g.notes[:2]) or None  # what the graph says, for the reader
    return _info(
        f"no layers could be read from {labels[side]}: only facts were compared",
        [Location(file=g.origin.path, side=side)] if g.origin.path else [],
        why,
        policy.Severity.info if facts_only else policy.Severity.minor,
    )


def _info(
    message: str,
    locations: list[Location],
    evidence: str | None,
    severity: policy.Severity = policy.Severity.info,
) -> Finding:
    """An ``incomplete`` finding: what was not compared, and why (``evidence``)."""
    return Finding(
        check_id=policy.check_id("incomplete"),
        name="incomplete",
        kind="incomplete",
        severity=severity,
        message=message,
        locations=locations,
        evidence=evidence,
    )


def _unknown_sizes(side: str, note: str, labels: dict[str, str]) -> Finding:
    """A side's layers include one of unknown size (``diff.unknown_note``) that no other
    finding names: its layers were paired by type and place where its size is unknown, and what
    it holds was not weighed. Info naming it (its class and file:line), so the unknown is said."""
    return _info(
        f"some layer sizes in {labels[side]} are unknown: those layers were compared by type "
        "and place only",
        [],
        note,
    )


def _unread_part(it: Any, side: str, labels: dict[str, str]) -> Finding:
    """A part of one side the parser could not read (``Differ.opaque``): the layers around it
    were not compared. Info, not drift: an honest unknown, named with its file:line."""
    loc = it.node.loc
    return _info(
        f"{it.node.id} in {labels[side]} could not be read: what the other side has in its "
        "place was not compared",
        [loc.model_copy(update={"side": side})] if loc is not None else [],
        "; ".join(it.node.notes) if getattr(it.node, "notes", None) else None,
    )


def _fold(facts: list[FactDiff], diffs: list[Diff]) -> list[Diff]:
    """Fold structural diffs into the fact diff with the same values; return the rest."""
    rest = []
    for d in diffs:
        home = next(
            (
                f
                for f in facts
                if d.kind not in ("missing-layer", "extra-layer")
                and not (d.layout and not d.weights_change)  # an axis, not the fact's value
                and same(d.left, f.values["left"])
                and same(d.right, f.values["right"])
            ),
            None,
        )
        if home is None:
            rest.append(d)
            continue
        home.absorbed.append(d)
    return rest


def _structural_homes(facts: list[FactDiff]) -> list[Diff]:
    """A fact both sides only derived from the structure names a drift that one structural
    diff may already state: then that diff (with its layer and line) is the finding. Run
    after the consequences are grouped, so a fact with several is kept as their root."""
    rest: list[Diff] = []
    for f in list(facts):
        d = f.absorbed[0] if len(f.absorbed) == 1 else None
        if (
            len(f.derived) == 2
            and d is not None
            and same(d.left, f.values["left"])
            and same(d.right, f.values["right"])
        ):  # the diff states the fact; a consequence (other values) stays under its root
            facts.remove(f)
            if policy.fact_severity(f.key) is not policy.Severity.major:
                d.weights_change = False  # no weight holds the value (a norm's eps): what
                # else the two paired layers differ in is not this finding's
            for side in SIDES:  # a config key that states the same value is the better address
                loc = f.locs.get(side)
                if loc is not None and loc.key:
                    d.locs[side] = loc
            rest.append(d)
    for f in facts:
        for d in f.absorbed:
            for side in SIDES:
                if f.locs.get(side) is None and d.locs.get(side) is not None:
                    f.locs[side] = d.locs[side]
    return rest


def _parallel_lists(rest: list[Diff]) -> list[Diff]:
    """A model may keep each layer's parts in lists side by side (XLM's and Flaubert's
    ``attentions``, ``layer_norm1``, ``ffns``, ``layer_norm2``, zipped in ``forward``): the
    layer count is then every list's length. Where lists held by the module holding the layer
    stack's list, on both sides and in every place of the count, change by the same two
    counts as the stack, they are that one change, reported under the layer count. A list
    held elsewhere (a head's own list of convolutions), or with other counts, stays its own
    finding."""
    stacks = [d for d in rest if d.kind == "layer-count" and len(d.owners) == 1]
    if not stacks:
        return rest
    out: list[Diff] = []
    for d in rest:
        home = next(
            (
                h
                for h in stacks
                if d.kind == "block-count"
                and d.owners
                and d.owners <= h.owners
                and same(h.left, d.left)
                and same(h.right, d.right)
            ),
            None,
        )
        if home is None:
            out.append(d)
            continue
        lists = f"{d.times} lists" if d.times > 1 else "a list"
        home.follows.append(
            f"{d.attribute} {policy.fmt(d.left)} -> {policy.fmt(d.right)} in {lists} beside"
            " the layers"
        )
        for side in SIDES:
            if home.locs.get(side) is None and d.locs.get(side) is not None:
                home.locs[side] = d.locs[side]
    return out


def _twins(rest: list[Diff]) -> list[Diff]:
    """Structural differences with the same two values are one change seen in several
    attributes (a width 64 -> 96 as ``up.outFeatures`` and ``down.inFeatures``): the first
    reports it and names the others."""
    out: list[Diff] = []
    for d in rest:
        home = next(
            (
                h
                for h in out
                if d.kind in ("shape", "param")
                and h.kind == d.kind
                and not d.layout
                and not h.layout
                and h.weights_change == d.weights_change
                and same(h.left, d.left)
                and same(h.right, d.right)
            ),
            None,
        )
        if home is None:
            out.append(d)
        else:
            home.twins.append(d.attribute)
            for side in SIDES:
                if home.locs.get(side) is None and d.locs.get(side) is not None:
                    home.locs[side] = d.locs[side]
    return out


PADDING_RULES = (
    ("kernel // 2", lambda k: k // 2),
    ("kernel - 1", lambda k: k - 1),
    ("(kernel - 1) // 2", lambda k: (k - 1) // 2),
)
"""How code pads for a window: ``same`` length for an odd window (PoolFormer's pool,
ConvNeXt's depthwise conv), causal (a left-padded ``Conv1d`` whose output is cut back
to the input length, Mamba's and LFM2's short convolutions)."""


def _one_size(v: Any) -> int | None:
    """A per-axis size as one int: ``3`` and ``[3, 3]`` are 3; else None."""
    if isinstance(v, (list, tuple)) and v and all(x == v[0] for x in v):
        v = v[0]
    return v if type(v) is int else None


def _kernels(rest: list[Diff]) -> dict[str, Diff]:
    """Each layer's ``kernelSize`` finding, by the layer's path."""
    return {
        d.attribute.rsplit(".", 1)[0]: d
        for d in rest
        if d.kind in ("shape", "param") and d.attribute.endswith(".kernelSize")
    }


def _under_kernel(home: Diff, d: Diff, why: str) -> None:
    """Report ``d`` under ``home``'s finding (it follows from it), keeping its locations."""
    home.follows.append(f"{d.attribute} {policy.fmt(d.left)} -> {policy.fmt(d.right)} ({why})")
    for side in SIDES:
        if home.locs.get(side) is None and d.locs.get(side) is not None:
            home.locs[side] = d.locs[side]


def _kernel_padding(rest: list[Diff]) -> list[Diff]:
    """A padding that differs because the window it pads for differs is one change: where
    a layer's ``kernelSize`` and its ``padding`` both differ in the same places and each
    side's padding follows its kernel by one rule (``kernel // 2`` on both sides), the
    padding is reported under the kernel's finding. A padding that follows no rule, or
    another rule on each side, stays its own finding."""
    kernels = _kernels(rest)
    out: list[Diff] = []
    for d in rest:
        home = kernels.get(d.attribute.rsplit(".", 1)[0]) if d.kind in ("shape", "param") else None
        if home is None or not d.attribute.endswith(".padding") or home.times != d.times:
            out.append(d)
            continue
        k = (_one_size(home.left), _one_size(home.right))
        p = (_one_size(d.left), _one_size(d.right))
        rule = next(
            (
                name
                for name, fn in PADDING_RULES
                if None not in k + p and fn(k[0]) == p[0] and fn(k[1]) == p[1]
            ),
            None,
        )
        if rule is None:
            out.append(d)
            continue
        _under_kernel(home, d, f"{rule} on both sides")
    return out


def _kernel_stride(rest: list[Diff]) -> list[Diff]:
    """A stride equal to its layer's kernel on both sides (a patch embedding's
    ``Conv3d(kernel_size=(2, 16, 16), stride=(2, 16, 16))``: patches that do not overlap)
    changes with the kernel: one change, reported under the kernel's finding. A stride
    that differs otherwise stays its own finding."""
    kernels = _kernels(rest)
    out: list[Diff] = []
    for d in rest:
        home = kernels.get(d.attribute.rsplit(".", 1)[0]) if d.kind in ("shape", "param") else None
        if (
            home is None
            or not d.attribute.endswith(".stride")
            or home.times != d.times
            or not (same(d.left, home.left) and same(d.right, home.right))
        ):
            out.append(d)
            continue
        _under_kernel(home, d, "stride = kernel on both sides")
    return out


def _axis_follows(rest: list[Diff]) -> list[Diff]:
    """A weight whose shape moves on one axis from exactly the two sizes a layer's own size
    differs by (the magnitude ``g`` of a weight-normed ``Conv1d``, ``[1, 1, kernel]``, beside
    that conv's ``kernelSize`` 32 vs 16) is that size's consequence: it is reported under
    the size's finding. Only a size that is one int on each side, and a weight that moves
    on that one axis only."""
    sizes = [
        d
        for d in rest
        if d.kind in ("shape", "param")
        and not d.layout
        and _one_size(d.left) is not None
        and _one_size(d.right) is not None
        and _one_size(d.left) != _one_size(d.right)
    ]
    if not sizes:
        return rest
    out: list[Diff] = []
    for d in rest:
        st = _axis_step(d)
        home = None
        if st is not None and d not in sizes:
            a, b = st[1]
            home = next(
                (h for h in sizes if (_one_size(h.left), _one_size(h.right)) == (a, b)), None
            )
        if home is None:
            out.append(d)
            continue
        home.follows.append(f"{d.attribute} {json_value(d.left)} -> {json_value(d.right)}")
        for side in SIDES:
            if home.locs.get(side) is None and d.locs.get(side) is not None:
                home.locs[side] = d.locs[side]
    return out


def _axis_step(d: Diff) -> tuple | None:
    """(rank, left - right) of a weight shape differing on one axis only, else None."""
    if d.kind not in ("shape", "param") or d.layout or not d.weights_change:
        return None
    lv, rv = d.left, d.right
    if not (isinstance(lv, list) and isinstance(rv, list) and len(lv) == len(rv) >= 2):
        return None
    if not all(type(x) is int for x in (*lv, *rv)):
        return None
    moved = [(x, y) for x, y in zip(lv, rv) if x != y]
    if len(moved) != 1:
        return None
    return moved[0][0] - moved[0][1], moved[0]


def _shifted(rest: list[Diff]) -> list[Diff]:
    """Weights that all grow or shrink by the same rows on one axis, and nothing else,
    are one change seen in each table that holds those rows (YOLOS's detection tokens in
    its token table and both position tables): the one with the fewest rows reports it
    and names the others; a single such weight, or steps of several sizes, stay apart."""
    steps = [(d, _axis_step(d)) for d in rest]
    moved = [(d, st) for d, st in steps if st is not None]
    if len(moved) < 2 or len({st[0] for _, st in moved}) != 1:
        return rest
    root = min(moved, key=lambda x: min(x[1][1]))[0]
    for d, _ in moved:
        if d is not root:
            root.shifted.append(f"{d.attribute} {json_value(d.left)} -> {json_value(d.right)}")
    return [d for d in rest if d is root or all(d is not m for m, _ in moved)]


def _fact_finding(f: FactDiff, labels: dict[str, str]) -> Finding:
    kind = f.kind or policy.fact_kind(f.key)
    sev = policy.fact_severity(f.key)
    lv, rv = f.values["left"], f.values["right"]
    for d in f.absorbed:
        if sev is not policy.Severity.major and same(d.left, lv) and same(d.right, rv):
            continue  # the fact's own value on a layer (a norm's eps): no weight holds it,
            # whatever else the two paired layers differ in
        s = policy.structural_severity(d.kind, d.attribute.rsplit(".", 1)[-1], d.weights_change)
        sev = max(sev, s, key=lambda x: x.rank)
    notes = [f"{side}: read off the structure ({attr})" for side, attr in f.derived.items()]
    notes += [f"{side}: held by {', '.join(vias)}" for side, vias in f.held.items() if vias]
    alike = [d for d in f.absorbed if same(d.left, lv) and same(d.right, rv)]
    seen = [a for a in dict.fromkeys(d.attribute for d in alike) if a != f.attribute]
    if seen:
        notes.append(f"same values in {', '.join(seen)}")
    rest = [d for d in f.absorbed if d not in alike]
    follows = [_consequence(d) for d in rest if related(d, f)]
    if follows:
        notes.append(f"this changes {'; '.join(dict.fromkeys(follows))}")
    others = len([d for d in rest if not related(d, f)])
    if others:
        notes.append(
            f"{others} more layer difference{'s' if others > 1 else ''} where it changes "
            "weights the two sides lay out differently"
        )
    if f.unknown:
        sev = policy.Severity.info  # read off a structure holding an unknown part
        notes.insert(0, f.unknown)
    return Finding(
        check_id=policy.check_id(kind),
        name=kind,
        kind=kind,
        severity=sev,
        attribute=f.attribute,
        message=f.message.format(**labels)
        if f.message
        else policy.message(kind, f.attribute, lv, rv, labels),
        values=f.values,
        locations=[loc for loc in (f.locs["left"], f.locs["right"]) if loc is not None],
        node=next((d.node for d in f.absorbed if d.node), None),
        evidence="; ".join(notes) or None,
    )


def _consequence(d: Diff) -> str:
    """One structural difference a root fact explains, both values, for the finding's notes."""
    times = f" ({d.times} places)" if d.times > 1 else ""
    if d.kind in ("missing-layer", "extra-layer"):
        side = "left" if d.kind == "missing-layer" else "right"
        return f"{d.what or d.attribute} on the {side} only{times}"
    return f"{d.attribute} {policy.fmt(d.left)} -> {policy.fmt(d.right)}{times}"


def _diff_finding(d: Diff, labels: dict[str, str]) -> Finding:
    param = d.attribute.rsplit(".", 1)[-1]
    sev = policy.structural_severity(d.kind, _snake(param), d.weights_change)
    if d.kind in ("missing-layer", "extra-layer") and not d.weights_change:
        sev = policy.Severity.minor
    if d.layout and not d.weights_change:
        sev = policy.Severity.info  # how tensors are laid out, not what is computed
    if unknown_diff(d):
        sev = policy.Severity.info  # an honest unknown (``Diff.unknown``), not drift
    msg = policy.message(d.kind, d.attribute, d.left, d.right, labels)
    if d.times > 1 and d.kind not in ("layer-count",):
        msg += f" ({d.times} places)"
    return Finding(
        check_id=policy.check_id(d.kind),
        name=d.kind,
        kind=d.kind,
        severity=sev,
        attribute=d.attribute,
        message=msg,
        values={"left": d.left, "right": d.right},
        locations=[loc for loc in (d.locs.get("left"), d.locs.get("right")) if loc is not None],
        node=d.node,
        evidence=_evidence(d),
    )


def _evidence(d: Diff) -> str | None:
    said = [d.unknown] if unknown_diff(d) else []
    if d.twins:
        said.append(f"same values in {', '.join(dict.fromkeys(d.twins))}")
    if d.shifted:
        said.append(f"the same rows in {'; '.join(d.shifted)}")
    if d.follows:
        said.append(f"this changes {'; '.join(d.follows)}")
    return "; ".join(said) or None


def _snake(camel_name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in camel_name)
