"""Mixture-of-experts and latent-attention decoder layers (Mixtral, Qwen MoE, DeepSeek).

The sparse MLP is written out as its parts rather than one ``SparseMoE`` leaf: the router
(``mlp.gate``), the experts (``mlp.experts``, fused 3-D tensors as transformers 5 stores them)
and the shared experts with their sigmoid gate. A checkpoint, a config and the source all
name these parts separately, so the matcher can say *which* part drifted. Which layers are
sparse depends on the layer index (``first_k_dense_replace``, ``decoder_sparse_step``), so
those config fields and ``layer_idx`` are parameters too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, flag
from driftcheck.graph.blocks._parts import gated_mlp, hf_attention, norm
from driftcheck.graph.blocks.decoder import ACT, HEAD_DIM, HEADS, HIDDEN, INTER, KV_HEADS, RMS_EPS
from driftcheck.graph.blocks.spec import BlockSpec
from driftcheck.graph.model import Graph

EXPERTS = dim("num_experts", "num_local_experts", "n_routed_experts")
TOP_K = dim("num_experts_per_tok", "top_k", default=2)
MOE_INTER = dim("moe_intermediate_size", default=None, doc="per-expert width")
LAYER_IDX = dim("layer_idx", default=0, doc="which layer: decides dense vs sparse")


def sparse_mlp(
    b: Builder,
    p: Mapping[str, Any],
    x: str,
    inter: int,
    *,
    shared: int = 0,
    shared_name: str = "mlp.shared_expert",
    shared_gate: bool = False,
) -> str:
    """Router + experts (+ shared experts, optionally sigmoid-gated); returns the sum."""
    h = p["hidden_size"]
    e, k = p["num_experts"], p["num_experts_per_tok"]
    router = b.add("MoERouter", "mlp.gate", {"hidden_size": h, "num_experts": e, "top_k": k}, x)
    params = {
        "num_experts": e,
        "hidden_size": h,
        "intermediate_size": inter,
        "top_k": k,
        "activation": p["hidden_act"],
    }
    out = b.add("MoEExperts", "mlp.experts", params, x, router)
    if shared:
        s = gated_mlp(b, shared_name, h, shared, p["hidden_act"], x)
        if shared_gate:
            lin = {"in_features": h, "out_features": 1, "bias": False}
            g = b.add("Linear", "mlp.shared_expert_gate", lin, x)
            s = b.add("Mul", None, {}, s, b.add("Sigmoid", None, {}, g))
        out = b.residual(out, s)
    return out


def moe_layer(
    name: str,
    p: Mapping[str, Any],
    *,
    attn: str = "gqa",
    qkv_bias: bool = False,
    qk_norm: bool = False,
    sparse: bool = True,
    shared: int = 0,
    shared_name: str = "mlp.shared_expert",
    shared_gate: bool = False,
) -> Graph:
    b = Builder(name)
    h = p["hidden_size"]
    x = b.input("hidden_states", ("B", "T", h))
    y = norm(b, "RMSNorm", "input_layernorm", h, x, p["rms_norm_eps"])
    if attn == "mla":
        mla = {
            "hidden_size": h,
            "num_heads": p["num_attention_heads"],
            "q_lora_rank": p["q_lora_rank"],
            "kv_lora_rank": p["kv_lora_rank"],
            "qk_nope_head_dim": p["qk_nope_head_dim"],
            "qk_rope_head_dim": p["qk_rope_head_dim"],
            "v_head_dim": p["v_head_dim"],
            "bias": p["attention_bias"],
        }
        a = b.add("MultiHeadLatentAttention", "self_attn", mla, y)
    else:
        a = hf_attention(b, "self_attn", p, y, bias=qkv_bias, o_bias=False, qk_norm=qk_norm)
    x = b.residual(x, a)
    y = norm(b, "RMSNorm", "post_attention_layernorm", h, x, p["rms_norm_eps"])
    if sparse:
        inter = p.get("moe_intermediate_size") or p["intermediate_size"]
        m = sparse_mlp(
            b, p, y, inter, shared=shared, shared_name=shared_name, shared_gate=shared_gate
        )
    else:
        m = gated_mlp(b, "mlp", h, p["intermediate_size"], p["hidden_act"], y)
    return b.done(b.residual(x, m))


def _mixtral(p):
    return moe_layer("MixtralDecoderLayer", p)


def _qwen2_moe(p):
    sparse = p["num_experts"] > 0 and (p["layer_idx"] + 1) % p["decoder_sparse_step"] == 0
    return moe_layer(
        "Qwen2MoeDecoderLayer",
        p,
        qkv_bias=p["qkv_bias"],
        sparse=sparse,
        shared=p["shared_expert_intermediate_size"],
        shared_gate=True,
    )


def _qwen3_moe(p):
    sparse = p["num_experts"] > 0 and (p["layer_idx"] + 1) % p["decoder_sparse_step"] == 0
    return moe_layer(
        "Qwen3MoeDecoderLayer", p, qkv_bias=p["attention_bias"], qk_norm=True, sparse=sparse
    )


def _deepseek(name: str):
    def build(p):
        shared = p["moe_intermediate_size"] * p["n_shared_experts"]
        sparse = p["layer_idx"] >= p["first_k_dense_replace"]
        return moe_layer(
            name, p, attn="mla", sparse=sparse, shared=shared, shared_name="mlp.shared_experts"
        )

    return build


GQA_BASE = (HIDDEN, HEADS, KV_HEADS, HEAD_DIM, INTER, ACT, RMS_EPS)
MLA_BASE = (
    HIDDEN,
    HEADS,
    dim("num_key_value_heads", default=None, doc="in the config, unused by MLA's weights"),
    INTER,
    ACT,
    RMS_EPS,
    EXPERTS,
    TOP_K,
    MOE_INTER,
    dim("q_lora_rank", default=1536, doc="None: plain q_proj (DeepSeek-V2-Lite)"),
    dim("kv_lora_rank", default=512),
    dim("qk_nope_head_dim", default=128),
    dim("qk_rope_head_dim", default=64),
    dim("v_head_dim", default=128),
    flag("attention_bias", False),
    LAYER_IDX,
)
SMALL = {"hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2}
X = ((2, 5, 64),)
MLA = {
    "hidden_size": 64,
    "num_attention_heads": 4,
    "num_key_value_heads": 4,
    "intermediate_size": 96,
    "moe_intermediate_size": 32,
    "n_routed_experts": 8,
    "num_experts_per_tok": 2,
    "kv_lora_rank": 16,
    "qk_nope_head_dim": 8,
    "qk_rope_head_dim": 8,
    "v_head_dim": 8,
}

BLOCKS = [
    BlockSpec(
        name="MixtralDecoderLayer",
        family="decoder",
        params=(*GQA_BASE, EXPERTS, TOP_K),
        build=_mixtral,
        examples=examples(
            ({**SMALL, "intermediate_size": 96, "num_local_experts": 4}, X),
            (
                {
                    **SMALL,
                    "intermediate_size": 48,
                    "num_local_experts": 8,
                    "num_experts_per_tok": 1,
                },
                X,
            ),
        ),
        doc="Llama attention + a sparse MoE MLP: router `gate` picks top-k of `experts`.",
        role="decoder_layer",
        reference="transformers MixtralDecoderLayer",
    ),
    BlockSpec(
        name="Qwen2MoeDecoderLayer",
        family="decoder",
        params=(
            *GQA_BASE,
            EXPERTS,
            TOP_K,
            MOE_INTER,
            dim("shared_expert_intermediate_size", default=0),
            flag("qkv_bias", True),
            dim("decoder_sparse_step", default=1),
            LAYER_IDX,
        ),
        build=_qwen2_moe,
        examples=examples(
            (
                {
                    **SMALL,
                    "intermediate_size": 128,
                    "num_experts": 4,
                    "moe_intermediate_size": 32,
                    "shared_expert_intermediate_size": 48,
                },
                X,
            ),
            (
                {
                    **SMALL,
                    "intermediate_size": 96,
                    "num_experts": 6,
                    "moe_intermediate_size": 16,
                    "shared_expert_intermediate_size": 40,
                    "decoder_sparse_step": 2,
                },
                X,
            ),
        ),
        doc="Qwen2-MoE: routed experts plus one shared expert scaled by sigmoid(shared_expert_"
        "gate(x)); layers off the decoder_sparse_step grid use a dense MLP instead.",
        role="decoder_layer",
        reference="transformers Qwen2MoeDecoderLayer",
    ),
    BlockSpec(
        name="Qwen3MoeDecoderLayer",
        family="decoder",
        params=(
            *GQA_BASE,
            EXPERTS,
            TOP_K,
            MOE_INTER,
            flag("attention_bias", False),
            dim("decoder_sparse_step", default=1),
            LAYER_IDX,
        ),
        build=_qwen3_moe,
        examples=examples(
            (
                {
                    **SMALL,
                    "intermediate_size": 128,
                    "num_experts": 4,
                    "num_experts_per_tok": 2,
                    "head_dim": 32,
                    "moe_intermediate_size": 32,
                },
                X,
            ),
            ({**SMALL, "intermediate_size": 64, "num_experts": 8, "moe_intermediate_size": 24}, X),
        ),
        doc="Qwen3 attention (per-head q/k RMSNorm) with routed experts and no shared expert.",
        role="decoder_layer",
        reference="transformers Qwen3MoeDecoderLayer",
    ),
    BlockSpec(
        name="DeepseekV3DecoderLayer",
        family="decoder",
        params=(
            *MLA_BASE,
            dim("n_shared_experts", default=1),
            dim("first_k_dense_replace", default=3),
        ),
        build=_deepseek("DeepseekV3DecoderLayer"),
        examples=examples(
            ({**MLA, "q_lora_rank": 32, "n_shared_experts": 1, "layer_idx": 3}, X),
            ({**MLA, "q_lora_rank": 32, "layer_idx": 0}, X),
            ({**MLA, "q_lora_rank": 24, "n_shared_experts": 2, "first_k_dense_replace": 0}, X),
        ),
        doc="Multi-head latent attention (low-rank q and kv with RMSNorms) and, from layer "
        "first_k_dense_replace on, routed + shared experts (dense gated MLP before).",
        role="decoder_layer",
        reference="transformers DeepseekV3DecoderLayer",
        aliases=("DeepSeekV3Block",),
    ),
    BlockSpec(
        name="DeepseekV2DecoderLayer",
        family="decoder",
        params=(
            *MLA_BASE,
            dim("n_shared_experts", default=2),
            dim("first_k_dense_replace", default=0),
        ),
        build=_deepseek("DeepseekV2DecoderLayer"),
        examples=examples(
            ({**MLA, "q_lora_rank": None, "n_shared_experts": 2}, X),
            ({**MLA, "q_lora_rank": 32, "first_k_dense_replace": 1}, X),
        ),
        doc="DeepSeek-V2: MLA (q_lora_rank None gives a plain q_proj, as V2-Lite) and MoE with "
        "shared experts.",
        role="decoder_layer",
        reference="transformers DeepseekV2DecoderLayer",
    ),
]
