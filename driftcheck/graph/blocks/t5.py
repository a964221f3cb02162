"""T5 blocks: RMS-normed pre-LN sublayers ``layer.0`` (self-attention), ``layer.1`` (cross-
attention, decoder only) and the last one (``DenseReluDense``, plain or gated).

The first block of each stack owns the relative position bias: an ``Embedding`` of
(num_buckets, heads) looked up with bucketed relative positions. It is wired in as the
fourth input (the additive mask) of the attention core, from a ``relative_position_buckets``
input of shape (T, T), so the weight sits on the dataflow path like everything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, flag, real, text
from driftcheck.graph.blocks._parts import norm
from driftcheck.graph.blocks.spec import BlockSpec
from driftcheck.graph.model import Graph


def _attention(
    b: Builder, prefix: str, p: Mapping[str, Any], x: str, src: str, bias_from: str | None
) -> str:
    h, inner = p["d_model"], p["num_heads"] * p["d_kv"]
    lin = {"bias": False}
    q = b.add("Linear", f"{prefix}.q", {"in_features": h, "out_features": inner, **lin}, x)
    k = b.add("Linear", f"{prefix}.k", {"in_features": h, "out_features": inner, **lin}, src)
    v = b.add("Linear", f"{prefix}.v", {"in_features": h, "out_features": inner, **lin}, src)
    ins = [q, k, v]
    if bias_from is not None:
        emb = {
            "num_embeddings": p["relative_attention_num_buckets"],
            "embedding_dim": p["num_heads"],
        }
        ins.append(b.add("Embedding", f"{prefix}.relative_attention_bias", emb, bias_from))
    a = b.add("ScaledDotProductAttention", None, {}, *ins)
    return b.add("Linear", f"{prefix}.o", {"in_features": inner, "out_features": h, **lin}, a)


def _ff(b: Builder, prefix: str, p: Mapping[str, Any], x: str) -> str:
    h, ff = p["d_model"], p["d_ff"]
    up = {"in_features": h, "out_features": ff, "bias": False}
    down = {"in_features": ff, "out_features": h, "bias": False}
    proj = p["feed_forward_proj"]
    act = proj.split("-")[-1]
    if proj.startswith("gated-"):
        g = b.act(
            None, "gelu_new" if act == "gelu" else act, b.add("Linear", f"{prefix}.wi_0", up, x)
        )
        y = b.add("Mul", None, {}, g, b.add("Linear", f"{prefix}.wi_1", up, x))
    else:
        y = b.act(None, act, b.add("Linear", f"{prefix}.wi", up, x))
    return b.add("Linear", f"{prefix}.wo", down, y)


def t5_block(name: str, decoder: bool, p: Mapping[str, Any]) -> Graph:
    b = Builder(name)
    h, eps = p["d_model"], p["layer_norm_epsilon"]
    x = b.input("hidden_states", ("B", "T", h))
    rel = p["has_relative_attention_bias"]
    buckets = b.input("relative_position_buckets", ("T", "T")) if rel else None
    enc = b.input("encoder_hidden_states", ("B", "S", h)) if decoder else None

    y = norm(b, "RMSNorm", "layer.0.layer_norm", h, x, eps)
    x = b.residual(x, _attention(b, "layer.0.SelfAttention", p, y, y, buckets))
    last = 1
    if decoder:
        y = norm(b, "RMSNorm", "layer.1.layer_norm", h, x, eps)
        x = b.residual(x, _attention(b, "layer.1.EncDecAttention", p, y, enc, None))
        last = 2
    y = norm(b, "RMSNorm", f"layer.{last}.layer_norm", h, x, eps)
    return b.done(b.residual(x, _ff(b, f"layer.{last}.DenseReluDense", p, y)))


PARAMS = (
    dim("d_model", "hidden_size"),
    dim("d_kv", "head_dim", default=64),
    dim("num_heads", "num_attention_heads"),
    dim("d_ff", "intermediate_size"),
    text("feed_forward_proj", "relu", doc="'relu', 'gelu' or 'gated-gelu' (T5 v1.1, Flan)"),
    real("layer_norm_epsilon", 1e-6),
    dim("relative_attention_num_buckets", default=32),
    flag("has_relative_attention_bias", False, doc="True in the first block of a stack"),
)
SMALL = {"d_model": 64, "d_kv": 16, "num_heads": 4, "d_ff": 128}
X, REL, ENC = (2, 5, 64), (5, 5), (2, 7, 64)

BLOCKS = [
    BlockSpec(
        name="T5EncoderBlock",
        family="t5",
        params=PARAMS,
        build=lambda p: t5_block("T5EncoderBlock", False, p),
        aliases=("T5Block", "MT5Block"),
        examples=examples(
            ({**SMALL, "has_relative_attention_bias": True}, (X, REL)),
            ({**SMALL, "feed_forward_proj": "gated-gelu", "d_kv": 8}, (X,)),
            (
                {**SMALL, "feed_forward_proj": "gated-gelu", "has_relative_attention_bias": True},
                (X, REL),
            ),
        ),
        doc="T5 encoder block: RMSNorm'd self-attention (no biases, relative position bias in "
        "the first block) and a ReLU or gated-GELU DenseReluDense.",
        role="encoder_layer",
        reference="transformers T5Block (is_decoder=False)",
    ),
    BlockSpec(
        name="T5DecoderBlock",
        family="t5",
        params=PARAMS,
        build=lambda p: t5_block("T5DecoderBlock", True, p),
        examples=examples(
            ({**SMALL, "has_relative_attention_bias": True}, (X, REL, ENC)),
            ({**SMALL, "feed_forward_proj": "gated-gelu"}, (X, ENC)),
        ),
        doc="T5 decoder block: self-attention, cross-attention (EncDecAttention) over the "
        "encoder output, then the feed-forward; each sublayer pre-RMSNorm'd and residual.",
        role="decoder_layer",
        reference="transformers T5Block (is_decoder=True)",
    ),
]
