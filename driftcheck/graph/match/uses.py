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

import os
from typing import Any

from driftcheck.graph.match.canon import norm_value
from driftcheck.graph.match.diff import same
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
        only_l = [v for v in lv if v not in rv and _may_differ(left, key, v)]
        only_r = [v for v in rv if v not in lv and _may_differ(right, key, v)]
        if key in MLP_WIDTHS:
            # a width one side holds under the fact's name (transformers' shared expert is
            # its MLP class built with ``intermediate_size=moe_intermediate_size``) that the
            # other builds unnamed (``FFN(d_model, d_expert)``) is no difference
            only_l = [v for v in only_l if not _builds_width(right, v)]
            only_r = [v for v in only_r if not _builds_width(left, v)]
        if key in INLINE_FACTS:
            # a value held only by weightless modules of one side (a norm with no weight
            # inside a layer: Falcon-Mamba's of dt, B and C, own ``mixer_rms_eps``) is a
            # step of that layer's computation, which the other side may write as a function
            # call that leaves no module and no use: no difference unless that side has such
            # modules too (then their values are compared as the rest)
            wl, wr = _weightless_values(left, lv), _weightless_values(right, rv)
            if not _weightless_values(right, rv, any_held=True):
                only_l = [v for v in only_l if v not in wl]
            if not _weightless_values(left, lv, any_held=True):
                only_r = [v for v in only_r if v not in wr]
        if key in F32_FACTS:
            # computed in float32 at best (a norm's variance, HF's too): two epsilons that
            # round to one float32 (``struct.unpack("<f", ...)``'s 9.999999747e-06 and 1e-05)
            # are one value to torch, which rounds a Python scalar added to a float32 tensor
            only_l = [v for v in only_l if not any(_f32_same(v, r) for r in rv)]
            only_r = [v for v in only_r if not any(_f32_same(v, x) for x in lv)]
        if key in LAYER_FACTS:
            # a value one side computes with (an eps passed to ``F.layer_norm`` in
            # ``forward``) that the other side's layers hold (``nn.LayerNorm(eps=...)``, no
            # use of its own) is in both models
            sl, sr = _layer_values(left, key), _layer_values(right, key)
            only_l = [v for v in only_l if not any(same(v, x) or _f32_same(v, x) for x in sr)]
            only_r = [v for v in only_r if not any(same(v, x) or _f32_same(v, x) for x in sl)]
        # a head count held only under another config key than the one the side states the
        # fact by (NemotronH's mamba mixer ``num_heads = config.mamba_num_heads`` beside
        # ``num_attention_heads``), where the other side holds the stated value: an SSM
        # mixer's heads split its inner width, another quantity than the attention's heads
        # (and the other side's value that is the stated one is no difference then). Not a
        # norm's eps: Falcon-Mamba's ``mixer_rms_eps`` is a norm eps like any other
        alien_l = {v for v in lv if key in HEAD_FACTS and _other_key(left, key, lv[v], rv)}
        alien_r = {v for v in rv if key in HEAD_FACTS and _other_key(right, key, rv[v], lv)}
        if alien_r and set(rv) == alien_r:
            only_l = [v for v in only_l if not same(v, norm_value(right.facts[key].value))]
        if alien_l and set(lv) == alien_l:
            only_r = [v for v in only_r if not same(v, norm_value(left.facts[key].value))]
        only_l = [v for v in only_l if v not in alien_l]
        only_r = [v for v in only_r if v not in alien_r]
        if key in LAYER_FACTS:
            # a library's fixed eps (DeepSeek-V3's latent norms: ``RMSNorm(q_lora_rank)``,
            # 1e-6 whatever ``rms_norm_eps`` says) beside the config's, where the other side
            # holds the config's value: no config value differs (reimplfix40a)
            fix_l, fix_r = _fixed_values(left, key, lv, rv), _fixed_values(right, key, rv, lv)
            only_l = [v for v in only_l if v not in fix_l]
            only_r = [v for v in only_r if v not in fix_r]
            lv = {v: us for v, us in lv.items() if v not in fix_l} or lv
            rv = {v: us for v, us in rv.items() if v not in fix_r} or rv
        if not only_l and not only_r:
            continue
        # each side's value: what it holds that the other does not; where one side only
        # holds more, the other side's whole set is what it holds instead
        shown_l = only_l or _stated(left, key, lv)
        shown_r = only_r or _stated(right, key, rv)
        if key in LAYER_FACTS:
            # where one side holds nothing the other lacks among its uses, what it holds
            # instead may sit on its layers only: those of its layers' values the other side
            # holds nowhere
            if only_l and not only_r:
                shown_r = _layers_instead(right, key, rv, left) or shown_r
            if only_r and not only_l:
                shown_l = _layers_instead(left, key, lv, right) or shown_l
        locs = {
            side: next((u.loc.model_copy(update={"side": side}) for u in us if u.loc), None)
            if shown[0] in held
            else _layer_loc(g, key, shown[0], side)
            for side, shown, held, g in (
                ("left", shown_l, lv, left),
                ("right", shown_r, rv, right),
            )
            for us in [held.get(shown[0], [])]
        }
        vias = {
            side: sorted({u.via for v in shown for u in held.get(v, []) if u.via})
            for side, shown, held in (("left", shown_l, lv), ("right", shown_r, rv))
        }
        values = {"left": _one_or_all(shown_l), "right": _one_or_all(shown_r)}
        # a side lacks a value the other side holds that it holds nowhere
        lacks = tuple(s for s, only in (("left", only_r), ("right", only_l)) if only)
        out.append(FactDiff(key, values, locs, f"model.{key}", held=vias, lacks=lacks))
    for key in LAYER_FACTS:
        if key not in skip and not any(f.key == key for f in out):
            out += _stated_layer(left, right, key)
    return out


