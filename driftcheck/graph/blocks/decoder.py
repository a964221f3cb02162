"""Decoder layers of the HF causal LMs whose attention is q_proj/k_proj/v_proj/o_proj.

They differ in a handful of switches, so one builder covers them all: which norm (RMSNorm,
LayerNorm, LayerNorm without affine), where the q/k/v/o biases are, per-head q/k norms,
"sandwich" norms around attention and MLP (Gemma2/3, OLMo2 without the pre-norms), and
parallel attention + MLP off one norm (Cohere). Parameter names are the HF config fields,
so a config dict binds directly. MoE and latent-attention layers live in ``moe.py``; layers
with fused or differently named projections in ``decoder_fused.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, flag, real, text
from driftcheck.graph.blocks._parts import gated_mlp, hf_attention, norm
from driftcheck.graph.blocks.spec import BlockSpec
from driftcheck.graph.model import Graph

HIDDEN = dim("hidden_size", "d_model", "n_embd", "dim")
HEADS = dim("num_attention_heads", "num_heads", "n_head", "n_heads")
KV_HEADS = dim("num_key_value_heads", "num_kv_heads", "n_kv_heads", default=None)
HEAD_DIM = dim("head_dim", default=None)
INTER = dim("intermediate_size", "ffn_dim", "n_inner")
ACT = text("hidden_act", "silu", "hidden_activation", "activation")
RMS_EPS = real("rms_norm_eps", 1e-6, "norm_eps")
LN_EPS = real("layer_norm_eps", 1e-5, "norm_epsilon", "layer_norm_epsilon")
ATTN_BIAS = flag("attention_bias", False, "bias")
MLP_BIAS = flag("mlp_bias", False)

BASE = (HIDDEN, HEADS, KV_HEADS, HEAD_DIM, INTER)


@dataclass(frozen=True)
class Style:
    """What sets one decoder family apart from Llama."""

    norm: str = "RMSNorm"
    norm_affine: bool = True
    norm_bias: bool = True
    qkv_bias: bool | str = "attention_bias"  # a constant, or the config field that holds it
    o_bias: bool | str | None = None  # None: same as qkv_bias
    qk_norm: bool = False
    pre_norms: bool = True
    post_norms: bool = False  # sandwich: post_attention/post_feedforward norms on branches
    parallel: bool = False  # attention and MLP read the same normed input (Cohere)
    mlp_bias: bool | str = False


def _value(p: Mapping[str, Any], v: bool | str | None) -> bool | None:
    return p[v] if isinstance(v, str) else v


def _eps(p: Mapping[str, Any]) -> float | None:
    return p.get("rms_norm_eps", p.get("layer_norm_eps"))


def decoder_layer(name: str, style: Style, p: Mapping[str, Any]) -> Graph:
    """x -> [norm] -> attention -> [norm] -> +x -> [norm] -> gated MLP -> [norm] -> +."""
    b = Builder(name)
    h, eps = p["hidden_size"], _eps(p)
    x = b.input("hidden_states", ("B", "T", h))

    def n(nm: str, src: str) -> str:
        return norm(b, style.norm, nm, h, src, eps, affine=style.norm_affine, bias=style.norm_bias)

    qkv_bias = bool(_value(p, style.qkv_bias))
    o_bias = _value(p, style.o_bias)
    mlp_bias = bool(_value(p, style.mlp_bias))
    act = p["hidden_act"]
    if style.parallel:
        y = n("input_layernorm", x)
        a = hf_attention(b, "self_attn", p, y, bias=qkv_bias, o_bias=o_bias, qk_norm=style.qk_norm)
        m = gated_mlp(b, "mlp", h, p["intermediate_size"], act, y, bias=mlp_bias)
        return b.done(b.residual(b.residual(x, a), m))
    y = n("input_layernorm", x) if style.pre_norms else x
    a = hf_attention(b, "self_attn", p, y, bias=qkv_bias, o_bias=o_bias, qk_norm=style.qk_norm)
    if style.post_norms:
        a = n("post_attention_layernorm", a)
    x = b.residual(x, a)
    if style.pre_norms:
        y = n("pre_feedforward_layernorm" if style.post_norms else "post_attention_layernorm", x)
    else:
        y = x
    m = gated_mlp(b, "mlp", h, p["intermediate_size"], act, y, bias=mlp_bias)
    if style.post_norms:
        m = n("post_feedforward_layernorm", m)
    return b.done(b.residual(x, m))


def _spec(
    name: str,
    style: Style,
    extra_params: tuple,
    reference: str,
    doc: str,
    ex: tuple,
    aliases: tuple[str, ...] = (),
    head_dim: int | None = None,
) -> BlockSpec:
    """``head_dim``: the config class's default where it is not hidden_size // heads."""
    base = BASE if head_dim is None else (*BASE[:3], dim("head_dim", default=head_dim), INTER)
    return BlockSpec(
        name=name,
        family="decoder",
        params=(*base, *extra_params),
        build=lambda p: decoder_layer(name, style, p),
        aliases=aliases,
        examples=ex,
        doc=doc,
        role="decoder_layer",
        reference=reference,
    )


SMALL = {"hidden_size": 64, "num_attention_heads": 4, "intermediate_size": 128}
GQA = {**SMALL, "num_key_value_heads": 2}
X = ((2, 5, 64),)

