"""Model-level facts read off the structure, for a side whose producer did not state them.

A config says ``num_hidden_layers``; code says ``range(3)``. To compare the two, the code
side's facts come from its canonical sequence: numLayers is the count of the main repeated
block (the one holding most weights), vocabSize and hiddenSize the first token embedding,
heads / KV heads / head width the attention layers, intermediateSize the MLP, normEps the
norms, ropeTheta and maxPositionEmbeddings the rotary or learned position layers. Each derived
fact keeps the catalogue attribute and the location it was read from, so a finding can say
``multiHeadAttention.numHeads`` and point at the line. Nothing is derived from names; a fact
the structure does not pin down (the context length of a model with no position layer) is
left out, never guessed.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from driftcheck.findings import Location
from driftcheck.graph import catalogue
from driftcheck.graph.catalogue.spec import camel
from driftcheck.graph.match.canon import Item, leaf_weights, walk
from driftcheck.graph.match.midaxis39b import fused_parts
from driftcheck.graph.match.ssmstate37b import add_ssm_state
from driftcheck.graph.model import Graph, input_share


@dataclass(frozen=True)
class Derived:
    value: Any
    attribute: str
    loc: Location | None
    node: str | None = None
    weak: bool = False
    """read by a heuristic (the last projection back to the hidden width is the MLP's): where
    the same side states the fact otherwise, the statement stands (``facts._side``)"""
    yields: bool = False
    """read where no layer type says it (a learned position table among the embeddings):
    where the same side states the fact, the statement stands (``facts._side``), so a
    fairseq table's two extra rows are compared through the statement's offset"""
    alts: tuple = ()
    """other values the structure would allow as well (the rows of the other tables as wide
    as the token table: LayoutLM's 1024-row box tables beside 800 words): where the same side
    states one of them, the statement stands (``facts._side``)"""
    others: tuple = ()
    """other values the structure would allow, used only where the two sides' structures
    disagree: a side stating one of them is then taken at its word (``facts._stated_other``);
    where both structures agree (X-MOD's adapters read as the MLP on both sides) they stand"""


# fact -> the bound parameter names that carry it on layers of the given role
_BY_ROLE: dict[str, dict[str, tuple[str, ...]]] = {
    "attention": {
        "numHeads": ("num_heads", "n_head", "heads"),
        "numKvHeads": ("num_kv_heads",),
        "headDim": ("head_dim", "dim_head", "v_head_dim"),
        "hiddenSize": ("hidden_size", "embed_dim", "n_embd", "query_dim"),
    },
    "mlp": {"intermediateSize": ("intermediate_size",), "numExperts": ("num_experts",)},
    "experts": {"numExperts": ("num_experts",), "numExpertsPerTok": ("top_k",)},
    "router": {"numExperts": ("num_experts",), "numExpertsPerTok": ("top_k",)},
    "norm": {"normEps": ("eps",)},
    "rotary": {"ropeTheta": ("base",), "maxPositionEmbeddings": ("max_position_embeddings",)},
}


def _attr(it: Item, param: str) -> str:
    spec = catalogue.get(it.ltype)
    if spec is not None:
        return spec.attribute(param)
    return f"{it.ltype[:1].lower()}{it.ltype[1:]}.{camel(param)}"


def _loc(it: Item, param: str | None) -> Location | None:
    if param is not None and param in it.node.param_locs:
        return it.node.param_locs[param]
    return it.node.loc


def main_block(items: list[Item]) -> Item | None:
    """The repeated block holding the most weights (count x one copy): the model's layers."""
    reps = [it for it in items if it.is_block and it.count > 1]
    if not reps:
        return None
    return max(reps, key=lambda it: (it.count * it.weight_size(), it.count))


def layer_stack(items: list[Item]) -> Item | None:
    """The one block the top level repeats, or None when there are several (an encoder and a
    decoder, a vision tower beside the text layers, hybrid layers of alternating kinds): the
    layer count is then not one number the structure states."""
    blocks = [it for it in items if it.is_block and not _norm_like(it)]
    if len(blocks) != 1:
        return None
    if blocks[0].count == 1 and any(it.ltype == "Unknown" for it in items if not it.is_block):
        # one block standing once beside a part the parser could not follow (a ``ModuleList``
        # of unknown contents): that part may be the layers, so one layer is not what the
        # structure states (a user's norm block beside unknown layers read as 1 layer)
        return None
    return blocks[0]


def _stack_block(
    items: list[Item], stack: Item | None
) -> tuple[list[Item], Counter, int, int] | None:
    """What ``lead_layer`` / ``trail_layer`` match against: the stack's layers (no inner runs),
    the count of each layer signature, their number (at least three) and the stack's index in
    ``items``; None when the stack is no such block. A stack of one copy counts too: it is kept
    as a block because the other side repeats it (two RWKV layers, the first with its extra
    ``pre_ln``)."""
    if stack is None or not stack.children:
        return None
    kids = [c for c in walk(stack.children) if not c.soft]
    if any(c.is_block and c.count > 1 for c in kids):
        return None
    need = Counter(c.full_sig for c in kids if not c.is_block)
    size = sum(need.values())
    at = next((i for i, it in enumerate(items) if it is stack), None)
    if at is None or size < 3:
        return None
    return kids, need, size, at


def lead_layer(items: list[Item], stack: Item | None) -> int:
    """1 when the layers just before the repeated stack are one more copy of its block but
    for one vector-only layer (ModernBERT's first layer, whose ``attn_norm`` is an
    ``Identity``: a block unlike the others, so it is not merged into their run and its
    layers stand alone before them); else 0. Only a block of layers (no inner runs)."""
    found = _stack_block(items, stack)
    if found is None:
        return 0
    kids, need, size, at = found
    got = 0
    for it in reversed(items[:at]):
        if it.soft:
            continue
        if it.is_block or need[it.full_sig] <= 0:
            break
        need[it.full_sig] -= 1
        got += 1
    if got < size - 1:
        return 0
    left = [c for c in kids if not c.is_block and need[c.full_sig] > 0]
    for c in left:  # the one layer the first copy lacks holds no matrix (a norm)
        w = leaf_weights(c.ltype, c.params)
        if w is None or any(len(shape) > 1 for shape in w.values()):
            return 0
    return 1


def trail_layer(items: list[Item], stack: Item | None) -> int:
    """1 when the layers just after the repeated stack are one more copy of its block but
    for one vector-only layer more or less (GPT-NeoX-Japanese's last layer, the only one
    whose attention keeps its ``dense_bias`` vector: a block unlike the others, so it is
    not merged into their run and its layers stand alone after them); else 0. The mirror of
    ``lead_layer``; only a block of layers (no inner runs) of at least three."""
    found = _stack_block(items, stack)
    if found is None:
        return 0
    kids, need, size, at = found
    got, extra = 0, 0
    for it in items[at + 1 :]:
        if it.soft:
            continue
        if it.is_block:
            break
        if need[it.full_sig] > 0:
            need[it.full_sig] -= 1
            got += 1
            continue
        if extra or not _vector(it):
            break
        extra += 1
    if got < size - 1 or (got < size and extra):
        return 0
    left = [c for c in kids if not c.is_block and need[c.full_sig] > 0]
    return 1 if all(_vector(c) for c in left) else 0


def _vector(it: Item) -> bool:
    """A layer whose weights are all vectors (a norm, a bias ``Parameter``)."""
    w = leaf_weights(it.ltype, it.params)
    return w is not None and all(len(shape) <= 1 for shape in w.values())


def _vectors_only(it: Item) -> bool:
    """A block whose weights are all vectors (a run of norms): no layer of the model."""
    for c in walk(it.children or []):
        if c.is_block:
            continue
        w = leaf_weights(c.ltype, c.params)
        if w is None or any(len(shape) > 1 for shape in w.values()):
            return False
    return True


def _norm_like(it: Item) -> bool:
    """A block standing once whose weights are all vectors (a hand-written final norm that
    holds one ``weight`` Parameter): not a stack of layers."""
    return it.count == 1 and _vectors_only(it)


def derive(items: list[Item], factorized: bool = True) -> dict[str, Derived]:
    """``factorized=False``: the width is the token table's even where it is projected up
    (``_factorized_width``; ``match.compare`` reads a side so when the other side's structure
    cannot say the same)."""
    out: dict[str, Derived] = {}
    stack = layer_stack(items)
    if stack is not None:
        loc = stack.node.param_locs.get("repeat") or stack.node.loc
        n = stack.count + lead_layer(items, stack) + trail_layer(items, stack)
        out["numLayers"] = Derived(n, "model.numLayers", loc, stack.node.id)
    leaves = [it for it in walk(items) if not it.is_block]
    _from_roles(leaves, out)
    _from_embeddings(leaves, out, _in_layers(items, None))
    if "maxPositionEmbeddings" not in out:
        _position_tables(items, out)
    _patch(items, out)
    _unfold_patch(items, out)
    if "patchSize" in out and not out["patchSize"].attribute.startswith("conv3d."):
        _image_size(items, out)  # a video's table holds every frame group's patches too
    main = stack if stack is not None else main_block(items)
    if "hiddenSize" not in out and "vocabSize" not in out and stack is not None:
        _stack_width(stack, out)
    if factorized:
        _factorized_width(items, main, out)
    if (
        "intermediateSize" not in out
        and main is not None
        and not (stack is None and _expert_run(items, main))
    ):
        _mlp_width(main.children, out)
    if "intermediateSize" not in out and (main is None or _vectors_only(main)):
        # no layer repeats (two-layer stacks whose first layer holds the position table, so
        # no two copies are alike; hybrid layers, where only a pair of norms repeats): the
        # whole model is the body, read by the same rule where every projection back to the
        # width agrees (dense and sparse layers interleaved have two widths: which one the
        # config calls its MLP's is not known)
        _mlp_width(items, out, one_width=True)
    bare = main is None or _vectors_only(main)
    if not bare and not ({"numHeads", "headDim"} & out.keys()):
        _head_splits(main, out, items)
    elif bare and items and not ({"numHeads", "headDim"} & out.keys()):
        # no layer repeats (a hybrid stack whose layers alternate, every copy standing once
        # and flattened into the top level; or only a pair of norms repeats, the "main
        # block" then holding no projection): the whole model is the one body its reshapes
        # cut heads in, read by the same rule (one head width, at most two head counts)
        _head_splits(Item(node=items[0].node, children=items), out, items)
    _ties(leaves, out, _in_layers(items, main))
    if "numExperts" not in out:
        _experts(items, out)
    if "numExperts" in out and out.get("intermediateSize", Derived(0, "", None)).weak:
        _experts_follow(items, out)
    if "intermediateSize" not in out and "numExperts" in out:
        _expert_width(items, out)
    if "intermediateSize" not in out and "numExperts" in out:
        _expert_module_width(items, out)
    if "numExperts" in out:
        moe_width(items, out)
    add_ssm_state(main, out, Derived)
    return out


def _stack_width(stack: Item, out: dict[str, Derived]) -> None:
    """The width of a model with no token table and no patch embedding (an audio encoder fed
    by a convolution stack, a model fed by features): the residual stream's width inside the
    repeated layers, which every norm of the layer normalizes over. Read where the layer's
    norms (those with a ``normalized_shape``) all have one width ``W`` and the layer holds a
    linear map taking ``W`` and one giving ``W`` back; several norm widths, or none: nothing.
    ``DRIFTCHECK_NO_STACK_WIDTH=1`` switches the reading off."""
    if os.environ.get("DRIFTCHECK_NO_STACK_WIDTH") == "1":
        return
    norms: list[Item] = []
    ins, outs = set(), set()
    for it in walk(stack.children or []):
        if it.is_block:
            continue
        spec = catalogue.get(it.ltype)
        if spec is not None and spec.role == "norm" and "normalized_shape" in it.params:
            norms.append(it)
            continue
        if spec is None or spec.role != "linear":
            continue
        shape = (leaf_weights(it.ltype, it.params) or {}).get("weight")
        if not shape or len(shape) != 2:
            continue
        rows, cols = shape if it.ltype != "Conv1D" else shape[::-1]
        outs.add(rows)
        ins.add(cols)
    widths = {_norm_width(it.params["normalized_shape"]) for it in norms}
    if len(widths) != 1:
        return
    w = next(iter(widths))
    if type(w) is not int or w not in ins or w not in outs:
        return
    it = norms[0]
    name = "normalized_shape"
    out["hiddenSize"] = Derived(w, _attr(it, name), _loc(it, name), it.node.id)


def _norm_width(v: Any) -> Any:
    """A norm's one normalized axis (``64`` or ``(64,)``); several axes: None."""
    if isinstance(v, (list, tuple)) and len(v) == 1:
        v = v[0]
    return v if type(v) is int else None


def _factorized_width(items: list[Item], main: Item | None, out: dict[str, Derived]) -> None:
    """A token table narrower than the layers, projected up before them (ALBERT's and
    ELECTRA's ``embedding_size``, OPT-350m's ``word_embed_proj_dim``): the model's width is
    what the layers compute in, the up-projection's output, and the table's width is
    ``embeddingSize``. Read where every linear outside the layers that takes the table's
    width E gives one other width H, the other linears both take and give H and none takes
    E (a layer that reads E too leaves the width to the table, as before). A side of bare
    parameters only (``F.linear(x, self.w)``) is read by the same rule on its matrices, whose
    axes are not ordered: every matrix other than the table with an axis of E has H as its
    other one, and the matrices without an E axis hold H."""
    hid, vocab = out.get("hiddenSize"), out.get("vocabSize")
    if hid is None or vocab is None or hid.node is None or hid.node != vocab.node:
        return  # the width was read off an attention layer, not the token table
    if type(hid.value) is not int:
        return
    e = hid.value
    leaves = [it for it in walk(items) if not it.is_block]
    linears = [it for it in leaves if it.ltype == "Linear"]
    if linears:
        inside = _in_layers(items, main)
        ups = [
            it
            for it in linears
            if id(it) not in inside
            and it.params.get("in_features") == e
            and type(it.params.get("out_features")) is int
        ]
        rest = [it for it in linears if not any(it is u for u in ups)]
        ins = {it.params.get("in_features") for it in rest}
        outs = {it.params.get("out_features") for it in rest}
        widths = {it.params["out_features"] for it in ups}
        if len(widths) != 1 or e in ins:
            return
        h = next(iter(widths))
        if h == e or h not in ins or h not in outs:
            return
        up, attr = ups[0], "out_features"
    else:
        mats = [
            it
            for it in leaves
            if it.ltype == "Parameter"
            and it.node.id != hid.node
            and isinstance(it.params.get("shape"), (list, tuple))
            and len(it.params["shape"]) == 2
            and all(type(x) is int for x in it.params["shape"])
        ]
        if not mats or any(
            it.ltype not in ("Parameter", "Embedding") for it in leaves if it.node.id != hid.node
        ):
            return  # only a side of bare parameters (and its tables) is read so
        ups = [it for it in mats if e in it.params["shape"]]
        widths = set()
        for it in ups:
            a, b = it.params["shape"]
            widths.add(b if a == e else a)
        held = {x for it in mats if e not in it.params["shape"] for x in it.params["shape"]}
        if len(widths) != 1:
            return
        h = next(iter(widths))
        if h == e or h not in held:
            return
        up, attr = ups[0], "shape"
    out["embeddingSize"] = hid
    out["hiddenSize"] = Derived(h, _attr(up, attr), _loc(up, attr), up.node.id)


def moe_width(items: list[Item], out: dict[str, Derived]) -> None:
    """``moeIntermediateSize``: the experts' own MLP width, read off the expert tensors
    (``[E, 2I, D]`` with ``[E, D, I]``, or three ``[E, I, D]``: ``_expert_width``) or off
    expert modules standing ``numExperts`` times (``_expert_module_width``), whatever the
    model's ``intermediateSize`` reads (a dense layer's MLP, a shared expert's). Both tensors
    of a changed expert width are then one change. Nothing where no such width is read."""
    got = {k: v for k, v in out.items() if k != "intermediateSize"}
    _expert_width(items, got, top=True)
    if "intermediateSize" not in got:
        _expert_module_width(items, got, merged=True)
    w = got.get("intermediateSize")
    if w is not None and type(w.value) is int:
        out["moeIntermediateSize"] = Derived(w.value, "experts.moeIntermediateSize", w.loc, w.node)


def _experts_follow(items: list[Item], out: dict[str, Derived]) -> None:
    """The MLP is the last projection back to the width (``_mlp_width``), but fused expert
    tensors (``[E, D, I]`` Parameters) are no ``Linear``, and experts as wide as the model
    (``nn.Linear(64, 64)``) map back from no other width: in such a block, that rule lands
    on the attention's output projection whenever its heads are wider than the model
    (Qwen3-MoE's ``4 x 32`` heads over a width of 64: ``o_proj`` is ``128 -> 64``), while
    code holding narrower experts as ``nn.Linear`` modules reads the experts'. Where the expert tensors stand after that projection in the block, they are
    the MLP that follows attention: their width is read instead (still weak), the
    projection's kept among the other readings."""
    weak = out["intermediateSize"]
    got: dict[str, Derived] = {k: v for k, v in out.items() if k != "intermediateSize"}
    space: list = []
    _expert_width(items, got, space, top=True)
    if "intermediateSize" not in got:
        _expert_module_width(items, got)  # experts as wide as the model: no width of theirs
        # is read as the last projection back to it, the attention's output is
    exp = got.get("intermediateSize")
    if exp is None or exp.value == weak.value:
        return
    order = {it.node.id: i for i, it in enumerate(walk(items))}
    top = {it.node.id for it in items if not it.is_block}
    if weak.node not in order or exp.node not in order:
        return
    projected = bool(space) and space[0] == weak.value  # the projection out of their space
    flat = exp.node in top and weak.node in top
    if flat and order[exp.node] > order[weak.node]:
        # layers flattened into the top level (no block repeats: the weak reading is the
        # whole model's one width back): a projection before every expert tensor is a dense
        # layer's MLP (a dense layer, then a sparse one), the config's intermediate size
        return
    if order[exp.node] < order[weak.node] and not flat and not projected:
        # in one block, experts before the projection are not the MLP after attention; at
        # the top level a projection after them is the sparse layer's own (a shared expert)
        return
    others = tuple(sorted({*weak.others, weak.value} - {exp.value}, key=repr))
    out["intermediateSize"] = Derived(
        exp.value, exp.attribute, exp.loc, exp.node, weak=True, others=others
    )


def _expert_width(
    items: list[Item], out: dict[str, Derived], space: list | None = None, top: bool = False
) -> None:
    """The MLP width of fused expert tensors (Granite-MoE's ``input_linear [E, 2I, D]`` and
    ``output_linear [E, D, I]``; Mixtral's in transformers 5): in one block, two 3-d
    Parameters of ``numExperts`` rows, each with the hidden width on one axis, whose other
    widths are ``I`` and ``I`` or ``2I`` (gate and up fused), or three of width ``I`` (gate,
    up and down apart): ``I``. Anything else: nothing."""
    e, hidden = out["numExperts"].value, out.get("hiddenSize")
    if hidden is None:
        return
    d = hidden.value
    per_head = _per_head_out(out, d)
    for blk in walk(items):
        if not blk.is_block:
            continue
        fused = _fused(blk.children or [], e, d, per_head)
        lead = 1
        if not fused and blk.count == e:
            fused, lead = [(m, m.params["shape"]) for m in _expert_matrices(blk)], 0
        if len(fused) not in (2, 3):  # gate|up and down, or gate, up and down
            continue
        # experts may run in a space of their own (a ``Linear`` from the width into ``w``
        # beside them, one back after): ``w`` is then the axis every tensor shares
        w = _projected_space(blk.children or [], fused, d) if lead else None
        got = _fused_width(fused, d if w is None else w, lead)
        if got is not None and w is not None and space is not None:
            space.append(w)
        if got is not None:
            out["intermediateSize"] = got
        return
    if not top:
        return
    # no block holds them: layers of alternating kinds flattened into the top level (a
    # hybrid stack whose sparse layers stand once each), their expert tensors side by side
    # there; each run of adjacent expert tensors is one layer's experts, read by the same
    # rule, and every run must give the same width. Only against a weak reading of the
    # whole model (``_experts_follow``): where no one width back is read, dense layers
    # beside the sparse ones may hold the config's intermediate size
    widths = set()
    first = None
    for run in _top_runs(items, e, d, per_head):
        got = _fused_width(run, d, 1)
        if got is None:
            return
        widths.add(got.value)
        first = first or got
    if first is not None and len(widths) == 1:
        out["intermediateSize"] = first


def _fused(kids: list[Item], e: Any, d: Any, per_head: list | None) -> list[tuple[Item, Any]]:
    """The 3-d expert tensors among ``kids`` (``numExperts`` rows first), each with its
    shape; a 4-d ``[E, D, 2, I]`` (gate and up on an axis of their own) read as
    ``[E, D, 2I]``; an attention output written per head (``[H, head_dim, D]``) left out."""
    fused = []
    for c in kids:
        shape = c.params.get("shape") if not c.is_block and c.ltype == "Parameter" else None
        if not isinstance(shape, (list, tuple)) or not shape or shape[0] != e:
            continue
        if len(shape) == 4 and 2 in shape[1:] and d in shape[1:]:
            rest = list(shape[1:])
            rest.remove(2)
            rest.remove(d)
            shape = [e, d, 2 * rest[0]] if type(rest[0]) is int else shape
        if len(shape) == 3 and list(shape[1:]) != per_head:
            fused.append((c, shape))
    return fused


def _top_runs(items: list[Item], e: Any, d: Any, per_head: list | None) -> list[list]:
    """Runs of two or three expert tensors standing next to each other at the top level
    (soft items between them skipped; any other layer ends a run)."""
    runs: list[list] = []
    cur: list = []
    for it in items:
        if it.soft:
            continue
        got = _fused([it], e, d, per_head)
        if got:
            cur += got
            continue
        if cur:
            runs.append(cur)
        cur = []
    if cur:
        runs.append(cur)
    return [r for r in runs if len(r) in (2, 3)]


def _projected_space(kids: list[Item], fused: list[tuple[Item, Any]], d: Any) -> int | None:
    """The one width every expert tensor has on an axis, other than the model width ``d``,
    where a ``Linear`` beside them maps ``d`` into it: the space the experts run in
    (projected in and out around them); None otherwise (the usual ``[E, 2I, D]`` /
    ``[E, D, I]`` share only ``d``)."""
    common = set.intersection(*(set(shape[1:]) for _c, shape in fused))
    if len(common) != 1 or d in common:
        return None
    w = next(iter(common))
    into = any(
        not c.is_block
        and c.ltype == "Linear"
        and c.params.get("in_features") == d
        and c.params.get("out_features") == w
        for c in kids
    )
    return w if into and type(w) is int else None


def _fused_width(fused: list[tuple[Item, Any]], d: Any, lead: int) -> Derived | None:
    """``I`` of one expert group's tensors: each has the hidden width on one axis, the
    other widths ``I`` and ``I`` or ``2I`` (gate and up fused), or three of ``I``."""
    widths = []
    for _c, shape in fused:
        rest = list(shape[lead:])
        if d not in rest or not all(type(x) is int for x in rest):
            return None
        rest.remove(d)
        widths.append(rest[0])
    small, big = min(widths), max(widths)
    if big not in (small, 2 * small) or (len(widths) == 3 and big != small):
        return None
    c = next(c for (c, _), w in zip(fused, widths) if w == small)
    return Derived(small, "experts.intermediateSize", _loc(c, "shape"), c.node.id)


def _per_head_out(out: dict[str, Derived], d: Any) -> list | None:
    """``[head_dim, D]``: the trailing axes of an attention output weight written per head
    (``wo [H, head_dim, D]``, einsum style), when the heads and their width are read. With
    as many heads as experts it has the experts' leading axis and would read as a down
    projection ``[E, I, D]``: it is the attention's, not an expert tensor."""
    h, hd = out.get("numHeads"), out.get("headDim")
    if hd is None and h is not None and isinstance(h.value, int) and isinstance(d, int):
        return [d // h.value, d] if h.value and d % h.value == 0 else None
    return [hd.value, d] if hd is not None else None


def _expert_module_width(items: list[Item], out: dict[str, Derived], merged: bool = False) -> None:
    """The MLP width of experts written as modules (one ``nn.Linear`` gate, up and down per
    expert, a block standing ``numExperts`` times) where no projection back to the width is
    narrower or wider than it: the experts as wide as the model (``_mlp_width`` reads only a
    width other than the model's). Each linear maps the width to ``I`` or back; ``I`` is the
    one other size (the model width itself when every linear is square), gate and up fused
    (``2I``) allowed. Anything else: nothing."""
    e, hidden = out["numExperts"].value, out.get("hiddenSize")
    if hidden is None:
        return
    d = hidden.value
    for blk in walk(items):
        # ``merged``: a shared expert or two of the routed experts' shape merge into their
        # run (as in ``_experts``), every copy then of the one width read
        n = blk.count if blk.is_block else 0
        if not blk.is_block or not (n == e or (merged and 0 < n - e <= min(2, e))):
            continue
        kids = [c for c in blk.children or [] if not c.soft]
        lins = [c for c in kids if not c.is_block and c.ltype == "Linear"]
        if len(lins) != len(kids) or len(lins) not in (2, 3):
            continue
        widths = []
        for c in lins:
            i, o = c.params.get("in_features"), c.params.get("out_features")
            if type(i) is not int or type(o) is not int or d not in (i, o):
                return
            widths.append(o if i == d else i)
        small, big = min(widths), max(widths)
        if big not in (small, 2 * small) or (len(widths) == 3 and big != small):
            return
        c = lins[-1]
        name = "in_features" if c.params["out_features"] == d else "out_features"
        out["intermediateSize"] = Derived(small, _attr(c, name), _loc(c, name), c.node.id)
        return


def _expert_matrices(blk: Item) -> list[Item]:
    """One expert written out as raw 2-d weights run by ``F.linear`` (Mistral's reference
    ``w1 [I, D]``, ``w3 [I, D]``, ``w2 [D, I]``), in a block standing ``numExperts`` times:
    those Parameters, read as ``_expert_width`` reads fused tensors' rows. Nothing when the
    block holds anything but 2-d Parameters."""
    kids = blk.children or []
    mats = [
        c
        for c in kids
        if not c.is_block
        and c.ltype == "Parameter"
        and isinstance(c.params.get("shape"), (list, tuple))
        and len(c.params["shape"]) == 2
    ]
    return mats if len(mats) == len(kids) else []


def _expert_run(items: list[Item], run: Item) -> bool:
    """``run`` (the block holding most weights, where no layer stack repeats) is a mixture's
    experts, not a stack of layers: a router beside it (in the same sequence) scores as many
    experts (a ``Linear`` to at least 2 scores), or one fewer where a shared expert of the same
    shape merged into the run. Only where no layer stack repeats. Layers
    written one by one (``setattr(self, f"layer{i}", ...)``) leave the experts of one layer
    the largest run; their width is the experts', not the model's MLP width."""
    if run.is_block and run.count > 2 and run in items:
        for it in items:
            w = _router_width(it) if it.ltype == "Linear" else None
            if w is not None and w in (run.count, run.count - 1):
                return True
    return False


def _router_width(it: Item) -> int | None:
    """Rows of a router: a ``Linear``'s outputs, or a 2-d ``Parameter``'s first axis."""
    if it.is_block:
        return None
    if it.ltype == "Linear":
        v = it.params.get("out_features")
        return v if isinstance(v, int) else None
    if it.ltype == "Parameter":
        shape = it.params.get("shape")
        if isinstance(shape, (list, tuple)) and len(shape) == 2 and isinstance(shape[0], int):
            return shape[0]
    return None


def _experts(items: list[Item], out: dict[str, Derived]) -> None:
    """Experts of a mixture: inside one block, E copies of an expert block (a ``ModuleList``
    of MLPs) or 3-d parameters of leading size E (fused expert tensors), beside a router with
    E rows (a ``Linear`` to E scores, or an ``[E, d]`` weight). Both the copies and the router
    must be there: E repeated blocks alone are heads, layers or stages."""
    for blk in walk(items):
        kids = blk.children if blk.is_block else None
        if not kids:
            continue
        near = [c for c in kids if not c.is_block]  # the router may sit in a lone wrapper
        near += [g for c in kids if c.is_block and c.count == 1 for g in c.children or []]
        rows = {_router_width(c): c for c in near if _router_width(c) is not None}
        for c in kids:
            n = None
            if c.is_block and c.count > 1:
                n = c.count
            elif not c.is_block and c.ltype == "Parameter":
                shape = c.params.get("shape")
                if isinstance(shape, (list, tuple)) and len(shape) == 3:
                    n = shape[0] if isinstance(shape[0], int) else None
            if n is not None and c.is_block and n not in rows:
                n = _equal_entries(c, rows) or n
            if n is not None and c.is_block and n not in rows:
                # shared experts of the routed experts' shape merge into their run (8
                # routed and 1 shared written as one ModuleList of 9): the router's rows
                # are the routed ones; a shared expert or two, never more than routed
                n = next((r for r in sorted(rows) if r > 1 and 0 < n - r <= min(2, r)), n)
            if n is not None and n > 1 and n in rows:
                r = rows[n]
                name = "out_features" if r.ltype == "Linear" else "shape"
                out["numExperts"] = Derived(n, _attr(r, name), _loc(r, name), r.node.id)
                return
        e = _row_stacked(kids, rows)
        if e is not None:
            r = rows[e]
            out["numExperts"] = Derived(
                e, _attr(r, "out_features"), _loc(r, "out_features"), r.node.id
            )
            return
    _flat_experts(items, out)


def _equal_entries(c: Item, rows: dict) -> int | None:
    """E of experts kept one weight per entry of a list (an ``nn.ParameterList`` of E
    ``[I, d]`` tensors, or of E equal ``Linear`` layers): a block whose children are E leaves
    of one type and one shape, E the rows of a router beside it. The block's count is how
    many such lists stand alike (gate and up merged into a run of two), not the experts."""
    kids = c.children or []
    leaves = [k for k in kids if not k.soft]
    if len(leaves) < 2 or any(k.is_block for k in leaves):
        return None
    first = leaves[0]
    if any(k.ltype != first.ltype or k.params != first.params for k in leaves):
        return None
    return len(leaves) if len(leaves) in rows else None


def _row_stacked(kids: list[Item], rows: dict) -> int | None:
    """E of experts stacked on the rows of 2-d weights (DBRX's ``w1``, ``v1``, ``w2`` of
    ``[E * I, d]``, run with ``F.linear`` per expert slice): two or more weights of one shape
    ``[R, d]`` beside a router ``Linear`` from ``d`` to E scores, R a multiple of E over it.
    A router scores fewer experts than the width it reads (a fused q|k|v beside it is wider):
    the fewest such scores are the experts. None where no router of such a width stands there."""
    shapes: Counter = Counter()
    for c in kids:
        shape = c.params.get("shape") if not c.is_block and c.ltype == "Parameter" else None
        if (
            isinstance(shape, (list, tuple))
            and len(shape) == 2
            and all(type(x) is int for x in shape)
        ):
            shapes[tuple(shape)] += 1
    for (r, d), n in shapes.items():
        if n < 2:
            continue
        for e, router in sorted(rows.items()):
            ok = router.ltype == "Linear" and router.params.get("in_features") == d
            if ok and 1 < e < d and r > e and r % e == 0:
                return e
    return None


def _flat_experts(items: list[Item], out: dict[str, Derived]) -> None:
    """Experts of a mixture whose layers stand once each (a Switch Transformer's sparse
    layer every other block: nothing repeats, so the canonical sequence holds every layer's
    parts at its top level): a router ``Linear`` to E scores right before a block of E copies
    of an MLP (linears only, one of them reading the router's input width). Only the router
    next to the copies counts there, as among a whole model's layers a linear of E outputs
    elsewhere (a classifier of 2 labels beside 2 layers) is no router."""
    seq = [it for it in items if not it.soft]
    for r, c in zip(seq, seq[1:]):
        if r.is_block or r.ltype != "Linear" or not c.is_block or c.count < 2:
            continue
        e = r.params.get("out_features")
        # a shared expert or two of the routed experts' shape merge into their run (as in
        # ``_experts``): the router's scores are the routed experts
        if not isinstance(e, int) or not (e == c.count or 0 < c.count - e <= min(2, e)):
            continue
        kids = [k for k in c.children or [] if not k.soft]
        lins = [k for k in kids if not k.is_block and k.ltype == "Linear"]
        if len(lins) < 2 or len(lins) != len(kids):
            continue
        if not any(k.params.get("in_features") == r.params.get("in_features") for k in lins):
            continue
        out["numExperts"] = Derived(e, _attr(r, "out_features"), _loc(r, "out_features"), r.node.id)
        return
    _flat_fused_experts(seq, out)


def _stacked_rows(it: Item) -> int | None:
    """The leading axis of a 3-d ``Parameter`` (an ``[E, 2I, D]`` expert tensor), else None."""
    if it.is_block or it.ltype != "Parameter":
        return None
    shape = it.params.get("shape")
    if isinstance(shape, (list, tuple)) and len(shape) == 3 and type(shape[0]) is int:
        return shape[0]
    return None


def _flat_fused_experts(seq: list[Item], out: dict[str, Derived]) -> None:
    """``_flat_experts`` for fused expert tensors: where no layer repeats (a dense layer then
    a sparse one), the sparse layer's parts stand at the top level, its experts two or more
    3-d ``Parameter`` tensors of one leading size E side by side, its router (a ``Linear`` to E
    scores or an ``[E, d]`` weight) right before or right after that run. Only a router
    next to the run counts, as in ``_flat_experts``."""
    i = 0
    while i < len(seq):
        e = _stacked_rows(seq[i])
        j = i
        while j < len(seq) and e is not None and _stacked_rows(seq[j]) == e:
            j += 1
        if e is None or e < 2 or j - i < 2:
            i = max(j, i + 1)
            continue
        near = [seq[i - 1]] if i else []
        near += [seq[j]] if j < len(seq) else []
        # the router may sit in a lone wrapper (transformers' ``gate`` module: its weight
        # beside a correction bias)
        near += [g for c in near if c.is_block and c.count == 1 for g in c.children or []]
        for r in near:
            if _router_width(r) == e:
                name = "out_features" if r.ltype == "Linear" else "shape"
                out["numExperts"] = Derived(e, _attr(r, name), _loc(r, name), r.node.id)
                return
        i = j


def _patch(items: list[Item], out: dict[str, Derived]) -> None:
    """A vision model's patch size: the first top-level convolution whose kernel equals its
    stride (a patch embedding), outside any repeated block; and the channels that first
    convolution reads (``inputChannels``: an image's channels, an audio model's mel bins)."""
    for it in walk(items):
        if it.is_block and it.count > 1 and not it.scanned:
            return  # the layers start: a patch embedding comes before them
        if it.is_block or it.ltype not in ("Conv2d", "Conv3d", "Conv1d"):
            continue
        cin = it.params.get("in_channels")
        if isinstance(cin, int):  # what the model reads: image channels, mel bins
            loc = _loc(it, "in_channels")
            out["inputChannels"] = Derived(cin, _attr(it, "in_channels"), loc, it.node.id)
        k, st = _one(it.params.get("kernel_size")), _one(it.params.get("stride"))
        if it.ltype == "Conv3d" and k == st:
            k = st = _spatial(k)
        if isinstance(k, int) and k > 1 and k == st:
            loc = _loc(it, "kernel_size")
            out["patchSize"] = Derived(k, _attr(it, "kernel_size"), loc, it.node.id)
            width = it.params.get("out_channels")
            if isinstance(width, int) and "hiddenSize" not in out:  # no token table: the
                # patch embedding's width is the model's
                loc = _loc(it, "out_channels")
                out["hiddenSize"] = Derived(width, _attr(it, "out_channels"), loc, it.node.id)
        return


def _spatial(v: Any) -> Any:
    """A video patch embedding's ``(time, height, width)`` kernel with one square patch
    (ViViT's tubelet ``(2, 16, 16)``): the patch's side, as an image model's patch size is;
    any other kernel as it is."""
    if isinstance(v, (list, tuple)) and len(v) == 3 and type(v[1]) is int and v[1] == v[2]:
        return v[1]
    return v


def _image_size(items: list[Item], out: dict[str, Derived]) -> None:
    """A ViT's image size from its learned position table: before the repeated layers, one
    ``[1, N, D]`` Parameter beside ``k`` token Parameters ``[1, 1, D]`` (class, distillation)
    holds a row per patch of a square grid and one per token, so ``N - k`` is ``g * g`` and
    the image is ``g`` patches wide (DeiT's 66 rows at patch 8 and 2 tokens: 64 pixels). A
    changed image size is then one finding holding both sizes, its table's shape under it.
    Anything else (two tables, no square grid): nothing."""
    tables, tokens, widths = [], 0, []
    for it in items:
        if it.is_block:
            if it.count > 1 and not it.scanned:
                break  # the layers start: the embeddings come before them
            continue
        shape = it.params.get("shape") if it.ltype == "Parameter" else None
        if not isinstance(shape, (list, tuple)) or len(shape) != 3 or shape[0] != 1:
            continue
        if not all(type(x) is int and x > 0 for x in shape):
            continue
        if shape[1] == 1:
            tokens += 1
            widths.append(shape[2])
        else:
            tables.append(it)
    if not tables:  # positions in an ``nn.Embedding`` (CLIP's towers): imagetable.py
        from driftcheck.graph.match.imagetable import image_size

        got = image_size(items)
        if got is not None:
            side, t = got
            out["imageSize"] = Derived(
                side * out["patchSize"].value,
                "model.imageSize",
                _loc(t, "num_embeddings"),
                t.node.id,
            )
        return
    pair = tables
    tables, rows = _token_table(tables, tokens)
    small = [t for t in pair if all(t is not x for x in tables)]
    if rows and len(small) == 1:
        # several class tokens kept in one ``[1, k, D]`` table (Pixio's ``n_cls_tokens``)
        k = small[0]
        out["numClsTokens"] = Derived(rows, "model.numClsTokens", _loc(k, "shape"), k.node.id)
    if _pyramid(tables):
        # per-stage tables: the first stage's grid is the image's at the first patch size;
        # a class token of another width belongs to a later stage (PvT's, last stage only)
        tables = tables[:1]
        tokens = sum(w == tables[0].params["shape"][2] for w in widths)
    if len(tables) != 1 or tokens > 2:
        return
    grid = tables[0].params["shape"][1] - tokens - rows
    side = math.isqrt(grid) if grid > 0 else 0
    if side < 2 or side * side != grid:
        return
    t = tables[0]
    out["imageSize"] = Derived(
        side * out["patchSize"].value, "model.imageSize", _loc(t, "shape"), t.node.id
    )


def _pyramid(tables: list[Item]) -> bool:
    """Position tables of a pyramid's stages, one per stage, in model order, each wider
    than the one before (PvT's ``position_embeddings`` of stage widths 64 -> 512,
    modeling_pvt.py:76): the first is the image's grid."""
    widths = [it.params["shape"][2] for it in tables]
    return len(tables) > 1 and all(a < b for a, b in zip(widths, widths[1:]))


def _token_table(tables: list[Item], tokens: int) -> tuple[list[Item], int]:
    """Several class tokens kept in one ``[1, k, D]`` Parameter (Pixio's 8, ``cls_tokens``,
    modeling_pixio.py) beside a ``[1, N, D]`` position table of as wide rows: the smaller is
    ``k`` tokens when ``N - k`` (less the one-row tokens) is a square grid. Returns the
    position table(s) left and the token rows; anything else is left as it was."""
    if len(tables) != 2:
        return tables, 0
    small, big = sorted(tables, key=lambda it: it.params["shape"][1])
    k, n = small.params["shape"][1], big.params["shape"][1]
    if small.params["shape"][2] != big.params["shape"][2] or k >= n:
        return tables, 0
    grid = n - k - tokens
    side = math.isqrt(grid) if grid > 0 else 0
    if side < 2 or side * side != grid:
        return tables, 0
    return [big], k


def _unfold_patch(items: list[Item], out: dict[str, Derived]) -> None:
    """A patch size cut by ``F.unfold`` (kernel equal to stride) into a Linear, outside the
    repeated blocks, when no convolution states one: one such unfold, or nothing."""
    if "patchSize" in out:
        return
    found: list[Item] = []

    def visit(xs: list[Item]) -> None:
        for it in xs:
            if it.is_block:
                if it.count == 1:
                    visit(it.children or [])
            elif it.ltype == "Unfold":
                found.append(it)

    visit(items)
    if len(found) != 1:
        return
    it = found[0]
    k, st = _one(it.params.get("kernel_size")), _one(it.params.get("stride", 1))
    if isinstance(k, int) and k > 1 and k == st:
        out["patchSize"] = Derived(k, _attr(it, "kernel_size"), _loc(it, "kernel_size"), it.node.id)


def _one(v: Any) -> Any:
    """A per-axis size with every axis equal, as one int (``(16, 16)`` is 16)."""
    if isinstance(v, (list, tuple)) and v and all(x == v[0] for x in v):
        return v[0]
    return v


def _in_layers(items: list[Item], main: Item | None) -> set[int]:
    """Ids of the items inside a repeated block or the main one: a layer's parts, never the
    model's output head (BERT's intermediate projection as wide as a vocabulary of 256)."""
    inside: set[int] = set()
    for it in walk(items):
        if it.is_block and (it.count > 1 or it is main) and it.children:
            inside.update(id(x) for x in walk(it.children))
    return inside


def _ties(leaves: list[Item], out: dict[str, Derived], inside: set[int] = frozenset()) -> None:
    """Tied when some layer shares a weight; untied when an output head of vocab rows exists
    outside the layers (``inside``: a projection in a layer is no head, whatever its width).
    A square Linear (as many inputs as vocab rows) is no evidence: where the vocabulary is as
    wide as the model, BERT's pooler ``Linear(96, 96)`` has the shape a head would have."""
    tables = {it.node.id for it in leaves if it.ltype == "Embedding"}
    tied = next(
        (
            it
            for it in leaves
            if it.node.tied and _vocab_tie(it, out) and not input_share(it.node, tables)
        ),
        None,
    )
    if tied is not None:
        out["tieWordEmbeddings"] = Derived(
            True, "model.tieWordEmbeddings", tied.node.loc, tied.node.id
        )
        return
    vocab = out.get("vocabSize")
    if vocab is None:
        return
    listed = _list_layer_parts(leaves)
    for it in leaves:
        if (
            it.ltype == "Linear"
            and it.params.get("out_features") == vocab.value
            and it.params.get("in_features") != vocab.value
            and id(it) not in inside
            and id(it) not in listed
        ):
            loc = it.node.loc
            out["tieWordEmbeddings"] = Derived(False, "model.tieWordEmbeddings", loc, it.node.id)
            return


def _list_layer_parts(leaves: list[Item]) -> set[int]:
    """Ids of the leaves inside one element of a list of layers (``dec.1.ff.0``: the element
    ``dec.1`` is a module of its own, and ``dec.0`` is there too): a layer's parts where no
    repeated block stands for the layers (T5's first layer holds the relative bias table,
    the next ones do not), never the model's output head (a feed-forward projection as
    wide as a vocabulary of 256 read as an untied head)."""
    paths = {id(it): (it.node.id or "").split("/") for it in leaves}
    elems: set[tuple[str, ...]] = set()
    for parts in paths.values():
        for i in range(1, len(parts) - 1):  # an indexed element with parts under it
            if parts[i].isdigit():
                elems.add(tuple(parts[: i + 1]))
    lists: dict[tuple[str, ...], int] = {}
    for e in elems:
        lists[e[:-1]] = lists.get(e[:-1], 0) + 1
    out: set[int] = set()
    for key, parts in paths.items():
        for i in range(1, len(parts) - 1):
            if parts[i].isdigit() and lists.get(tuple(parts[:i]), 0) > 1:
                out.add(key)
                break
    return out


def _vocab_tie(it: Item, out: dict[str, Derived]) -> bool:
    """A shared weight is the word-embedding tie only when it has the token table's rows: a
    ``nn.Linear`` subclass whose ``forward`` runs ``super().forward`` on its own Parameter
    (Phi-MoE's router) shares a weight with no table; with no vocabulary known, any share."""
    vocab = out.get("vocabSize")
    if vocab is None:
        return True
    w = leaf_weights(it.ltype, it.params) or {}
    rows = [s[0] for k, s in w.items() if k in it.node.tied and s and isinstance(s[0], int)]
    return not rows or vocab.value in rows


def _from_roles(leaves: list[Item], out: dict[str, Derived]) -> None:
    """Per fact, the most common known value among layers of the right role."""
    seen: dict[str, Counter] = {}
    first: dict[tuple[str, Any], Derived] = {}
    for it in leaves:
        spec = catalogue.get(it.ltype)
        role = spec.role if spec is not None else None
        for fact, names in _BY_ROLE.get(role or "", {}).items():
            for name in names:
                if name in it.node.unresolved:
                    # an unknown value (``eps=EPS`` unread): the catalogue's default that
                    # binding filled in is no value the code states (an unknown, no finding)
                    continue
                v = it.params.get(name)
                if isinstance(v, (list, tuple)) and len(v) == 1:
                    v = v[0]
                if isinstance(v, bool) or not isinstance(v, (int, float)):
                    continue
                seen.setdefault(fact, Counter())[v] += it.count
                first.setdefault((fact, v), Derived(v, _attr(it, name), _loc(it, name), it.node.id))
                break
    for fact, counter in seen.items():
        value, _ = counter.most_common(1)[0]
        out.setdefault(fact, first[(fact, value)])


def _position_tables(items: list[Item], out: dict[str, Derived]) -> None:
    """A learned position table: outside the layers, the tables as wide as the token table
    other than it (not its rows, not sharing its weight, not one forward looks an input up in)
    all of one row count, one table or one per stack (an encoder-decoder's two). A segment table beside it (BERT's 2 rows) makes
    two counts: which is the positions' is not what the structure says, so nothing."""
    vocab, hidden = out.get("vocabSize"), out.get("hiddenSize")
    if vocab is None or hidden is None:
        return
    tables = [
        it
        for it in items
        if not it.is_block
        and it.ltype == "Embedding"
        and it.params.get("embedding_dim") == hidden.value
        and type(it.params.get("num_embeddings")) is int
        and it.params["num_embeddings"] != vocab.value
        and not it.node.tied
        and not it.fed  # forward looks an input up in it: a token table (FSMT's target one)
    ]
    rows = {it.params["num_embeddings"] for it in tables}
    if len(rows) != 1 or not 1 <= len(tables) <= 2:
        return
    t = tables[0]
    out["maxPositionEmbeddings"] = Derived(
        t.params["num_embeddings"],
        _attr(t, "num_embeddings"),
        _loc(t, "num_embeddings"),
        t.node.id,
        yields=True,
    )


def _raw_rows(it: Item) -> int:
    """The row count of a bare 2-D Parameter leaf (0 for anything else)."""
    if it.ltype != "Parameter":
        return 0
    shape = it.params.get("shape")
    if isinstance(shape, (list, tuple)) and len(shape) == 2 and isinstance(shape[0], int):
        return shape[0]
    return 0


def _from_embeddings(
    leaves: list[Item], out: dict[str, Derived], inside: set[int] = frozenset()
) -> None:
    """The token table (vocabulary, width) and a typed position table. ``inside``: ids of the
    items in repeated blocks, whose bare matrices are a layer's projections (GPT-2's
    ``Conv1D`` down weight, ``[4D, D]``, outnumbers a small vocabulary), never the token table."""
    tables = [
        it
        for it in leaves
        if it.ltype == "Embedding" and isinstance(it.params.get("num_embeddings"), int)
    ]
    if not tables:
        return
    # the token table is the largest: position, segment and image-patch tables are smaller;
    # unless forward looks the input up in one smaller table only (positions outnumbering
    # a small vocabulary)
    tok = max(tables, key=lambda it: it.params["num_embeddings"])
    fed = [it for it in tables if it.fed]
    if (
        len(fed) == 1
        and not tok.fed
        and tok.params.get("embedding_dim") == fed[0].params.get("embedding_dim")
    ):
        tok = fed[0]
    if any(_raw_rows(it) > tok.params["num_embeddings"] for it in leaves if id(it) not in inside):
        # a bare 2-D Parameter with more rows than every typed table may be the token table
        # (used in a way no rule types): the largest typed table may be a position table
        return
    width = tok.params.get("embedding_dim")
    alts = tuple(
        sorted(
            {
                it.params["num_embeddings"]
                for it in tables
                if it is not tok and it.params.get("embedding_dim") == width
            }
        )
    )
    out.setdefault(
        "vocabSize",
        Derived(
            tok.params["num_embeddings"],
            _attr(tok, "num_embeddings"),
            _loc(tok, "num_embeddings"),
            tok.node.id,
            alts=alts,
        ),
    )
    dim = tok.params.get("embedding_dim")
    if isinstance(dim, int):
        out.setdefault(
            "hiddenSize",
            Derived(dim, _attr(tok, "embedding_dim"), _loc(tok, "embedding_dim"), tok.node.id),
        )
    for it in leaves:
        if it.ltype == "PositionalEmbedding":
            n = it.params.get("num_positions")
            if isinstance(n, int):
                out.setdefault(
                    "maxPositionEmbeddings",
                    Derived(n, _attr(it, "num_positions"), _loc(it, "num_positions"), it.node.id),
                )


def _head_splits(main: Item, out: dict[str, Derived], items: list[Item]) -> None:
    """Heads read off ``forward``: the main block's reshapes that cut a projection's output
    into (heads, head width), ``view(b, t, 8, 64)`` or ``rearrange(x, "b t (h d) -> b h t d",
    h=8)``. The head width is the one both sizes state, or else the one width that makes
    every split's heads times it the width of one of the block's linears; one head width
    across them all, or nothing (a rotary that splits the head width again makes it
    ambiguous). The most heads are the query's; fewer on other splits are the key/value
    heads (grouped-query). A forward that loops over the layers itself (each layer a
    ``ModuleDict`` of projections) places its splits at the top level: they count when the
    main block has none."""
    widths = {
        it.params["out_features"]
        for it in walk(main.children or [])
        if it.ltype == "Linear" and isinstance(it.params.get("out_features"), int)
    }
    splits = _splits(walk(main.children or [])) or _splits(it for it in items if it.soft)
    if not splits or not widths:
        return
    widths = widths | _narrowed(walk(main.children or []), widths)
    # a split whose input is traced back to a projection, through one cut of it (Phi-3's
    # ``qkv[..., a:b]``): the cut is as wide as a projection of its own
    widths |= {it.src_width for it in splits if it.src_width}
    heads: dict[int, Item] = {}
    per: Counter = Counter()
    dims: set[int] = set()
    fused_unseen = False
    for it in splits:
        n, d = it.params["unflattened_size"]
        if n < 0:  # (-1, head width) of a projection the graph names: its width over it
            n = it.src_width // d
        per[n] += 1
        if d < 0 and it.src_width is not None and it.src_width % n == 0:
            d = it.src_width // n  # (heads, -1) of a projection the graph names: its width
            if not it.head_chunks and it.src_in and it.src_width in (2 * it.src_in, 3 * it.src_in):
                # a fused k|v or q|k|v projection viewed as (heads, -1) and cut by a split the
                # graph does not hold (its size symbolic): the heads hold, the width is k of them
                fused_unseen = True
        if d > 0 and n * d not in widths:
            return  # a split of something else: no reading
        parts = getattr(it, "head_parts", None)
        if parts and d > 0 and n * d in widths:
            # a fused axis of query, key and value heads cut apart whole: each cut is a
            # head count (the most the queries', fewer the keys' and values')
            per[n] -= 1
            widths = widths | {p * d for p in parts}
            for p in parts:
                heads.setdefault(p, it)
                per[p] += 1
            dims.add(d)
            continue
        if getattr(it, "head_sliced", False):
            return  # a fused axis of query, key and value heads sliced apart: no head count
        if it.head_chunks:  # per-head fused [heads, k * head_dim] cut by chunk(k, -1)
            if d < 0 or d % it.head_chunks:
                return
            d //= it.head_chunks
            widths = widths | {n * d}
        heads.setdefault(n, it)
        if d > 0:
            dims.add(d)
    if not dims:  # (heads, -1) only: the width every split's heads divide a linear into
        cands = None
        for n in heads:
            here = {w // n for w in widths if w % n == 0}
            cands = here if cands is None else cands & here
        dims = cands or set()
    if len(dims) != 1 or not 1 <= len(heads) <= 2:
        return
    d = next(iter(dims))
    if any(n * d not in widths for n in heads):
        return
    q = heads[max(heads)]
    name = "unflattened_size"
    if fused_unseen and len(heads) == 1 and per[max(heads)] == 1:
        # one (n, -1) view of a fused q|k|v projection, cut by a size the graph does not hold,
        # and no other split: n need not be the heads -- CodeGen's model-parallel layout views
        # its fused projection as (mp_num, -1) and regroups each cut into (heads, head width)
        # only afterwards (transformers' ``CodeGenAttention``), so 4 groups of 8 heads read
        # as 4 heads. Nothing is read (tests/test_drift34c.py)
        return
    out["numHeads"] = Derived(max(heads), "model.numHeads", _loc(q, name), q.node.id)
    if not fused_unseen:
        out["headDim"] = Derived(d, "model.headDim", _loc(q, name), q.node.id)
    if len(heads) == 2:
        kv = heads[min(heads)]
        out["numKvHeads"] = Derived(min(heads), "model.numKvHeads", _loc(kv, name), kv.node.id)
    elif per[max(heads)] >= 3:
        # one head count cutting three projections (q, k and v each split into n heads):
        # the keys and values have n heads too. Fewer splits (k and v kept whole, one
        # shared head) say nothing about the key/value heads
        out["numKvHeads"] = Derived(max(heads), "model.numKvHeads", _loc(q, name), q.node.id)


def _narrowed(items, widths: set[int]) -> set[int]:
    """The parts of a fused projection cut apart on its last axis (``qkv(x).split([q, kv,
    kv], -1)``, read as ``narrow`` slices): their widths count as projection widths, so the
    key/value heads of a fused q|k|v split are read as a separate ``k_proj``'s would be.
    Only slices that tile one linear's whole width from 0 (a partial rotary's slice of the
    head width tiles nothing)."""
    cuts = sorted(
        (it.params["start"], it.params["length"])
        for it in items
        if not it.is_block
        and it.ltype == "Narrow"
        and it.params.get("dim") == -1
        and type(it.params.get("start")) is int
        and type(it.params.get("length")) is int
        and it.params["length"] > 0
    )
    end = 0
    for start, length in cuts:
        if start != end:
            return set()
        end += length
    if len(cuts) < 2 or end not in widths:
        return set()
    return {length for _, length in cuts}


def _splits(items) -> list[Item]:
    """Reshapes of one axis into (n, d), both ints or d left as -1 (or n left as -1 where
    every such split's input is a projection of known width)."""
    out = []
    inferred = []
    fused = []
    for it in items:
        if it.is_block or not it.soft or it.ltype != "Unflatten":
            continue
        if getattr(it, "rope_half", False):
            continue  # a head width cut into a rotary's two halves (``ropehalves``)
        size = it.params.get("unflattened_size")
        group = _grouped_heads(it, size)
        if group is not None:
            out.append(group)
            continue
        mid = fused_parts(it, size)
        if mid is not None:
            # ``view(b, t, heads, 3, head_dim)`` of a fused q|k|v whose middle axis is taken
            # apart (``midaxis39b``): a split of ``heads`` heads, as wide as a projection
            part = replace(
                it, params={**it.params, "unflattened_size": mid}, src_width=mid[0] * mid[1]
            )
            part.src_in = None
            part.head_chunks, part.head_sliced, part.head_parts = None, False, None
            out.append(part)
            fused.append(mid[1])
            continue
        size = _fused_heads(it, size)
        kept = _kept_groups(it, size)
        if kept is not None:
            out.append(kept)
            continue
        if (
            isinstance(size, (list, tuple))
            and len(size) == 2
            and type(size[0]) is int
            and size[0] > 0
            and type(size[1]) is int
            and (size[1] > 0 or size[1] == -1)
        ):
            out.append(it)
        elif (
            isinstance(size, (list, tuple))
            and len(size) == 2
            and size[0] == -1
            and type(size[1]) is int
            and size[1] > 1
        ):
            # ``view(b, t, -1, head_dim)`` of a projection's output: the heads are that
            # projection's width over the head width the code states
            inferred.append(it)
        elif (
            isinstance(size, (list, tuple))
            and len(size) == 3
            and all(type(x) is int and x > 0 for x in size)
            and size[0] in (2, 3)
            and not getattr(it, "inner_cut", False)
            and getattr(it, "mid_axis", None) not in ("index", "cut")
            and isinstance(it.src_width, int)
            and it.src_width == size[0] * size[1] * size[2]
        ):
            # ``view(b, t, 2, kv, head_dim)`` of a fused k|v (q|k|v) projection: each of
            # its parts is a split of ``kv`` heads of ``head_dim``, as wide as a
            # projection of its own
            part = replace(
                it,
                params={**it.params, "unflattened_size": [size[1], size[2]]},
                src_width=size[1] * size[2],
                src_in=None,
            )
            part.head_chunks, part.head_sliced, part.head_parts = None, False, None
            out.append(part)
            if size[0] == 2 and getattr(it, "stack_kept", None) is False:
                # a k|v stack cut apart (``unbind(2)``): the keys' split and the values',
                # each of ``kv`` heads, as two projections of their own would be (an MHA
                # port's fused k|v beside its queries: the key/value heads are read as
                # three splits of one count are; reimplfix39a)
                out.append(part)
            fused.append(size[2])
    if (len(inferred) >= 2 or (inferred and fused)) and all(
        _whole(it.src_width, it.params["unflattened_size"][1])
        and (len(inferred) >= 2 or it.params["unflattened_size"][1] in fused)
        for it in inferred
    ):
        # every such split, or none: one whose input is not a projection (a q/k norm
        # between them) hides its heads, and the others alone would read the values'. One
        # split alone may cut a fused q|k|v (NeoX's ``view(b, t, -1, 3 * head_dim)``): the
        # width it states is then no head width, unless a fused k|v split beside it cuts
        # its parts to that width (the queries' own projection, beside the keys' and values')
        out += inferred
    return out


def _kept_groups(it: Item, size: Any) -> Item | None:
    """``view(b, t, kv, heads // kv, head_dim)`` of a projection as wide, whose first new axis
    is kept whole into a contraction (``stackaxis37b.stack_kept``: a grouped-query port's
    queries, grouped per key/value head, meet the keys in ``einsum("bqhgd,bkhd->...")``): no
    stack of k / v parts but ``kv * (heads // kv)`` heads of ``head_dim``, in torch's layout
    of ``view(b, t, heads, head_dim)``. None for any other split."""
    if getattr(it, "stack_kept", None) is not True:
        return None
    if getattr(it, "mid_axis", None) in ("index", "cut"):
        return None  # the middle axis taken apart: no group of heads (``midaxis39b``)
    if not (isinstance(size, (list, tuple)) and len(size) == 3):
        return None
    if not all(type(x) is int and x > 0 for x in size):
        return None
    g, m, d = size
    if type(it.src_width) is not int or it.src_width != g * m * d:
        return None
    part = replace(it, params={**it.params, "unflattened_size": [g * m, d]}, src_in=None)
    part.head_chunks, part.head_sliced, part.head_parts = None, False, None
    return part


def _grouped_heads(it: Item, size: Any) -> Item | None:
    """``view(b, t, g, m, head_dim)`` of a projection ``g * m * head_dim`` wide (``g`` may
    be ``-1``: that width over the rest) whose middle axis is cut whole into ``m - 2``, 1
    and 1 (``Canon._group_parts``; Falcon's grouped fused q|k|v: per key/value head, its
    ``m - 2`` query heads, one key, one value): ``g * (m - 2)`` query heads and ``g``
    key/value heads, each ``head_dim`` wide, read as a split of ``g * m`` heads cut apart
    into those counts (``head_parts``). None for any other split (NeoX's ``(3, heads, d)``
    cuts its first axis, not its middle one; an index cut, ``[..., -2, :]``, is no slice)."""
    parts = getattr(it, "group_parts", None)
    if not parts or len(parts) != 3 or sorted(parts)[:2] != [1, 1]:
        return None
    if not (isinstance(size, (list, tuple)) and len(size) == 3):
        return None
    g, m, d = size
    if not all(type(x) is int for x in size) or m != sum(parts) or d <= 0:
        return None
    width = it.src_width
    if type(width) is not int or width <= 0:
        return None
    if g == -1 and width % (m * d) == 0:
        g = width // (m * d)
    if g <= 0 or g * m * d != width:
        return None
    part = replace(
        it,
        params={**it.params, "unflattened_size": [g * m, d]},
        src_width=width,
        src_in=None,
    )
    part.head_chunks, part.head_sliced = None, False
    part.head_parts = tuple(g * p for p in parts)
    return part


def _fused_heads(it: Item, size: Any) -> Any:
    """``view(b, t, 2, -1, head_dim)`` of a fused k|v (q|k|v) projection of known width:
    the ``-1`` is that width over the parts and the head width (Gemma's one KV head written
    ``kv_proj(h).view(b, t, 2, -1, hd)``), read as the ints the split would state; so is
    ``view(b, t, 3, heads, -1)`` (timm's ``qkv(x).reshape(B, N, 3, self.num_heads, -1)``:
    the ``-1`` is the width over the parts and the heads); any other size as it is."""
    if (
        isinstance(size, (list, tuple))
        and len(size) == 3
        and size[2] == -1
        and type(size[0]) is int
        and size[0] in (2, 3)
        and type(size[1]) is int
        and size[1] > 0
        and type(it.src_width) is int
        and it.src_width > 0
        and it.src_width % (size[0] * size[1]) == 0
    ):
        return [size[0], size[1], it.src_width // (size[0] * size[1])]
    if not (
        isinstance(size, (list, tuple))
        and len(size) == 3
        and size[1] == -1
        and type(size[0]) is int
        and size[0] in (2, 3)
        and type(size[2]) is int
        and size[2] > 0
        and type(it.src_width) is int
        and it.src_width > 0
        and it.src_width % (size[0] * size[2]) == 0
    ):
        return size
    return [size[0], it.src_width // (size[0] * size[2]), size[2]]


def _whole(width: Any, d: int) -> bool:
    return type(width) is int and width >= d and width % d == 0


def _mlp_width(body: list[Item] | None, out: dict[str, Derived], one_width: bool = False) -> None:
    """Without an MLP layer: the input width of the last linear that maps back to the hidden
    size inside the main block (the down projection; the MLP follows attention). With
    ``one_width``, only where all such linears have one input width."""
    hidden = out.get("hiddenSize")
    if hidden is None:
        return
    found = None
    widths: list[int] = []
    for it in walk(body or []):
        spec = None if it.is_block else catalogue.get(it.ltype)
        pointwise = not it.is_block and _pointwise(it)
        if not pointwise and (spec is None or spec.role != "linear"):
            continue
        shape = (leaf_weights(it.ltype, it.params) or {}).get("weight")
        if pointwise and shape and len(shape) == 3:
            shape = shape[:2]  # [out, in, 1]: a linear over the channels
        if not shape or len(shape) != 2:
            continue
        rows, cols = shape if it.ltype != "Conv1D" else shape[::-1]
        if rows == hidden.value and isinstance(cols, int) and cols != hidden.value:
            found = it
            width = cols
            widths.append(cols)
    if found is None:
        _bare_mlp_width(body, out, hidden.value)
        return
    if not (one_width and len(set(widths)) > 1):
        name = next((n for n in ("in_features", "in_channels") if n in found.params), "nx")
        # the other projections back to the width (the MLP's down one, in a block that
        # declares its MLP before the attention: transformers' NomicBertLayer) are other
        # readings: where the two sides' structures disagree, a side stating one of them is
        # taken at its word (``facts._stated_other``)
        others = tuple(sorted({w for w in widths if w != width}))
        out["intermediateSize"] = Derived(
            width, _attr(found, name), _loc(found, name), found.node.id, weak=True, others=others
        )


def _pointwise(it: Item) -> bool:
    """A 1-d convolution of kernel 1, one group: a linear map over the channels (GPT-2's
    projections written as ``nn.Conv1d(d, 4 * d, 1)`` over ``[batch, channels, time]``)."""
    if it.ltype != "Conv1d":
        return False
    k = it.params.get("kernel_size")
    k = k[0] if isinstance(k, (list, tuple)) and len(k) == 1 else k
    return k == 1 and it.params.get("groups", 1) == 1


def _bare_mlp_width(body: list[Item] | None, out: dict[str, Derived], hidden: Any) -> None:
    """The MLP width of a block that holds its projections as bare 2-d parameters (GPT-2's
    ``Conv1D``, read through to its ``[in, out]`` weight; a functional port's ``F.linear``
    weights, ``[out, in]``): which axis is the input is not known, so the width is a size
    ``X`` that both a ``[D, X]`` and an ``[X, D]`` matrix hold (the up and the down
    projection, in either layout). A fused q|k|v (``[D, 3D]``) has no partner back to the
    width; where several sizes have one (attention heads wider than the width), nothing."""
    if type(hidden) is not int:
        return
    first: dict[tuple, Item] = {}
    for it in walk(body or []):
        if it.is_block or it.ltype != "Parameter":
            continue
        shape = tuple(it.params.get("shape") or ())
        if len(shape) == 2 and all(type(x) is int for x in shape) and hidden in shape:
            first.setdefault(shape, it)
    sizes = {
        x
        for (r, c) in first
        for x in (r, c)
        if x != hidden and (hidden, x) in first and (x, hidden) in first
    }
    # a fused gate|up projection (``[2X, D]``, GLM's and Phi-3's ``gate_up_proj``) with its
    # down projection ``[D, X]`` (either layout): the MLP's pair (session 33, reimplfix33b).
    # Beside a plain pair of another size (attention's q and output projections, where the
    # heads are not as wide as the model: GLM's 4 x 16 in a width of 96), which pair is the
    # MLP is not known (the q/o pair was read as the MLP); alone, it is the MLP's
    # (one layout for both: ``[out, in]`` or ``[in, out]``; a square ``[D, D]`` is no fused
    # pair: attention's, beside a k projection ``[D / 2, D]``)
    fused = {
        x
        for (r, c) in first
        for x in (r, c)
        if x != hidden
        and 2 * x != hidden
        and (
            ((hidden, x) in first and (2 * x, hidden) in first)
            or ((x, hidden) in first and (hidden, 2 * x) in first)
        )
    }
    if fused and sizes and fused != sizes:
        return
    if not sizes and len(fused) == 1:
        sizes = fused
    if len(sizes) != 1:
        return
    (width,) = sizes
    squares = {
        tuple(it.params.get("shape") or ())
        for it in walk(body or [])
        if not it.is_block and it.ltype == "Parameter"
    }
    if (width, width) in squares and (hidden, hidden) not in squares:
        # square matrices (attention's projections) hold the model's width: the pair is a
        # projection into it from a narrower embedding and back (OPT's ``project_in`` /
        # ``project_out``), no MLP; which width the MLP has is not read
        return
    it = first[(hidden, width)]
    out["intermediateSize"] = Derived(
        width, _attr(it, "shape"), _loc(it, "shape"), it.node.id, weak=True
    )


_WIDTH_PARAM = {
    "Conv1d": "out_channels",
    "Conv2d": "out_channels",
    "Conv3d": "out_channels",
    "Linear": "out_features",
}


def stages(g: Graph) -> dict[str, Derived]:
    """A hierarchical network's stages (ResNet, ConvNeXt, Swin): the residual blocks in
    model order, where a block is the outermost module whose ``forward`` adds a shortcut (an
    ``Add`` op it owns, or is of a class that does) and holds weights, and a stage is a run of blocks of one output width
    (the rows of its last convolution or linear). Stated only where there are at least two
    stages: ``stageDepths`` (blocks per stage, repeats counted), ``stageWidths`` and
    ``stemWidth`` (the outputs of the first convolution before the first block). A stack of
    one width (a transformer) has no stages: its depth is ``numLayers``."""
    kids: dict[str | None, list] = {}
    for n in g.nodes:
        kids.setdefault(n.parent, []).append(n)
    preds: dict[str, list[str]] = {}
    for e in g.edges:
        preds.setdefault(e.dst, []).append(e.src)
    byid = {n.id: n for n in g.nodes}
    adds = {
        n.parent
        for n in g.nodes
        if n.type == "Add" and n.parent is not None and not _table_add(n, preds, byid)
    }
    # the forward pass may be followed through one copy of a block only: its class is a
    # residual block wherever it stands
    classes = {byid[a].user_class for a in adds if a in byid and byid[a].user_class}
    adds |= {n.id for n in g.nodes if n.user_class in classes}
    blocks: list[tuple[Any, int, int]] = []  # (node, copies, width)
    stem = None

    def last_width(n) -> Any:
        w = None
        for c in kids.get(n.id, []):
            if c.type in _WIDTH_PARAM:
                v = c.params.get(_WIDTH_PARAM[c.type])
                w = v if isinstance(v, int) else w
            elif kids.get(c.id):
                w = last_width(c) or w
        return w

    def added_width(n) -> Any:
        """The width the block's last ``Add`` sums (its output width): the first
        convolution or linear of the block on each path back from that sum, through the
        ops and norms between; one width, or None (declaration order says nothing: a
        block may declare its depthwise convolution after its MLP's output linear)."""
        inside = n.id + "/"
        sums = [x for x in g.nodes if x.type == "Add" and x.parent == n.id]
        if not sums:
            return None
        widths: set = set()
        todo, seen = [sums[-1].id], set()
        while todo and len(seen) < 400:
            cur = todo.pop()
            for src in preds.get(cur, []):
                if src in seen or not src.startswith(inside) or src not in byid:
                    continue
                seen.add(src)
                node = byid[src]
                if node.type in _WIDTH_PARAM:
                    widths.add(node.params.get(_WIDTH_PARAM[node.type]))
                else:
                    todo.append(src)
        if len(widths) == 1 and isinstance(w := next(iter(widths)), int):
            return w
        return None

    def visit(n, copies: int) -> None:
        nonlocal stem
        for c in kids.get(n.id, []):
            k = copies * max(c.repeat, 1)
            if c.id in adds and kids.get(c.id):
                w = added_width(c) or last_width(c)
                if w is None:
                    return
                blocks.append((c, k, w))
            elif c.type in ("Conv1d", "Conv2d", "Conv3d") and not blocks and stem is None:
                stem = c
            elif kids.get(c.id):
                visit(c, k)

    root = kids.get(None, [])
    for r in root:
        if r.type not in ("Add",):
            visit(r, max(r.repeat, 1))
    runs: list[list] = []
    for node, k, w in blocks:
        if runs and runs[-1][1] == w:
            runs[-1][0] += k
        else:
            runs.append([k, w, node])
    if len(runs) < 2:
        return {}
    first = runs[0][2]
    out = {
        "stageDepths": Derived([r[0] for r in runs], "model.stageDepths", first.loc, first.id),
        "stageWidths": Derived([r[1] for r in runs], "model.stageWidths", first.loc, first.id),
    }
    if stem is not None and isinstance(stem.params.get("out_channels"), int):
        loc = stem.param_locs.get("out_channels") or stem.loc
        out["stemWidth"] = Derived(stem.params["out_channels"], "model.stemWidth", loc, stem.id)
    ratios = _stage_mlp_ratios(blocks, kids)
    if ratios is not None:
        out["stageMlpRatios"] = Derived(ratios, "model.stageMlpRatios", first.loc, first.id)
    reduce = _stage_sr_ratios(blocks, kids)
    if reduce is not None:
        out["stageSrRatios"] = Derived(reduce, "model.stageSrRatios", first.loc, first.id)
    heads = _stage_heads(g, blocks)
    if heads is not None:
        out["stageHeads"] = Derived(heads, "model.stageHeads", first.loc, first.id)
    return out


def _stage_heads(g: Graph, blocks: list[tuple[Any, int, int]]) -> list | None:
    """Each stage's attention heads (Swin's / PvT's ``num_heads`` list): the head count
    ``_head_splits`` reads off each block's own reshapes (the query's split into heads and
    head width), one per stage. None unless every block with such reshapes has one (a copy
    of a block the forward was not followed through has none: it is skipped), the blocks
    of a stage agree, every stage has one, and there are two stages or more: a split not
    read (a shape the parser left unknown) makes the whole list unknown."""
    from driftcheck.graph.match.canon import Canon

    canon = Canon(g)
    per_stage: list = []
    last_w = None
    for node, _k, w in blocks:
        item = canon._item(node, 0)
        if item is None or not item.is_block:
            return None
        if not any(it.ltype == "Unflatten" for it in walk(item.children or [])):
            continue  # forward followed through another copy of the block: nothing to read
        got: dict[str, Derived] = {}
        _head_splits(item, got, [])
        n = got.get("numHeads")
        if n is None or type(n.value) is not int:
            return None
        if per_stage and last_w == w:
            if per_stage[-1] != n.value:
                return None
            continue
        per_stage.append(n.value)
        last_w = w
    widths: list = []  # one width per stage, in order: every stage must have given its heads
    for _node, _k, w in blocks:
        if not widths or widths[-1] != w:
            widths.append(w)
    return per_stage if len(per_stage) >= 2 and len(per_stage) == len(widths) else None


def _one_side(v: Any) -> Any:
    """A square kernel's or stride's side (``2``, ``(2, 2)``, ``[2, 2]``), else None."""
    if type(v) is int:
        return v
    if isinstance(v, (list, tuple)) and v and all(type(x) is int for x in v) and len(set(v)) == 1:
        return v[0]
    return None


def _stage_sr_ratios(blocks: list[tuple[Any, int, int]], kids: dict) -> list | None:
    """Each stage's spatial-reduction ratio (PvT's / SegFormer's ``sr_ratios``): inside every
    block of a stage, the one ``Conv2d`` mapping the stage's width to itself with a square
    kernel equal to its stride ``r > 1`` (the keys' and values' map shrunk ``r`` times each
    way, torch's output ``floor((H - r) / r) + 1`` rows); a stage whose blocks hold none has
    ratio 1. None unless every block of a stage agrees, some stage has such a convolution,
    and there are two stages or more."""

    def ratio(n: Any, w: int) -> int | None:
        found: set[int] = set()
        todo = list(kids.get(n.id, []))
        while todo:
            c = todo.pop()
            todo.extend(kids.get(c.id, []))
            if c.type != "Conv2d":
                continue
            k, st = _one_side(c.params.get("kernel_size")), _one_side(c.params.get("stride"))
            cin, cout = c.params.get("in_channels"), c.params.get("out_channels")
            if k is None or st is None or type(cin) is not int or type(cout) is not int:
                return None  # a convolution not known: no ratio read
            if k == st and k > 1 and cin == cout == w and c.params.get("groups", 1) in (1, None):
                found.add(k)
        if len(found) > 1:
            return None
        return next(iter(found)) if found else 1

    per_stage: list = []
    last_w = None
    for node, _k, w in blocks:
        if not isinstance(w, int) or w <= 0:
            return None
        r = ratio(node, w)
        if r is None:
            return None
        if per_stage and last_w == w:
            if per_stage[-1] != r:
                return None
            continue
        per_stage.append(r)
        last_w = w
    if len(per_stage) < 2 or all(r == 1 for r in per_stage):
        return None
    return per_stage


def _stage_mlp_ratios(blocks: list[tuple[Any, int, int]], kids: dict) -> list | None:
    """Each stage's MLP inner width over its width (PvT's ``mlp_ratios``, one per stage): in
    every block of a stage, the one width ``I`` != ``w`` that a ``Linear`` ``w -> I`` and a
    ``Linear`` ``I -> w`` inside the block share; None unless every stage has one ratio."""

    def inner(n: Any, w: int) -> int | None:
        outs: set[int] = set()
        ins: set[int] = set()
        todo = list(kids.get(n.id, []))
        while todo:
            c = todo.pop()
            todo.extend(kids.get(c.id, []))
            if c.type != "Linear":
                continue
            i, o = c.params.get("in_features"), c.params.get("out_features")
            if not (type(i) is int and type(o) is int):
                continue
            if i == w and o != w:
                outs.add(o)
            if o == w and i != w:
                ins.add(i)
        both = outs & ins
        return next(iter(both)) if len(both) == 1 else None

    per_stage: list = []
    last_w = None
    for node, _k, w in blocks:
        if not isinstance(w, int) or w <= 0:
            return None
        i = inner(node, w)
        if i is None:
            return None
        r = i / w
        r = int(r) if float(r).is_integer() else r
        if per_stage and last_w == w:
            if per_stage[-1] != r:
                return None  # blocks of one stage with other ratios: no one ratio per stage
            continue
        per_stage.append(r)
        last_w = w
    return per_stage if len(per_stage) >= 2 else None


def _table_add(add: Any, preds: dict[str, list[str]], byid: dict[str, Any]) -> bool:
    """An ``Add`` of a learned table (a position embedding, interpolated or not) to the
    module's output: one operand is computed from the module's own Parameters alone, never
    from its input, so the sum is no shortcut and the module no residual block (PvT's patch
    embedding adds its position table, modeling_pvt.py:140; counted as a block it made each
    stage two)."""
    inside = (add.parent or "") + "/"
    for op in preds.get(add.id, []):
        todo, seen, table = [op], set(), False
        while todo and len(seen) < 200:
            cur = todo.pop()
            if cur in seen:
                continue
            seen.add(cur)
            node = byid.get(cur)
            if node is None or not cur.startswith(inside) or node.type == "Input":
                table = False
                break
            if node.type == "Parameter":
                table = True
                continue
            todo.extend(preds.get(cur, []))
        else:
            if table and not todo:
                return True
    return False


def dense_lead(g: Graph) -> dict[str, Derived]:
    """``firstKDenseReplace``: how many dense layers lead a stack whose later layers are
    sparse (DeepSeek-V2/V3's ``first_k_dense_replace``, GLM-4-MoE's, a reference port's
    ``n_dense_layers``). The stack is a module's children in model order (repeats counted);
    a layer is sparse when it holds a mixture: a router of E rows (a ``Linear`` to E scores or
    an ``[E, d]`` weight) and E experts (a module standing E times, or 3-d weights of E rows).
    Stated only for k dense layers, then sparse ones to the end (k >= 1): any other mix of
    layers (a sparse step, dense layers last) says no such number."""
    kids: dict[str | None, list] = {}
    for n in g.nodes:
        kids.setdefault(n.parent, []).append(n)

    def sparse(n) -> bool:
        rows: set[int] = set()
        copies: set[int] = set()
        todo = [n]
        while todo:
            m = todo.pop()
            here = kids.get(m.id, [])
            todo.extend(here)
            if m is not n and m.repeat > 1 and here:
                copies.add(m.repeat)
            if m.type == "Linear" and type(m.params.get("out_features")) is int:
                rows.add(m.params["out_features"])
            shape = m.params.get("shape") if m.type == "Parameter" else None
            if isinstance(shape, (list, tuple)) and shape and type(shape[0]) is int:
                if len(shape) == 2:
                    rows.add(shape[0])
                elif len(shape) == 3:
                    copies.add(shape[0])
        return any(e > 1 and e in rows for e in copies)

    for layers in kids.values():
        # a stack is a container's numbered layers (``layers/0``, ``layers/1``...): a block's
        # own parts (attention, norms, then its MoE) are not leading dense layers
        layers = [
            c
            for c in layers
            if c.type == "Module" and kids.get(c.id) and c.id.rpartition("/")[2].isdigit()
        ]
        if not layers or sum(c.repeat for c in layers) < 2:
            continue
        flags = [sparse(c) for c in layers]
        if all(flags) and _no_layer_apart(g, kids, layers):
            # every numbered layer sparse, no layer standing apart from them: no dense lead
            # (a port with ``n_dense_layers=0`` against a config's ``first_k_dense_replace=1``)
            return {
                "firstKDenseReplace": Derived(
                    0, "model.firstKDenseReplace", layers[0].loc, layers[0].id
                )
            }
        if flags[0] or not flags[-1] or any(a and not b for a, b in zip(flags, flags[1:])):
            continue
        k = sum(c.repeat for c, f in zip(layers, flags) if not f)
        first = next(c for c, f in zip(layers, flags) if f)
        return {"firstKDenseReplace": Derived(k, "model.firstKDenseReplace", first.loc, first.id)}
    return {}


def _no_layer_apart(g: Graph, kids: dict, layers: list) -> bool:
    """Outside the numbered ``layers`` (and their parts) no weight but the token table(s), the
    norms' vectors and a head from the width to the vocabulary: a dense layer standing apart
    (``self.first = DenseBlock()`` before the sparse list) would hold a ``Linear`` from the
    width, so an all-sparse list then says nothing of the dense lead (reimplfix40a).
    ``DRIFTCHECK_NO_ALL_SPARSE=1``: never read (all-sparse stacks state no dense lead)."""
    if os.environ.get("DRIFTCHECK_NO_ALL_SPARSE") == "1":
        return False
    inside: set[str] = set()
    todo = list(layers)
    while todo:
        m = todo.pop()
        inside.add(m.id)
        todo.extend(kids.get(m.id, []))
    tables = [n for n in g.nodes if n.type == "Embedding" and n.id not in inside]
    vocab = {n.params.get("num_embeddings") for n in tables}
    width = {n.params.get("embedding_dim") for n in tables}
    if len(width) != 1 or not all(type(v) is int for v in (*vocab, *width)):
        return False
    for n in g.nodes:
        if n.id in inside or kids.get(n.id) or n.type in ("Embedding", "Module"):
            continue
        if n.type == "Linear":
            if n.params.get("in_features") in width and n.params.get("out_features") in vocab:
                continue
            return False
        w = leaf_weights(n.type, n.params)
        if w is None or any(len(shape) > 1 for shape in w.values()):
            return False  # a matrix or a weight of unknown size apart from the layers
    return True


def shared_expert_width(g: Graph, e: Any, d: Any) -> Derived | None:
    """``sharedExpertIntermediateSize``: the width of an MLP standing beside the routed
    experts (Qwen2-MoE's ``shared_expert``). The sparse module is the lowest module holding
    both the experts (a 3-d tensor, ``e`` rows first, or a module list of ``e`` MLPs:
    ``_expert_list``) and the router (a ``Linear`` from ``d`` to
    ``e`` scores or an ``[e, d]`` weight); a module directly under it, apart from the
    experts' own, whose weights are two or three ``Linear`` layers only, ``d -> S`` (one or
    two: up, or gate and up) and ``S -> d`` (one), is the shared expert of width ``S``. Every
    sparse layer must give one ``S``; anything else: None. Read off the module tree, so an
    attention beside the mixture (its own module) is never taken for it."""
    if type(e) is not int or type(d) is not int:
        return None
    byid = {n.id: n for n in g.nodes}

    def chain(n) -> list[str]:
        out, p = [], n.parent
        while p is not None and p in byid and len(out) < 64:
            out.append(p)
            p = byid[p].parent
        return out

    def router(n) -> bool:
        if n.type == "Linear":
            return n.params.get("in_features") == d and n.params.get("out_features") == e
        shape = n.params.get("shape") if n.type == "Parameter" else None
        return isinstance(shape, (list, tuple)) and list(shape) == [e, d]

    def expert(n) -> bool:
        shape = n.params.get("shape") if n.type == "Parameter" else None
        if isinstance(shape, (list, tuple)) and len(shape) == 3 and shape[0] == e:
            return True
        return _expert_list(g, n, e, d) or _expert_params(g, n, e, d)

    routers = {a for n in g.nodes if router(n) for a in chain(n)}
    found: dict[int, Any] = {}
    seen: set[str] = set()
    for t in (n for n in g.nodes if expert(n)):
        ups = chain(t)
        m = next((a for a in ups if a in routers), None)
        if m is None or m in seen:
            continue
        seen.add(m)
        mine = {t.id, *ups}
        for c in g.children(m):
            if c.id in mine:
                continue
            w = _mlp_module_width(g, c, d)
            if w is not None:
                found.setdefault(w, c)
        bare = _bare_shared_width(g, m, mine, d, e)
        if bare is not None:
            found.setdefault(*bare)
    if len(found) != 1:
        return None
    ((w, c),) = found.items()
    return Derived(w, "sharedExpert.intermediateSize", c.loc, c.id)


def _bare_shared_width(g: Graph, m: str, skip: set, d: int, e: int) -> tuple[int, Any] | None:
    """A shared expert written as bare 2-d weights of the sparse module ``m`` itself
    (``nn.Parameter(torch.randn(S, d))`` for gate and up, ``(d, S)`` for down, multiplied in
    ``forward``): two or three 2-d Parameters directly under ``m`` (not the experts' own, not
    the router's ``[e, d]``, not a ``[1, d]`` gate), each ``d`` on one axis and one width
    ``S`` (not 1, not ``d``) on the other: ``(S, the first)``. Anything else: None."""
    mats = []
    for n in g.children(m):
        shape = n.params.get("shape") if n.type == "Parameter" else None
        if n.id in skip or not isinstance(shape, (list, tuple)) or len(shape) != 2:
            continue
        a, b = shape
        if d in (a, b) and {a, b} != {e, d} and 1 not in (a, b):
            mats.append((b if a == d else a, n))
    widths = {w for w, _ in mats}
    if len(widths) != 1 or len(mats) not in (2, 3) or d in widths:
        return None
    return mats[0]


def _expert_params(g: Graph, n: Any, e: int, d: int) -> bool:
    """``n`` holds one projection of the routed experts as ``e`` numbered 2-d Parameters of one
    shape with ``d`` on one axis (``nn.ParameterList(nn.Parameter(torch.empty(S, d)) for _ in
    range(e))``)."""
    if n.type != "Module" or e < 2:
        return False
    kids = g.children(n.id)
    if not kids or any(
        c.type != "Parameter" or not c.id.rpartition("/")[2].isdigit() for c in kids
    ):
        return False
    shapes = {tuple(c.params.get("shape") or ()) for c in kids}
    if sum(c.repeat for c in kids) != e or len(shapes) != 1:
        return False
    (shape,) = shapes
    return len(shape) == 2 and d in shape


def _expert_list(g: Graph, n: Any, e: int, d: int) -> bool:
    """``n`` holds the routed experts as a module list (``nn.ModuleList(MLP(d, S) for _ in
    range(e))``): its children are numbered modules (a folded run counts its repeats) that
    add up to ``e``, each an MLP ``d -> S -> d`` of one width ``S``. Mixtral's and
    Qwen2-MoE's experts written as modules, not one stacked tensor."""
    if n.type != "Module" or e < 2:
        return False
    kids = g.children(n.id)
    if not kids or any(c.type != "Module" or not c.id.rpartition("/")[2].isdigit() for c in kids):
        return False
    if sum(c.repeat for c in kids) != e:
        return False
    widths = {_mlp_module_width(g, c, d) for c in kids}
    return len(widths) == 1 and None not in widths


def _mlp_module_width(g: Graph, m: Any, d: int) -> int | None:
    """``S`` of a module whose weights are 2-3 ``Linear`` layers: ``d -> S`` (one or two)
    and ``S -> d`` (one); else None."""
    lins, stack = [], list(g.children(m.id))
    while stack:
        n = stack.pop()
        kids = g.children(n.id)
        if kids:
            stack += kids
        elif n.type == "Linear":
            lins.append(n)
        elif n.type == "Parameter" or leaf_weights(n.type, n.params):
            return None
    if len(lins) not in (2, 3):
        return None
    widths, ups, downs = set(), 0, 0
    for n in lins:
        i, o = n.params.get("in_features"), n.params.get("out_features")
        if type(i) is not int or type(o) is not int or d not in (i, o):
            return None
        widths.add(o if i == d else i)
        ups, downs = ups + (i == d), downs + (o == d)
    w = next(iter(widths)) if len(widths) == 1 else None
    if w is None or (w != d and (downs != 1 or ups != len(lins) - 1)):
        return None
    return w