def _fixed_values(g: Graph, key: str, held: dict[Any, list[Use]], other: dict) -> set:
    """Values ``g`` holds for ``key`` only as fixed literals (no use read from a config key)
    beside uses read from the key ``g`` states the fact by, whose stated value ``other``
    holds: the library's own constant, not a config value. Empty where
    ``DRIFTCHECK_NO_FIXED_EPS=1`` or ``g`` states nothing."""
    if os.environ.get("DRIFTCHECK_NO_FIXED_EPS") == "1":
        return set()
    f = g.facts.get(key)
    stated = f.loc.key if f is not None and f.loc is not None else None
    if not stated:
        return set()
    x = norm_value(f.value)
    keyed = [
        v for v, us in held.items() if any(u.loc is not None and u.loc.key == stated for u in us)
    ]
    if not keyed or not all(same(v, x) or _f32_same(v, x) for v in keyed):
        return set()
    if not any(same(x, v) or _f32_same(x, v) for v in other):
        return set()
    return {
        v for v, us in held.items() if us and all(u.loc is not None and not u.loc.key for u in us)
    }


def _stated_layer(left: Graph, right: Graph, key: str) -> list[FactDiff]:
    """A value one side states (a config's ``layer_norm_eps``) that its model's layers hold
    (ConvNeXt's final norm: its block norms are fixed at 1e-6), where the other side states
    none, holds it nowhere (uses or layers), and holds on its layers one value the stating
    side holds nowhere: that layer's value against the stated one. The uses alone agree
    there (both sides' fixed block eps), so ``use_diffs`` sees nothing."""
    same_any = lambda v, vs: any(same(v, x) or _f32_same(v, x) for x in vs)  # noqa: E731
    for side, g, other, o in (("left", left, "right", right), ("right", right, "left", left)):
        stated = o.facts.get(key)
        if stated is None or key in g.facts:
            continue
        x = norm_value(stated.value)
        mine = [*_by_value(g.uses).get(key, {}), *_layer_values(g, key)]
        theirs = [*_by_value(o.uses).get(key, {}), *_layer_values(o, key)]
        if not same_any(x, _layer_values(o, key)) or same_any(x, mine):
            continue
        extra = [v for v in _layer_values(g, key) if not same_any(v, theirs)]
        if len(extra) != 1:
            continue
        locs = {
            side: _layer_loc(g, key, extra[0], side),
            other: stated.loc.model_copy(update={"side": other}) if stated.loc else None,
        }
        values = {side: extra[0], other: x}
        return [
            FactDiff(
                key,
                {"left": values["left"], "right": values["right"]},
                locs,
                f"model.{key}",
                lacks=("left", "right"),  # each side holds a value the other holds nowhere
            )
        ]
    return []


HEAD_FACTS = frozenset(("numHeads", "numKvHeads", "headDim"))
"""Facts an SSM mixer holds under keys of its own (``mamba_num_heads``, ``mamba_head_dim``)
beside the attention's (``uses._other_key``)."""

F32_FACTS = frozenset(("normEps",))
"""Facts torch computes with in float32 at best: equal where they round to one float32."""


def _f32_same(a: Any, b: Any) -> bool:
    import struct

    a, b = norm_value(a), norm_value(b)
    if not all(isinstance(x, float) and not isinstance(x, bool) for x in (a, b)):
        return False
    try:
        return struct.pack("<f", a) == struct.pack("<f", b)
    except OverflowError:
        return False


LAYER_FACTS = {"normEps": "eps"}
"""Facts a torch layer holds as a parameter (``nn.LayerNorm(d, eps=1e-12)``) without a use of
the producer's: compared with the other side's uses where both sides hold uses."""


def _layer_values(g: Graph, key: str) -> list:
    """The values ``g``'s layers hold for ``key`` (``LAYER_FACTS``: a norm's ``eps``)."""
    name = LAYER_FACTS[key]
    out = []
    for n in g.nodes:
        v = norm_value(n.params.get(name))
        if isinstance(v, float) and v not in out:
            out.append(v)
    return out