BLOCKS = [
    _spec(
        "LlamaDecoderLayer",
        Style(mlp_bias="mlp_bias"),
        (ACT, RMS_EPS, ATTN_BIAS, MLP_BIAS),
        "transformers LlamaDecoderLayer",
        "Pre-norm RMSNorm decoder layer: GQA attention and a SwiGLU MLP, two residual adds.",
        examples(
            (GQA, X),
            ({**SMALL, "attention_bias": True, "mlp_bias": True}, X),
            ({**GQA, "num_key_value_heads": 1, "head_dim": 32}, ((1, 3, 64),)),
        ),
        aliases=("LlamaBlock",),
    ),
    _spec(
        "MistralDecoderLayer",
        Style(qkv_bias=False),
        (ACT, RMS_EPS),
        "transformers MistralDecoderLayer",
        "Llama's layer without attention biases (sliding-window attention has no weights).",
        examples((GQA, X), ({**GQA, "num_key_value_heads": 4, "head_dim": 8}, X)),
    ),
    _spec(
        "Qwen2DecoderLayer",
        Style(qkv_bias=True, o_bias=False),
        (ACT, RMS_EPS),
        "transformers Qwen2DecoderLayer",
        "Llama-style layer with biases on q/k/v only (o_proj has none).",
        examples((GQA, X), ({**SMALL, "num_key_value_heads": 1}, X)),
    ),
    _spec(
        "Qwen3DecoderLayer",
        Style(qk_norm=True),
        (ACT, RMS_EPS, ATTN_BIAS),
        "transformers Qwen3DecoderLayer",
        "Llama-style layer with per-head RMSNorm on q and k (q_norm/k_norm of head_dim).",
        examples((GQA, X), ({**GQA, "head_dim": 32, "attention_bias": True}, X)),
        head_dim=128,
    ),
    _spec(
        "GemmaDecoderLayer",
        Style(),
        (text("hidden_act", "gelu_pytorch_tanh", "hidden_activation"), RMS_EPS, ATTN_BIAS),
        "transformers GemmaDecoderLayer",
        "Llama-style layer with a GeGLU MLP; Gemma's RMSNorm stores (1 + weight), same count.",
        examples(({**GQA, "head_dim": 16}, X), ({**SMALL, "num_key_value_heads": 1}, X)),
        head_dim=256,
    ),
    _spec(
        "Gemma2DecoderLayer",
        Style(post_norms=True),
        (text("hidden_act", "gelu_pytorch_tanh", "hidden_activation"), RMS_EPS, ATTN_BIAS),
        "transformers Gemma2DecoderLayer",
        "Sandwich norms: RMSNorm before and after both attention and MLP (four norms).",
        examples(
            ({**GQA, "head_dim": 16}, X), ({**SMALL, "num_key_value_heads": 4, "head_dim": 8}, X)
        ),
        head_dim=256,
    ),
    _spec(
        "Gemma3DecoderLayer",
        Style(post_norms=True, qk_norm=True),
        (text("hidden_act", "gelu_pytorch_tanh", "hidden_activation"), RMS_EPS, ATTN_BIAS),
        "transformers Gemma3DecoderLayer (Gemma3TextConfig)",
        "Gemma2's sandwich norms plus per-head q/k RMSNorm.",
        examples(
            ({**GQA, "head_dim": 16}, X), ({**SMALL, "num_key_value_heads": 1, "head_dim": 32}, X)
        ),
        head_dim=256,
    ),
    _spec(
        "GraniteDecoderLayer",
        Style(mlp_bias="mlp_bias"),
        (ACT, RMS_EPS, ATTN_BIAS, MLP_BIAS),
        "transformers GraniteDecoderLayer",
        "Llama's layer; Granite's residual/attention multipliers are scalars, not weights.",
        examples((GQA, X), ({**SMALL, "attention_bias": True}, X)),
    ),
    _spec(
        "OlmoDecoderLayer",
        Style(norm="LayerNorm", norm_affine=False, norm_bias=False, qkv_bias="attention_bias"),
        (ACT, ATTN_BIAS),
        "transformers OlmoDecoderLayer",
        "OLMo: LayerNorm without any affine weights (zero parameters) around a Llama layer.",
        examples((SMALL, X), ({**GQA, "attention_bias": True}, X)),
    ),
    _spec(
        "StableLmDecoderLayer",
        Style(norm="LayerNorm", qkv_bias="use_qkv_bias", o_bias=False),
        (ACT, LN_EPS, flag("use_qkv_bias", False)),
        "transformers StableLmDecoderLayer",
        "Llama layout with biased LayerNorms and optional q/k/v biases.",
        examples((GQA, X), ({**SMALL, "num_key_value_heads": 4, "use_qkv_bias": True}, X)),
    ),
    _spec(
        "CohereDecoderLayer",
        Style(norm="LayerNorm", norm_bias=False, parallel=True),
        (ACT, LN_EPS, ATTN_BIAS),
        "transformers CohereDecoderLayer",
        "Parallel block: attention and SwiGLU MLP both read one bias-free LayerNorm.",
        examples((SMALL, X), ({**GQA, "attention_bias": True}, X)),
    ),
    _spec(
        "SmolLM3DecoderLayer",
        Style(mlp_bias="mlp_bias"),
        (ACT, RMS_EPS, ATTN_BIAS, MLP_BIAS),
        "transformers SmolLM3DecoderLayer",
        "Llama's layer (NoPE layers differ only in rotary use, which has no weights).",
        examples((GQA, X), ({**SMALL, "mlp_bias": True}, X)),
    ),
]
