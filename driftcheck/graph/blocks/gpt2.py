"""GPT-2 and its relatives: fused ``c_attn`` attention, ``c_fc``/``c_proj`` MLPs.

GPT-2 and OpenAI GPT store their linears as ``Conv1D`` (weight transposed: (in, out)); the
fused q/k/v projection is one ``c_attn`` whose output is chunked in three before the attention
core, which is exactly how the graph is written. nanoGPT is the same block with ``nn.Linear``;
``NanoGPT`` is the whole small model, with its decoder blocks as one repeated subtree and the
LM head tied to the token embedding (``Node.tied``), so the count has the tie applied once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, flag, real, text
from driftcheck.graph.blocks._parts import fused_attention, hf_attention, mha, mlp2, norm
from driftcheck.graph.blocks.spec import BlockSpec
from driftcheck.graph.model import Graph


def _conv_mlp(b: Builder, h: int, inner: int, act: str, x: str) -> str:
    y = b.add("Conv1D", "mlp.c_fc", {"nf": inner, "nx": h}, x)
    return b.add("Conv1D", "mlp.c_proj", {"nf": h, "nx": inner}, b.act(None, act, y))


def _gpt2(p: Mapping[str, Any]) -> Graph:
    b = Builder("GPT2Block")
    h, eps = p["n_embd"], p["layer_norm_epsilon"]
    inner = p["n_inner"] or 4 * h
    x = b.input("hidden_states", ("B", "T", h))
    enc = b.input("encoder_hidden_states", ("B", "S", h)) if p["add_cross_attention"] else None
    a = fused_attention(b, "attn", norm(b, "LayerNorm", "ln_1", h, x, eps), h, "Conv1D")
    x = b.residual(a, x)
    if enc is not None:
        y = norm(b, "LayerNorm", "ln_cross_attn", h, x, eps)
        q = b.add("Conv1D", "crossattention.q_attn", {"nf": h, "nx": h}, y)
        kv = b.add("Conv1D", "crossattention.c_attn", {"nf": 2 * h, "nx": h}, enc)
        kv = b.add("Chunk", None, {"chunks": 2, "dim": -1}, kv)
        a = b.add("ScaledDotProductAttention", None, {}, q, kv, kv)
        a = b.add("Conv1D", "crossattention.c_proj", {"nf": h, "nx": h}, a)
        x = b.residual(a, x)
    y = norm(b, "LayerNorm", "ln_2", h, x, eps)
    return b.done(b.residual(x, _conv_mlp(b, h, inner, p["activation_function"], y)))


def _openai_gpt(p: Mapping[str, Any]) -> Graph:
    b = Builder("OpenAIGPTBlock")
    h, eps = p["n_embd"], p["layer_norm_epsilon"]
    x = b.input("hidden_states", ("B", "T", h))
    x = norm(
        b, "LayerNorm", "ln_1", h, b.residual(x, fused_attention(b, "attn", x, h, "Conv1D")), eps
    )
    m = _conv_mlp(b, h, 4 * h, p["afn"], x)
    return b.done(norm(b, "LayerNorm", "ln_2", h, b.residual(x, m), eps))


def _gpt_neo(p: Mapping[str, Any]) -> Graph:
    b = Builder("GPTNeoBlock")
    h, eps = p["hidden_size"], p["layer_norm_epsilon"]
    inner = p["intermediate_size"] or 4 * h
    x = b.input("hidden_states", ("B", "T", h))
    y = norm(b, "LayerNorm", "ln_1", h, x, eps)
    names = ("q_proj", "k_proj", "v_proj", "out_proj")
    a = mha(b, "attn.attention", y, h, names=names, bias=False, o_bias=True)
    x = b.residual(a, x)
    y = norm(b, "LayerNorm", "ln_2", h, x, eps)
    m = mlp2(b, "mlp", h, inner, p["activation_function"], y, names=("c_fc", "c_proj"))
    return b.done(b.residual(x, m))


def _codegen(p: Mapping[str, Any]) -> Graph:
    b = Builder("CodeGenBlock")
    h = p["n_embd"]
    inner = p["n_inner"] or 4 * h
    x = b.input("hidden_states", ("B", "T", h))
    y = norm(b, "LayerNorm", "ln_1", h, x, p["layer_norm_epsilon"])
    a = fused_attention(b, "attn", y, h, "Linear", bias=False, qkv="qkv_proj", out="out_proj")
    m = mlp2(b, "mlp", h, inner, p["activation_function"], y, names=("fc_in", "fc_out"))
    return b.done(b.residual(b.residual(a, m), x))


def _bigcode(p: Mapping[str, Any]) -> Graph:
    b = Builder("GPTBigCodeBlock")
    h, eps = p["n_embd"], p["layer_norm_epsilon"]
    inner = p["n_inner"] or 4 * h
    x = b.input("hidden_states", ("B", "T", h))
    heads = p["n_head"]
    attn = {
        "hidden_size": h,
        "num_attention_heads": heads,
        "num_key_value_heads": 1 if p["multi_query"] else heads,
    }
    a = hf_attention(b, "attn", attn, norm(b, "LayerNorm", "ln_1", h, x, eps), bias=True)
    x = b.residual(a, x)
    y = norm(b, "LayerNorm", "ln_2", h, x, eps)
    m = mlp2(b, "mlp", h, inner, p["activation_function"], y, names=("c_fc", "c_proj"))
    return b.done(b.residual(x, m))


def _nano_block(b: Builder, prefix: str, p: Mapping[str, Any], x: str) -> str:
    h, bias = p["n_embd"], p["bias"]

    def ln(name: str, src: str) -> str:
        return norm(b, "LayerNorm", f"{prefix}{name}", h, src, bias=bias)

    attn = {"n_embd": h, "n_head": p["n_head"], "bias": bias}
    x = b.residual(x, b.add("CausalSelfAttention", f"{prefix}attn", attn, ln("ln_1", x)))
    m = mlp2(
        b, f"{prefix}mlp", h, 4 * h, "gelu", ln("ln_2", x), names=("c_fc", "c_proj"), bias=bias
    )
    return b.residual(x, m)


def _nano_block_graph(p: Mapping[str, Any]) -> Graph:
    b = Builder("NanoGPTBlock")
    x = b.input("x", ("B", "T", p["n_embd"]))
    return b.done(_nano_block(b, "", p, x))


def _nano_gpt(p: Mapping[str, Any]) -> Graph:
    b = Builder("NanoGPT")
    h, v = p["n_embd"], p["vocab_size"]
    idx = b.input("idx", ("B", "T"))
    pos = b.input("pos", ("T",))
    tok = b.add("Embedding", "transformer.wte", {"num_embeddings": v, "embedding_dim": h}, idx)
    wpe = {"num_embeddings": p["block_size"], "embedding_dim": h}
    x = b.residual(tok, b.add("Embedding", "transformer.wpe", wpe, pos))
    with b.scope("transformer.h.0"):
        x = _nano_block(b, "transformer.h.0.", p, x)
    b.g.node("transformer/h/0").repeat = p["n_layer"]
    x = norm(b, "LayerNorm", "transformer.ln_f", h, x, bias=p["bias"])
    head = {"in_features": h, "out_features": v, "bias": False}
    tied = {"weight": f"{tok}.weight"}
    return b.done(b.add("Linear", "lm_head", head, x, tied=tied))


GPT2 = (
    dim("n_embd", "hidden_size", "d_model"),
    dim("n_head", "num_attention_heads"),
    dim("n_inner", "intermediate_size", default=None, doc="None: 4 * n_embd"),
    text("activation_function", "gelu_new", "hidden_act"),
    real("layer_norm_epsilon", 1e-5, "layer_norm_eps"),
)
NANO = (
    dim("n_embd", "hidden_size"),
    dim("n_head", "num_attention_heads"),
    flag("bias", True, doc="biases in Linears and LayerNorms"),
)
SMALL = {"n_embd": 64, "n_head": 4}
X = ((2, 5, 64),)

BLOCKS = [
    BlockSpec(
        name="GPT2Block",
        family="gpt2",
        params=(*GPT2, flag("add_cross_attention", False)),
        build=_gpt2,
        examples=examples(
            (SMALL, X),
            ({**SMALL, "n_inner": 96, "activation_function": "relu"}, X),
            ({**SMALL, "add_cross_attention": True}, ((2, 5, 64), (2, 7, 64))),
        ),
        doc="GPT-2 block: ln_1, Conv1D c_attn chunked to q/k/v, c_proj, ln_2, c_fc/c_proj MLP; "
        "optional cross-attention (q_attn + c_attn over the encoder output).",
        role="decoder_layer",
        reference="transformers GPT2Block",
        aliases=("GPT2Layer",),
    ),
    BlockSpec(
        name="OpenAIGPTBlock",
        family="gpt2",
        params=(*GPT2[:2], text("afn", "gelu", "activation_function"), GPT2[4]),
        build=_openai_gpt,
        examples=examples((SMALL, X), ({**SMALL, "afn": "relu"}, X)),
        doc="The original GPT block: GPT-2's modules with post-LN residuals.",
        role="decoder_layer",
        reference="transformers openai Block",
    ),
    BlockSpec(
        name="GPTNeoBlock",
        family="gpt2",
        params=(
            dim("hidden_size", "n_embd"),
            dim("num_heads", "num_attention_heads"),
            dim("intermediate_size", default=None),
            text("activation_function", "gelu_new"),
            real("layer_norm_epsilon", 1e-5),
        ),
        build=_gpt_neo,
        examples=examples(
            ({"hidden_size": 64, "num_heads": 4}, X),
            ({"hidden_size": 64, "num_heads": 8, "intermediate_size": 96}, X),
        ),
        doc="GPT-Neo block: bias-free q/k/v, biased out_proj, Linear c_fc/c_proj MLP.",
        role="decoder_layer",
        reference="transformers GPTNeoBlock",
    ),
    BlockSpec(
        name="CodeGenBlock",
        family="gpt2",
        params=(*GPT2[:3], GPT2[3], GPT2[4], dim("rotary_dim", default=64)),
        build=_codegen,
        examples=examples(
            ({**SMALL, "rotary_dim": 8}, X), ({**SMALL, "n_inner": 96, "rotary_dim": 4}, X)
        ),
        doc="CodeGen: GPT-J's parallel block with one fused bias-free qkv_proj.",
        role="decoder_layer",
        reference="transformers CodeGenBlock",
    ),
    BlockSpec(
        name="GPTBigCodeBlock",
        family="gpt2",
        params=(
            *GPT2[:3],
            text("activation_function", "gelu_pytorch_tanh"),
            GPT2[4],
            flag("multi_query", True),
        ),
        build=_bigcode,
        examples=examples((SMALL, X), ({**SMALL, "multi_query": False}, X)),
        doc="StarCoder/SantaCoder block: multi-query attention fused in one c_attn "
        "(n_embd + 2 * head_dim outputs), GPT-2 MLP as nn.Linear.",
        role="decoder_layer",
        reference="transformers GPTBigCodeBlock",
        extra={"layout": "c_attn fuses q and the shared k/v: counted as q/k/v projections"},
    ),
    BlockSpec(
        name="NanoGPTBlock",
        family="gpt2",
        params=NANO,
        build=_nano_block_graph,
        examples=examples((SMALL, X), ({**SMALL, "bias": False}, X)),
        doc="nanoGPT Block: LayerNorm (optional bias), CausalSelfAttention (c_attn/c_proj), "
        "MLP c_fc/GELU/c_proj.",
        role="decoder_layer",
        reference="nanoGPT model.py Block (hand-written copy)",
    ),
    BlockSpec(
        name="NanoGPT",
        family="gpt2",
        params=(*NANO, dim("vocab_size"), dim("block_size"), dim("n_layer")),
        build=_nano_gpt,
        examples=examples(
            ({**SMALL, "vocab_size": 100, "block_size": 16, "n_layer": 3}, ((2, 5), (5,))),
            (
                {
                    "n_embd": 32,
                    "n_head": 2,
                    "bias": False,
                    "vocab_size": 50,
                    "block_size": 8,
                    "n_layer": 2,
                },
                ((1, 8), (8,)),
            ),
        ),
        doc="The whole nanoGPT model: token + position embeddings, n_layer Blocks (one "
        "repeated subtree), ln_f, and an lm_head tied to wte (counted once).",
        role="model",
        reference="nanoGPT model.py GPT (hand-written copy)",
        extra={"layout": "repeated blocks are one subtree: only copy 0 is named"},
    ),
]
