"""Encoder and decoder layers of the BART family of sequence-to-sequence models.

All share one set of module names (``self_attn.{q,k,v,out}_proj``, ``self_attn_layer_norm``,
``encoder_attn``, ``fc1``/``fc2``, ``final_layer_norm``) and differ in where the LayerNorm
sits: after each residual (BART, Marian) or before each sublayer (mBART, Pegasus, Whisper).
Whisper's attention has no bias on ``k_proj``. Config fields are prefixed ``encoder_`` or
``decoder_`` in HF, so each block takes the prefix matching its side.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, text
from driftcheck.graph.blocks._parts import mha, mlp2, norm
from driftcheck.graph.blocks.spec import BlockSpec
from driftcheck.graph.model import Graph

NAMES = ("q_proj", "k_proj", "v_proj", "out_proj")


def seq2seq_layer(name: str, side: str, pre_ln: bool, k_bias: bool, p: Mapping[str, Any]) -> Graph:
    b = Builder(name)
    h = p["d_model"]
    x = b.input("hidden_states", ("B", "T", h))
    enc = b.input("encoder_hidden_states", ("B", "S", h)) if side == "decoder" else None

    def ln(nm: str, src: str) -> str:
        return norm(b, "LayerNorm", nm, h, src, 1e-5)

    def sub(norm_name: str, body) -> None:
        nonlocal x
        if pre_ln:
            x = b.residual(x, body(ln(norm_name, x)))
        else:
            x = ln(norm_name, b.residual(x, body(x)))

    sub("self_attn_layer_norm", lambda y: mha(b, "self_attn", y, h, names=NAMES, k_bias=k_bias))
    if enc is not None:
        sub(
            "encoder_attn_layer_norm",
            lambda y: mha(b, "encoder_attn", y, h, names=NAMES, k_bias=k_bias, context=enc),
        )
    ffn = p[f"{side}_ffn_dim"]
    sub("final_layer_norm", lambda y: mlp2(b, "", h, ffn, p["activation_function"], y))
    return b.done(x)


def _params(side: str, act: str) -> tuple:
    return (
        dim("d_model", "hidden_size"),
        dim(f"{side}_attention_heads", "num_attention_heads", "num_heads"),
        dim(f"{side}_ffn_dim", "ffn_dim", "intermediate_size"),
        text("activation_function", act, "hidden_act"),
    )


def _spec(name, side, pre_ln, k_bias, act, reference, doc, ex):
    return BlockSpec(
        name=name,
        family="seq2seq",
        params=_params(side, act),
        build=lambda p: seq2seq_layer(name, side, pre_ln, k_bias, p),
        examples=ex,
        doc=doc,
        role=f"{side}_layer",
        reference=reference,
    )


def _ex(side: str, heads: int = 4, ffn: int = 128, act: str | None = None):
    p: dict[str, Any] = {
        "d_model": 64,
        f"{side}_attention_heads": heads,
        f"{side}_ffn_dim": ffn,
    }
    if act:
        p["activation_function"] = act
    x = (2, 5, 64)
    return (p, (x, (2, 7, 64)) if side == "decoder" else (x,))


BLOCKS = [
    _spec(
        "BartEncoderLayer",
        "encoder",
        False,
        True,
        "gelu",
        "transformers BartEncoderLayer",
        "Post-LN encoder layer: self-attention and fc1/fc2, each followed by its LayerNorm.",
        examples(_ex("encoder"), _ex("encoder", 8, 96, "relu")),
    ),
    _spec(
        "BartDecoderLayer",
        "decoder",
        False,
        True,
        "gelu",
        "transformers BartDecoderLayer",
        "Post-LN decoder layer: self-attention, cross-attention (encoder_attn), fc1/fc2.",
        examples(_ex("decoder"), _ex("decoder", 2, 64)),
    ),
    _spec(
        "MarianEncoderLayer",
        "encoder",
        False,
        True,
        "swish",
        "transformers MarianEncoderLayer",
        "Marian MT encoder layer: BART's, swish MLP.",
        examples(_ex("encoder"), _ex("encoder", 8, 32, "relu")),
    ),
    _spec(
        "MarianDecoderLayer",
        "decoder",
        False,
        True,
        "swish",
        "transformers MarianDecoderLayer",
        "Marian MT decoder layer: BART's, swish MLP.",
        examples(_ex("decoder"), _ex("decoder", 8, 32, "relu")),
    ),
    _spec(
        "MBartEncoderLayer",
        "encoder",
        True,
        True,
        "gelu",
        "transformers MBartEncoderLayer",
        "Pre-LN encoder layer (mBART; also the layout of Pegasus and Whisper).",
        examples(_ex("encoder"), _ex("encoder", 8, 32)),
    ),
    _spec(
        "MBartDecoderLayer",
        "decoder",
        True,
        True,
        "gelu",
        "transformers MBartDecoderLayer",
        "Pre-LN decoder layer with cross-attention.",
        examples(_ex("decoder"), _ex("decoder", 8, 32)),
    ),
    _spec(
        "PegasusEncoderLayer",
        "encoder",
        True,
        True,
        "gelu",
        "transformers PegasusEncoderLayer",
        "Pegasus encoder layer (pre-LN).",
        examples(_ex("encoder"), _ex("encoder", 8, 32, "relu")),
    ),
    _spec(
        "PegasusDecoderLayer",
        "decoder",
        True,
        True,
        "gelu",
        "transformers PegasusDecoderLayer",
        "Pegasus decoder layer (pre-LN).",
        examples(_ex("decoder"), _ex("decoder", 8, 32, "relu")),
    ),
    _spec(
        "WhisperEncoderLayer",
        "encoder",
        True,
        False,
        "gelu",
        "transformers WhisperEncoderLayer",
        "Whisper audio encoder layer: pre-LN, k_proj without bias.",
        examples(_ex("encoder"), _ex("encoder", 2, 256)),
    ),
    _spec(
        "WhisperDecoderLayer",
        "decoder",
        True,
        False,
        "gelu",
        "transformers WhisperDecoderLayer",
        "Whisper text decoder layer: pre-LN self- and cross-attention, k_proj without bias.",
        examples(_ex("decoder"), _ex("decoder", 2, 256)),
    ),
]