def _layer_loc(g: Graph, key: str, v: Any, side: str) -> Any:
    """Where a layer of ``g`` holds ``v`` for ``key`` (its parameter's line, else its own)."""
    name = LAYER_FACTS[key]
    for n in g.nodes:
        if same(norm_value(n.params.get(name)), v):
            loc = n.param_locs.get(name) or n.loc
            return loc.model_copy(update={"side": side}) if loc is not None else None
    return None


def _layers_instead(g: Graph, key: str, held: dict, other: Graph) -> list:
    """``g``'s layer values for ``key`` that neither its uses (``held``) nor ``other``'s
    uses or layers hold, sorted; empty where there are none."""
    theirs = [*_by_value(other.uses).get(key, {}), *_layer_values(other, key)]
    return sorted(
        v
        for v in _layer_values(g, key)
        if not any(same(v, x) or _f32_same(v, x) for x in (*held, *theirs))
    )


INLINE_FACTS = frozenset(("normEps",))
"""Facts whose weightless holders may be written inline (``_weightless_values``): a norm's
eps. Not the rotary base: a rotary embedding is weightless whoever writes it."""


def _weightless_values(g: Graph, held: dict[Any, list[Use]], any_held: bool = False) -> Any:
    """The values of ``held`` whose every use is held by a module class of ``g`` none of
    whose modules holds a weight; with ``any_held``, whether any use is so held."""
    from driftcheck.graph.match.canon import _resolved, leaf_weights

    cache: dict[str, bool] = {}

    def weighted(n: Any) -> bool:  # a leaf holding a weight (or weights of unknown size)
        return n.type == "Parameter" or leaf_weights(*_resolved(n)[:2]) != {}

    def weightless(via: str) -> bool:
        owner = via.split(".", 1)[0]
        if owner not in cache:
            holders = [n for n in g.nodes if n.user_class == owner]
            cache[owner] = bool(holders) and not any(
                weighted(n) for h in holders for n in g.walk(h.id) if not g.children(n.id)
            )
        return cache[owner]

    out = [v for v, us in held.items() if us and all(u.via and weightless(u.via) for u in us)]
    if any_held:
        return any(u.via and weightless(u.via) for us in held.values() for u in us)
    return out


MLP_WIDTHS = frozenset(("intermediateSize",))
"""Facts that are an MLP's inner width: a value held for one is a layer's width, which the
structure shows whether or not a name holds it."""


def _builds_width(g: Graph, v: Any) -> bool:
    """``g`` has an MLP projection of inner width ``v``: a ``Linear`` from the model width
    to ``v`` and one from ``v`` back to it (the model width: ``g``'s ``hiddenSize`` fact)."""
    hidden = g.facts.get("hiddenSize")
    d = norm_value(hidden.value) if hidden is not None else None
    if not isinstance(d, int) or not isinstance(v, int) or v == d:
        return False
    pairs = {
        (n.params.get("in_features"), n.params.get("out_features"))
        for n in g.nodes
        if n.type == "Linear"
    }
    return (d, v) in pairs and (v, d) in pairs


ROUTER_K = "numExpertsPerTok"


def _stated_k(g: Graph, key: str) -> Any:
    """The experts per token a side states as a fact (its config's ``num_experts_per_tok``),
    or None. Only this fact: a grouped router (DeepSeek-V3, GLM-4.5 MoE) calls ``topk``
    three times (the top-2 sum per group, ``topk_group`` groups, then ``top_k`` experts), so
    its code holds several k's of which the stated one is the router's; for other facts a
    side's several values are each one the model computes with."""
    if key != ROUTER_K or key not in g.facts:
        return None
    return norm_value(g.facts[key].value)


def _other_key(g: Graph, key: str, uses: list[Use], other: dict[Any, list[Use]]) -> bool:
    """Every use in ``uses`` was read from a config key other than the key ``g`` states
    ``key`` by, and the other side holds ``g``'s stated value (``use_diffs``)."""
    f = g.facts.get(key)
    stated = f.loc.key if f is not None and f.loc is not None else None
    if not stated or norm_value(f.value) not in other:
        return False
    return all(u.loc is not None and u.loc.key and u.loc.key != stated for u in uses)


def _may_differ(g: Graph, key: str, v: Any) -> bool:
    """Whether ``v``, held by ``g`` and not by the other side, tells the sides apart: on a
    side that states its router's k, a k it also holds that is not the stated one is a
    group pick, not experts per token, and says nothing against the other side."""
    k = _stated_k(g, key)
    return k is None or v == k


def _stated(g: Graph, key: str, held: dict[Any, list[Use]]) -> list:
    """What a side holds instead where it holds no value of its own: its stated router k
    when it holds it (not the group picks beside it), else its whole set."""
    k = _stated_k(g, key)
    return [k] if k is not None and k in held else list(held)
