"""Decoder layers whose projections are fused or named their own way (Phi, Falcon, GPT-NeoX,
GPT-J, OPT, BLOOM, Starcoder2, Nemotron, Phi3, GLM).

Where the modules are separate q/k/v/out linears (OPT, GPT-J, Phi) they are written out as
``Linear`` leaves under the exact torch names around a parameter-free attention core. A fused
multi-head ``query_key_value`` (GPT-NeoX, BLOOM) is a ``Linear`` to 3h chunked into q/k/v.
Where torch fuses grouped-query projections (Falcon's MQA ``query_key_value``, Phi3's
``qkv_proj``) or gate and up (``gate_up_proj``) the block uses the
catalogue ``Attention`` / ``GatedMLP`` leaf: same parameter count, same shapes, but different
tensor names, which the spec says in ``extra["layout"]`` (the test then skips the name check
and still checks the count and the output shape).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, flag, real, text
from driftcheck.graph.blocks._parts import fused_attention, gated_mlp, hf_attention, mha, mlp2, norm
from driftcheck.graph.blocks.decoder import HEAD_DIM, HEADS, HIDDEN, INTER, KV_HEADS
from driftcheck.graph.blocks.spec import BlockSpec

LN_EPS = real("layer_norm_eps", 1e-5, "layer_norm_epsilon", "norm_epsilon", "norm_eps")
FUSED_QKV = "attention q/k/v fused into one query_key_value linear: counted as q/k/v"


def _ln(b: Builder, name: str, p: Mapping[str, Any], x: str) -> str:
    return norm(b, "LayerNorm", name, p["hidden_size"], x, p["layer_norm_eps"])


def _parallel(b: Builder, x: str, a: str, m: str) -> str:
    """x + attn + mlp, in the order torch adds them."""
    return b.residual(b.residual(a, m), x)


def _phi(p):
    b = Builder("PhiDecoderLayer")
    h = p["hidden_size"]
    x = b.input("hidden_states", ("B", "T", h))
    y = _ln(b, "input_layernorm", p, x)
    names = ("q_proj", "k_proj", "v_proj", "dense")
    a = mha(b, "self_attn", y, h, names=names, bias=True)
    m = mlp2(b, "mlp", h, p["intermediate_size"], p["hidden_act"], y)
    return b.done(_parallel(b, x, a, m))


def _gptj(p):
    b = Builder("GPTJBlock")
    h = p["n_embd"]
    inner = p["n_inner"] or 4 * h
    x = b.input("hidden_states", ("B", "T", h))
    y = _ln(b, "ln_1", {"hidden_size": h, "layer_norm_eps": p["layer_norm_epsilon"]}, x)
    a = mha(b, "attn", y, h, names=("q_proj", "k_proj", "v_proj", "out_proj"), bias=False)
    act = p["activation_function"]
    m = mlp2(b, "mlp", h, inner, act, y, names=("fc_in", "fc_out"))
    return b.done(_parallel(b, x, a, m))


def _opt(p):
    b = Builder("OPTDecoderLayer")
    h, bias = p["hidden_size"], p["enable_bias"]
    x = b.input("hidden_states", ("B", "T", h))
    affine = p["layer_norm_elementwise_affine"]

    def ln(name: str, src: str) -> str:
        return norm(b, "LayerNorm", name, h, src, affine=affine, bias=affine)

    pre = p["do_layer_norm_before"]
    y = ln("self_attn_layer_norm", x) if pre else x
    names = ("q_proj", "k_proj", "v_proj", "out_proj")
    x = b.residual(x, mha(b, "self_attn", y, h, names=names, bias=bias))
    if not pre:
        x = ln("self_attn_layer_norm", x)
    y = ln("final_layer_norm", x) if pre else x
    m = mlp2(b, "", h, p["ffn_dim"], p["activation_function"], y, bias=bias)
    x = b.residual(x, m)
    return b.done(x if pre else ln("final_layer_norm", x))


def _falcon(p):
    b = Builder("FalconDecoderLayer")
    h, heads = p["hidden_size"], p["num_attention_heads"]
    x = b.input("hidden_states", ("B", "T", h))
    new = p["new_decoder_architecture"]
    kv = p["num_kv_heads"] if new else (1 if p["multi_query"] else heads)
    attn = {"hidden_size": h, "num_attention_heads": heads, "num_key_value_heads": kv}
    inter = p["ffn_hidden_size"] or 4 * h

    def mlp(src: str) -> str:
        names = ("dense_h_to_4h", "dense_4h_to_h")
        return mlp2(b, "mlp", h, inter, p["activation"], src, names=names, bias=p["bias"])

    if new and (p["num_ln_in_parallel_attn"] or 2) == 2:
        a = hf_attention(b, "self_attention", attn, _ln(b, "ln_attn", p, x), bias=p["bias"])
        return b.done(_parallel(b, x, a, mlp(_ln(b, "ln_mlp", p, x))))
    y = _ln(b, "input_layernorm", p, x)
    a = hf_attention(b, "self_attention", attn, y, bias=p["bias"])
    if new or p["parallel_attn"]:
        return b.done(_parallel(b, x, a, mlp(y)))
    x = b.residual(x, a)
    return b.done(b.residual(x, mlp(_ln(b, "post_attention_layernorm", p, x))))


def _neox(p):
    b = Builder("GPTNeoXLayer")
    h = p["hidden_size"]
    x = b.input("hidden_states", ("B", "T", h))
    y = _ln(b, "input_layernorm", p, x)
    a = fused_attention(
        b, "attention", y, h, "Linear", bias=p["attention_bias"], qkv="query_key_value", out="dense"
    )
    names = ("dense_h_to_4h", "dense_4h_to_h")
    inter, act = p["intermediate_size"], p["hidden_act"]
    if p["use_parallel_residual"]:
        y = _ln(b, "post_attention_layernorm", p, x)
        return b.done(_parallel(b, x, a, mlp2(b, "mlp", h, inter, act, y, names=names)))
    x = b.residual(a, x)
    y = _ln(b, "post_attention_layernorm", p, x)
    return b.done(b.residual(mlp2(b, "mlp", h, inter, act, y, names=names), x))


def _bloom(p):
    b = Builder("BloomBlock")
    h = p["hidden_size"]
    x = b.input("hidden_states", ("B", "T", h))
    q = {"hidden_size": h, "layer_norm_eps": p["layer_norm_epsilon"]}
    y = _ln(b, "input_layernorm", q, x)
    a = fused_attention(b, "self_attention", y, h, "Linear", qkv="query_key_value", out="dense")
    x = b.residual(a, y if p["apply_residual_connection_post_layernorm"] else x)
    y = _ln(b, "post_attention_layernorm", q, x)
    names = ("dense_h_to_4h", "dense_4h_to_h")
    m = mlp2(b, "mlp", h, 4 * h, "gelu", y, names=names)
    return b.done(b.residual(m, y if p["apply_residual_connection_post_layernorm"] else x))


def _prenorm(name: str, norm_kind: str, mlp_kind: str, o_bias: bool | None = None):
    """Sequential pre-norm layer: Starcoder2 (LayerNorm, c_fc/c_proj), Nemotron (up/down),
    Phi3 and GLM (RMSNorm, fused gate_up_proj)."""

    def build(p):
        b = Builder(name)
        h = p["hidden_size"]
        x = b.input("hidden_states", ("B", "T", h))
        eps = p.get("layer_norm_eps", p.get("rms_norm_eps"))
        bias = p.get("use_bias", p.get("attention_bias", False))
        y = norm(b, norm_kind, "input_layernorm", h, x, eps)
        x = b.residual(x, hf_attention(b, "self_attn", p, y, bias=bias, o_bias=o_bias))
        y = norm(b, norm_kind, "post_attention_layernorm", h, x, eps)
        inter, act = p["intermediate_size"], p["hidden_act"]
        if mlp_kind == "c_fc":
            m = mlp2(b, "mlp", h, inter, act, y, names=("c_fc", "c_proj"), bias=bias)
        elif mlp_kind == "up_down":
            m = mlp2(b, "mlp", h, inter, act, y, names=("up_proj", "down_proj"), bias=p["mlp_bias"])
        else:
            m = gated_mlp(b, "mlp", h, inter, act, y)
        return b.done(b.residual(x, m))

    return build


X = ((2, 5, 64),)
MHA = {"hidden_size": 64, "num_attention_heads": 4, "intermediate_size": 128}
GQA = {**MHA, "num_key_value_heads": 2}


def _spec(name, params, build, reference, doc, ex, layout=None, aliases=()):
    return BlockSpec(
        name=name,
        family="decoder",
        params=params,
        build=build,
        aliases=aliases,
        examples=ex,
        doc=doc,
        role="decoder_layer",
        reference=reference,
        extra={"layout": layout} if layout else {},
    )


BLOCKS = [
    _spec(
        "PhiDecoderLayer",
        (HIDDEN, HEADS, INTER, text("hidden_act", "gelu_new"), LN_EPS),
        _phi,
        "transformers PhiDecoderLayer",
        "Parallel block: one LayerNorm feeds both attention (q/k/v/dense, biased) and fc1/fc2.",
        examples((MHA, X), ({**MHA, "intermediate_size": 96, "hidden_act": "gelu"}, X)),
    ),
    _spec(
        "GPTJBlock",
        (
            dim("n_embd", "hidden_size"),
            dim("n_head", "num_attention_heads"),
            dim("n_inner", "intermediate_size", default=None, doc="None: 4 * n_embd"),
            dim("rotary_dim", default=64, doc="rotary width; no weights"),
            text("activation_function", "gelu_new", "hidden_act"),
            real("layer_norm_epsilon", 1e-5, "layer_norm_eps"),
        ),
        _gptj,
        "transformers GPTJBlock",
        "Parallel block off ln_1: bias-free q/k/v/out_proj attention and fc_in/fc_out MLP.",
        examples(
            ({"n_embd": 64, "n_head": 4, "rotary_dim": 8}, X),
            ({"n_embd": 64, "n_head": 8, "rotary_dim": 4, "n_inner": 96}, X),
        ),
    ),
    _spec(
        "OPTDecoderLayer",
        (
            HIDDEN,
            HEADS,
            dim("ffn_dim", "intermediate_size"),
            text("activation_function", "relu", "hidden_act"),
            flag("enable_bias", True),
            flag("do_layer_norm_before", True, doc="False: post-LN (OPT-350m)"),
            flag("layer_norm_elementwise_affine", True),
        ),
        _opt,
        "transformers OPTDecoderLayer",
        "Biased q/k/v/out_proj attention and fc1/fc2, pre-LN (or post-LN for OPT-350m).",
        examples(
            ({"hidden_size": 64, "num_attention_heads": 4, "ffn_dim": 128}, X),
            (
                {
                    "hidden_size": 64,
                    "num_attention_heads": 4,
                    "ffn_dim": 96,
                    "do_layer_norm_before": False,
                    "enable_bias": False,
                },
                X,
            ),
        ),
    ),
    _spec(
        "FalconDecoderLayer",
        (
            HIDDEN,
            HEADS,
            dim("num_kv_heads", "num_key_value_heads", default=None),
            dim("ffn_hidden_size", "intermediate_size", default=None, doc="None: 4 * hidden"),
            text("activation", "gelu", "hidden_act"),
            flag("bias", False),
            flag("multi_query", True),
            flag("parallel_attn", True),
            flag("new_decoder_architecture", False),
            dim("num_ln_in_parallel_attn", default=None),
            LN_EPS,
        ),
        _falcon,
        "transformers FalconDecoderLayer",
        "Falcon: fused query_key_value (multi-query or grouped), parallel attention + MLP off "
        "one LayerNorm, or ln_attn/ln_mlp in the new (40B/180B) architecture.",
        examples(
            ({"hidden_size": 64, "num_attention_heads": 4}, X),
            (
                {
                    "hidden_size": 64,
                    "num_attention_heads": 4,
                    "new_decoder_architecture": True,
                    "num_kv_heads": 2,
                },
                X,
            ),
            (
                {
                    "hidden_size": 64,
                    "num_attention_heads": 4,
                    "parallel_attn": False,
                    "multi_query": False,
                    "bias": True,
                },
                X,
            ),
        ),
        layout=FUSED_QKV,
    ),
    _spec(
        "GPTNeoXLayer",
        (
            HIDDEN,
            HEADS,
            INTER,
            text("hidden_act", "gelu"),
            LN_EPS,
            flag("use_parallel_residual", True),
            flag("attention_bias", True),
        ),
        _neox,
        "transformers GPTNeoXLayer",
        "Pythia/GPT-NeoX: fused biased query_key_value; x + attn(ln1 x) + mlp(ln2 x) when "
        "use_parallel_residual, else sequential.",
        examples((MHA, X), ({**MHA, "use_parallel_residual": False}, X)),
    ),
    _spec(
        "BloomBlock",
        (
            HIDDEN,
            dim("n_head", "num_attention_heads"),
            real("layer_norm_epsilon", 1e-5, "layer_norm_eps"),
            flag("apply_residual_connection_post_layernorm", False),
        ),
        _bloom,
        "transformers BloomBlock",
        "BLOOM: fused biased query_key_value (ALiBi has no weights), 4x GELU MLP.",
        examples(
            ({"hidden_size": 64, "n_head": 4}, X),
            ({"hidden_size": 64, "n_head": 8, "apply_residual_connection_post_layernorm": True}, X),
        ),
    ),
    _spec(
        "Starcoder2DecoderLayer",
        (
            HIDDEN,
            HEADS,
            KV_HEADS,
            HEAD_DIM,
            INTER,
            text("hidden_act", "gelu_pytorch_tanh"),
            LN_EPS,
            flag("use_bias", True),
        ),
        _prenorm("Starcoder2DecoderLayer", "LayerNorm", "c_fc"),
        "transformers Starcoder2DecoderLayer",
        "Pre-LN GQA layer with biases everywhere and a plain c_fc/c_proj MLP.",
        examples((GQA, X), ({**GQA, "use_bias": False}, X)),
    ),
    _spec(
        "NemotronDecoderLayer",
        (
            HIDDEN,
            HEADS,
            KV_HEADS,
            HEAD_DIM,
            INTER,
            text("hidden_act", "relu2"),
            LN_EPS,
            flag("attention_bias", False),
            flag("mlp_bias", False),
        ),
        _prenorm("NemotronDecoderLayer", "LayerNorm", "up_down"),
        "transformers NemotronDecoderLayer",
        "Pre-LN (LayerNorm1P: weight and bias) GQA layer with an ungated relu^2 up/down MLP.",
        examples(({**GQA, "head_dim": 16}, X), ({**GQA, "mlp_bias": True}, X)),
    ),
    _spec(
        "Phi3DecoderLayer",
        (HIDDEN, HEADS, KV_HEADS, INTER, text("hidden_act", "silu"), real("rms_norm_eps", 1e-5)),
        _prenorm("Phi3DecoderLayer", "RMSNorm", "gated_fused"),
        "transformers Phi3DecoderLayer",
        "Llama layout with fused qkv_proj and gate_up_proj (same counts as split ones).",
        examples((GQA, X), ({**MHA, "num_key_value_heads": 4}, X)),
        layout="fused qkv_proj and gate_up_proj: counted as q/k/v and gate/up",
    ),
    _spec(
        "GlmDecoderLayer",
        (
            HIDDEN,
            HEADS,
            dim("num_key_value_heads", default=2),
            dim("head_dim", default=128),
            INTER,
            text("hidden_act", "silu"),
            real("rms_norm_eps", 1.5625e-07),
            flag("attention_bias", True),
        ),
        _prenorm("GlmDecoderLayer", "RMSNorm", "gated_fused", o_bias=False),
        "transformers GlmDecoderLayer",
        "GLM-4 (9B) layer: biased q/k/v, bias-free o_proj, fused gate_up_proj.",
        examples(({**GQA, "head_dim": 16}, X), ({**MHA, "num_key_value_heads": 1}, X)),
        layout="fused gate_up_proj: counted as gate/up",
    ),
]
