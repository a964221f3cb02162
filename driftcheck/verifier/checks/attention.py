"""ATT: attention heads, head sizes and q/k/v/o projection widths."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from driftcheck.graph.model import Node
from driftcheck.verifier.base import BLOCKER, INFO, WARNING, Source, check
from driftcheck.verifier.build import L, net, seq
from driftcheck.verifier.context import Context

# layer type -> (width param, heads param) for layers whose reference asserts divisibility
DIVIDES = {
    "MultiheadAttention": ("embed_dim", "num_heads"),
    "CausalSelfAttention": ("n_embd", "n_head"),
    "Attention": ("hidden_size", "num_heads"),
    # torch's transformer layers build a MultiheadAttention(d_model, nhead) (crashfix33)
    "TransformerEncoderLayer": ("d_model", "nhead"),
    "TransformerDecoderLayer": ("d_model", "nhead"),
    "Transformer": ("d_model", "nhead"),
}
HEADED = (
    "Attention",
    "MultiheadAttention",
    "CausalSelfAttention",
    "CrossAttention",
    "MultiHeadLatentAttention",
)


MHA_CODE = """\
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, width=32, heads=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(width, heads, batch_first=True)

    def forward(self, x):
        return self.attn(x, x, x)[0]
"""


def _att(h=64, heads=4, kv=None, hd=None, **kw):
    return L("Attention", hidden_size=h, num_heads=heads, num_kv_heads=kv, head_dim=hd, **kw)


def _mha(e=32, heads=4, batch="B", batch_first=True):
    """Self-attention: x feeds query, key and value of nn.MultiheadAttention."""
    return net(
        [
            L("Input", "x", shape=[batch, 5, e]),
            L("MultiheadAttention", "mha", embed_dim=e, num_heads=heads, batch_first=batch_first),
        ],
        ["x->mha:0", "x->mha:1", "x->mha:2"],
        ["mha"],
    )


def resolved(ctx: Context, node: Node) -> tuple[int, int, int] | None:
    """(heads, kv_heads, head_dim) of an HF-style Attention node, when all are known ints."""
    p = ctx.bound(node)
    if p is None:
        return None
    heads, kv, hd, h = (
        p.get("num_heads"),
        p.get("num_kv_heads"),
        p.get("head_dim"),
        p.get("hidden_size"),
    )
    kv = heads if kv is None else kv
    if hd is None and isinstance(h, int) and isinstance(heads, int) and heads > 0:
        hd = h // heads
    if all(isinstance(v, int) and not isinstance(v, bool) for v in (heads, kv, hd)):
        return heads, kv, hd
    return None


@check(
    "ATT001",
    "heads-not-dividing-width",
    BLOCKER,
    types=tuple(DIVIDES),
    phase=0,
    claims=True,
    what="An attention layer whose width the head count does not divide (nn.MultiheadAttention, "
    "nanoGPT's CausalSelfAttention, transformers-style q/k/v/o attention).",
    why="nn.MultiheadAttention asserts `embed_dim % num_heads == 0`, nanoGPT asserts "
    "`n_embd % n_head == 0`, and transformers 5 configs (LlamaConfig and about 140 others) "
    "refuse `hidden size is not a multiple of the number of attention heads`: the model cannot "
    "be built.",
    fix="Pick a head count that divides the width (768 / 12), or change the width.",
    valid=[Source(MHA_CODE), _mha(32, 4, 2)],
    invalid=[
        Source(MHA_CODE.replace("width=32", "width=30")),
        _mha(30, 4, 2),
        seq((2, 5, 30), L("CausalSelfAttention", n_embd=30, n_head=4)),
        seq((2, 5, 100), _att(100, 6)),
    ],
)
def heads_not_dividing_width(ctx: Context):
    for t, (wk, hk) in DIVIDES.items():

        def judge(n, wk=wk, hk=hk, t=t):
            v = ctx.ints(n, wk, hk)
            if t == "Attention" and (ctx.bound(n) or {}).get("head_dim") is not None:
                return None  # an explicit head_dim need not divide the width (Gemma-style)
            if v and v[1] > 0 and v[0] % v[1]:
                return f"{wk}={v[0]} is not divisible by {hk}={v[1]}"
            return None

        for hit in ctx.each(judge, t, memo="ATT001"):
            v = ctx.ints(hit.node, wk, hk) if hit.node is not None else None
            to = nearest_divisor(v[0], v[1]) if v else None
            fix = {"param": hk, "from": v[1], "to": to} if v and to is not None else None
            yield replace(hit, values={"fix": fix}) if fix else hit


MAX_DIVISOR_ROOT = 1 << 20
"""``nearest_divisor`` tries divisors up to the square root of the width, at most this many
(widths up to 2**40); past it there is no fix rather than an unbounded search."""


def nearest_divisor(width: int, heads: int) -> int | None:
    """The head count closest to ``heads`` that divides ``width`` (the larger on a tie): the
    fix ``driftcheck fix`` applies for ATT001. None for a width that is not positive or too
    large to factor quickly (O(sqrt(width)) divisions, bounded by ``MAX_DIVISOR_ROOT``)."""
    if width <= 0:
        return None
    root = math.isqrt(width)
    if root > MAX_DIVISOR_ROOT:
        return None
    divs = {x for d in range(1, root + 1) if width % d == 0 for x in (d, width // d)}
    return min(divs, key=lambda d: (abs(d - heads), -d))


@check(
    "ATT002",
    "kv-heads-not-dividing-heads",
    BLOCKER,
    types=("Attention",),
    phase=0,
    claims=True,
    what="Grouped-query attention whose KV head count does not divide the query head count.",
    why="Each KV head serves heads / kv_heads query heads (`repeat_kv`); with a remainder the "
    "key and query head axes differ and attention raises at the first forward.",
    fix="Use a KV head count that divides the head count (32 heads: 1, 2, 4, 8, 16 or 32).",
    valid=[seq((2, 5, 64), _att(64, 8, 2))],
    invalid=[seq((2, 5, 64), _att(64, 8, 3)), seq((2, 5, 64), _att(64, 4, 8))],
)
def kv_heads_not_dividing(ctx: Context):
    def judge(n):
        r = resolved(ctx, n)
        if r and r[0] > 0 and r[1] > 0 and r[0] % r[1]:
            return f"num_heads={r[0]} is not a multiple of num_kv_heads={r[1]}"
        return None

    yield from ctx.each(judge, "Attention", memo="ATT002")


@check(
    "ATT003",
    "head-dim-overrides-width",
    INFO,
    types=("Attention",),
    what="Attention with an explicit head_dim whose heads * head_dim differs from the width.",
    why="Legal (Gemma: 8 heads x 256 over a 2048 width), but a head_dim copied from another "
    "config silently changes every q/k/v/o shape and the KV cache size.",
    fix="Confirm head_dim against the checkpoint's q_proj shape; drop it to derive "
    "hidden // heads.",
    valid=[seq((2, 5, 64), _att(64, 4)), seq((2, 5, 64), _att(64, 4, hd=16))],
    invalid=[seq((2, 5, 64), _att(64, 4, hd=32))],
)
def head_dim_overrides(ctx: Context):
    def judge(n):
        p = ctx.bound(n) or {}
        v = ctx.ints(n, "hidden_size", "num_heads")
        hd = p.get("head_dim")
        if v and isinstance(hd, int) and v[1] > 0 and v[0] % v[1] == 0 and hd * v[1] != v[0]:
            return f"{v[1]} heads x head_dim {hd} = {v[1] * hd} != hidden {v[0]}"
        return None

    for n, why in ctx.verdicts(judge, "Attention", memo="ATT003"):
        yield ctx.hit(n, f"{ctx.where(n)}: {why}")


@check(
    "ATT004",
    "nonpositive-heads",
    BLOCKER,
    types=HEADED,
    phase=0,
    claims=True,
    what="An attention layer has zero or negative (KV) heads.",
    why="head_dim = width // heads and heads // kv_heads divide by it: construction raises "
    "ZeroDivisionError (or a negative-size tensor error).",
    fix="Set a positive head count.",
    valid=[seq((2, 5, 64), _att(64, 4, 4))],
    invalid=[seq((2, 5, 64), _att(64, 0)), seq((2, 5, 64), _att(64, 4, 0))],
)
def nonpositive_heads(ctx: Context):
    def judge(n):
        p = ctx.bound(n) or {}
        for k in ("num_heads", "num_kv_heads", "n_head", "heads"):
            v = p.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and v <= 0:
                return f"{k}={v}"
        return None

    for n, why in ctx.verdicts(judge, *HEADED, memo="ATT004"):
        yield ctx.hit(n, f"{ctx.where(n)}: {why}")


def _head_dims(ctx: Context, bad, memo: Any) -> Iterator[tuple[Node, int]]:
    """(node, head_dim) for Attention and RotaryEmbedding nodes whose known, positive
    head_dim ``bad`` rejects; judged once per (type, params) and remembered across runs
    under ``memo`` (a token naming ``bad`` and what it reads)."""

    def attention(n):
        r = resolved(ctx, n)
        return r[2] if r and r[2] > 0 and bad(n, r[2]) else 0

    def rotary(n):
        v = ctx.ints(n, "head_dim")
        return v[0] if v and v[0] > 0 and bad(n, v[0]) else 0

    yield from ctx.verdicts(attention, "Attention", memo=(memo, "attention"))
    yield from ctx.verdicts(rotary, "RotaryEmbedding", memo=(memo, "rotary"))


@check(
    "ATT005",
    "odd-rope-head-dim",
    WARNING,
    types=("Attention", "RotaryEmbedding"),
    what="Rotary embeddings over an odd head_dim.",
    why="RoPE rotates pairs of channels (`rotate_half` splits the head in two): with an odd "
    "size the halves and the cos/sin tables disagree and the forward fails or mis-rotates.",
    fix="Use an even head_dim (a multiple of 8 is best).",
    valid=[seq((2, 5, 64), _att(64, 4))],
    invalid=[seq((2, 5, 60), _att(60, 4, hd=15))],
)
def odd_rope_head_dim(ctx: Context):
    for n, hd in _head_dims(ctx, lambda n, hd: hd % 2, "ATT005"):
        yield ctx.hit(n, f"{ctx.where(n)}: head_dim={hd} is odd")


@check(
    "ATT006",
    "head-dim-too-large",
    WARNING,
    types=("Attention", "RotaryEmbedding"),
    what="head_dim above what fused attention kernels take (256 by default, a threshold).",
    why="FlashAttention and most fused SDPA kernels support head_dim <= 256; larger heads fall "
    "back to the slow, memory-hungry math path.",
    fix="Use more, smaller heads; or raise `thresholds.max_head_dim` if your kernels allow it.",
    valid=[seq((2, 5, 512), _att(512, 2))],
    invalid=[seq((2, 5, 512), _att(512, 1))],
)
def head_dim_too_large(ctx: Context):
    limit = ctx.options.threshold("max_head_dim")
    bad = lambda n, hd: n.type == "Attention" and hd > limit  # noqa: E731
    for n, hd in _head_dims(ctx, bad, ("ATT006", repr(limit))):
        yield ctx.hit(n, f"{ctx.where(n)}: head_dim={hd} > {int(limit)}")


@check(
    "ATT007",
    "head-dim-unaligned",
    INFO,
    types=("Attention", "RotaryEmbedding"),
    what="head_dim is not a multiple of 8.",
    why="Tensor-core kernels and FlashAttention want head sizes in multiples of 8; odd sizes "
    "pad or fall back to slower paths.",
    fix="Prefer head_dim in {64, 80, 96, 128, ...}.",
    valid=[seq((2, 5, 64), _att(64, 4))],
    invalid=[seq((2, 5, 60), _att(60, 6))],
)
def head_dim_unaligned(ctx: Context):
    def unaligned(n, hd):
        return n.type == "Attention" and hd % 8 and hd % 2 == 0

    for n, hd in _head_dims(ctx, unaligned, "ATT007"):
        yield ctx.hit(n, f"{ctx.where(n)}: head_dim={hd} is not a multiple of 8")


@check(
    "ATT008",
    "mha-not-batch-first",
    INFO,
    types=("MultiheadAttention",),
    what="nn.MultiheadAttention with batch_first=False fed a (B, T, E) tensor.",
    why="Without batch_first it reads axis 0 as time: the shapes still fit, so the model runs "
    "and silently attends across the batch.",
    fix="Pass `batch_first=True`, or transpose to (T, B, E).",
    valid=[_mha(32, 4)],
    invalid=[_mha(32, 4, batch_first=False)],
)
def mha_not_batch_first(ctx: Context):
    for n in ctx.of_type("MultiheadAttention"):
        p = ctx.bound(n) or {}
        if p.get("batch_first"):
            continue
        for src in ctx.producers(n)[:1]:
            s = ctx.shapes.shapes.get(src.id)
            if s and len(s) == 3 and isinstance(s[0], str) and s[0].lower().startswith(("b", "n")):
                yield ctx.hit(n, f"{ctx.where(n)} reads axis 0 ({s[0]}) as time")


def _projections(ctx: Context) -> dict[str | None, dict[str, Node]]:
    """q/k/v/o projections by parent (ATT009 and ATT010 both ask: with ``verify_lean`` the
    run's context keeps the answer, read-only, so the Linear nodes are walked once)."""
    if ctx.prep.speed.verify_lean:
        hit = ctx.__dict__.get("_projections")
        if hit is None:
            hit = ctx.__dict__["_projections"] = _projections_now(ctx)
        return hit
    return _projections_now(ctx)


def _projections_now(ctx: Context) -> dict[str | None, dict[str, Node]]:
    groups: dict[str | None, dict[str, Node]] = {}
    for n in ctx.of_type("Linear"):
        short = (n.name or n.id).rsplit(".", 1)[-1]
        if short in ("q_proj", "k_proj", "v_proj", "o_proj", "out_proj"):
            groups.setdefault(n.parent, {})["o_proj" if short == "out_proj" else short] = n
    return groups


def _lins(parent_repeat=1, q=64, k=32, v=32, o=64):
    def lin(i, name, fi, fo):
        return L("Linear", i, name=f"attn.{name}", parent="attn", in_features=fi, out_features=fo)

    return net(
        [
            L("Module", "attn", repeat=parent_repeat),
            lin("q", "q_proj", 64, q),
            lin("k", "k_proj", 64, k),
            lin("v", "v_proj", 64, v),
            lin("o", "o_proj", o, 64),
        ],
        origin="source",
    )


@check(
    "ATT009",
    "qo-width-mismatch",
    INFO,
    types=("Linear",),
    what="An attention block's q_proj output width differs from its o_proj input width "
    "(matched by the usual projection names).",
    why="o_proj usually consumes the concatenated heads, as wide as q_proj's output; a "
    "different width raises at the first forward unless q_proj also carries something else "
    "(a gate, as in Qwen3-Next): matched by names, so confirm.",
    fix="Make o_proj.in_features = q_proj.out_features = num_heads * head_dim.",
    valid=[_lins()],
    invalid=[_lins(q=64, o=48)],
)
def qo_width_mismatch(ctx: Context):
    for projs in _projections(ctx).values():
        q, o = projs.get("q_proj"), projs.get("o_proj")
        a = ctx.ints(q, "out_features") if q else None
        b = ctx.ints(o, "in_features") if o else None
        if a and b and a != b:
            yield ctx.hit(
                o,
                f"{ctx.where(q)} outputs {a[0]} features, {ctx.where(o)} takes {b[0]}",
                evidence="matched by projection names q_proj/o_proj",
            )


@check(
    "ATT010",
    "kv-width-mismatch",
    INFO,
    types=("Linear",),
    what="k_proj and v_proj of one attention block have different output widths.",
    why="Keys and values come in the same number of heads; different widths mean different "
    "head counts or sizes, and standard attention code cannot reshape them alike.",
    fix="Give k_proj and v_proj the same out_features (num_kv_heads * head_dim).",
    valid=[_lins()],
    invalid=[_lins(v=48)],
)
def kv_width_mismatch(ctx: Context):
    for projs in _projections(ctx).values():
        k, v = projs.get("k_proj"), projs.get("v_proj")
        a = ctx.ints(k, "out_features") if k else None
        b = ctx.ints(v, "out_features") if v else None
        if a and b and a != b:
            yield ctx.hit(
                v,
                f"{ctx.where(k)} outputs {a[0]}, {ctx.where(v)} outputs {b[0]}",
                evidence="matched by projection names k_proj/v_proj",
            )


CHECKS = [
    heads_not_dividing_width,
    kv_heads_not_dividing,
    head_dim_overrides,
    nonpositive_heads,
    odd_rope_head_dim,
    head_dim_too_large,
    head_dim_unaligned,
    mha_not_batch_first,
    qo_width_mismatch,
    kv_width_mismatch,
]
