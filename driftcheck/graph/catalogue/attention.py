"""Attention layers of current models: HF-style q/k/v/o (GQA, qk-norm), DeepSeek MLA,
nanoGPT's fused c_attn, diffusers-style cross attention and the functional SDPA.

MACs: every projection costs tokens * in * out; the score and weighted-sum matmuls cost
B * heads * T * S * (qk_dim + v_dim). Unknown (symbolic) dims give 0.
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import (
    HEADS,
    KV_HEADS,
    checked,
    ex,
    hidden,
    known,
    linear_w,
    matmul_macs,
    rows,
)
from driftcheck.graph.catalogue.spec import LayerSpec, P, expect_dim, expect_rank, fmt


# ---------------------------------------------------------------- Attention (HF q/k/v/o)
def _attn_resolved(p):
    heads = p["num_heads"]
    kv = p["num_kv_heads"] if p["num_kv_heads"] is not None else heads
    hd = p["head_dim"] if p["head_dim"] is not None else p["hidden_size"] // heads
    o_bias = p["o_bias"] if p["o_bias"] is not None else p["bias"]
    return heads, kv, hd, o_bias


def _attn_weights(p):
    h = p["hidden_size"]
    heads, kv, hd, o_bias = _attn_resolved(p)
    w = {}
    w.update(linear_w("q_proj", heads * hd, h, p["bias"]))
    w.update(linear_w("k_proj", kv * hd, h, p["bias"]))
    w.update(linear_w("v_proj", kv * hd, h, p["bias"]))
    w.update(linear_w("o_proj", h, heads * hd, o_bias))
    if p["qk_norm"]:
        w["q_norm.weight"] = (hd,)
        w["k_norm.weight"] = (hd,)
    return w


def _attn_shape(p, shapes):
    x = shapes[0]
    expect_rank("Attention", x, (3,))
    expect_dim("Attention", x, -1, p["hidden_size"], "hidden_size")
    heads, kv, _, _ = _attn_resolved(p)
    if heads % kv:
        raise ShapeError(f"Attention num_heads={heads} is not a multiple of num_kv_heads={kv}")
    return tuple(x)


def _sdpa_cost(batch_tokens_shape, heads: int, qk: int, v: int) -> int:
    b, t = batch_tokens_shape[0], batch_tokens_shape[1]
    return b * heads * t * t * (qk + v) if known(b, t) else 0


def _attn_macs(p, shapes, out):
    heads, _, hd, _ = _attn_resolved(p)
    return matmul_macs(_attn_weights(p), rows(shapes[0])) + _sdpa_cost(shapes[0], heads, hd, hd)


ATTENTION = LayerSpec(
    name="Attention",
    family="attention",
    params=(
        hidden(),
        P("num_heads", dim=True, aliases=HEADS),
        P("num_kv_heads", default=None, dim=True, aliases=KV_HEADS),
        P("head_dim", default=None, dim=True, aliases=("kv_channels", "attention_head_size")),
        P("bias", "bool", False, aliases=("attention_bias", "qkv_bias", "use_bias")),
        P("o_bias", "bool", None, doc="bias on o_proj; default: same as bias"),
        P("qk_norm", "bool", False, doc="per-head RMSNorm on q and k (Qwen3, OLMo2)"),
        P("eps", "float", 1e-6, aliases=("rms_norm_eps",)),
    ),
    weights=_attn_weights,
    shape=_attn_shape,
    macs=_attn_macs,
    role="attention",
    aliases=(
        "GroupedQueryAttention",
        "GQA",
        "MultiQueryAttention",
        "MQA",
        "SelfAttention",
        "LlamaAttention",
        "MistralAttention",
        "Qwen2Attention",
        "Qwen3Attention",
    ),
    doc="Decoder self-attention with q_proj/k_proj/v_proj/o_proj (grouped-query capable; "
    "num_kv_heads=1 is multi-query). (B, T, hidden) -> (B, T, hidden).",
    extra={
        "bad": ex(({"hidden_size": 64, "num_heads": 4}, ((2, 5, 48),))),
        "reference": "hf_attention",
    },
    examples=ex(
        ({"hidden_size": 64, "num_heads": 4}, ((2, 5, 64),)),
        ({"hidden_size": 64, "num_heads": 8, "num_kv_heads": 2, "bias": True}, ((1, 3, 64),)),
        (
            {"hidden_size": 32, "num_heads": 4, "num_kv_heads": 2, "bias": True, "o_bias": False},
            ((2, 4, 32),),
        ),
        (
            {"hidden_size": 48, "num_heads": 4, "num_kv_heads": 1, "head_dim": 16, "qk_norm": True},
            ((2, 4, 48),),
        ),
    ),
)


# ---------------------------------------------------------------- Multi-head latent attention
def _mla_weights(p):
    h, n = p["hidden_size"], p["num_heads"]
    qk = p["qk_nope_head_dim"] + p["qk_rope_head_dim"]
    kvr, b = p["kv_lora_rank"], p["bias"]
    w = {}
    if p["q_lora_rank"] is None:
        w.update(linear_w("q_proj", n * qk, h, False))
    else:
        qr = p["q_lora_rank"]
        w.update(linear_w("q_a_proj", qr, h, b))
        w["q_a_layernorm.weight"] = (qr,)
        w.update(linear_w("q_b_proj", n * qk, qr, False))
    w.update(linear_w("kv_a_proj_with_mqa", kvr + p["qk_rope_head_dim"], h, b))
    w["kv_a_layernorm.weight"] = (kvr,)
    w.update(linear_w("kv_b_proj", n * (p["qk_nope_head_dim"] + p["v_head_dim"]), kvr, False))
    w.update(linear_w("o_proj", h, n * p["v_head_dim"], b))
    return w


def _mla_shape(p, shapes):
    x = shapes[0]
    expect_rank("MultiHeadLatentAttention", x, (3,))
    expect_dim("MultiHeadLatentAttention", x, -1, p["hidden_size"], "hidden_size")
    return tuple(x)


def _mla_macs(p, shapes, out):
    qk = p["qk_nope_head_dim"] + p["qk_rope_head_dim"]
    proj = matmul_macs(_mla_weights(p), rows(shapes[0]))
    return proj + _sdpa_cost(shapes[0], p["num_heads"], qk, p["v_head_dim"])


_MLA_BAD = {
    "hidden_size": 64,
    "num_heads": 4,
    "q_lora_rank": 24,
    "kv_lora_rank": 16,
    "qk_nope_head_dim": 8,
    "qk_rope_head_dim": 4,
    "v_head_dim": 8,
}

MLA = LayerSpec(
    name="MultiHeadLatentAttention",
    family="attention",
    params=(
        hidden(),
        P("num_heads", dim=True, aliases=HEADS),
        P("q_lora_rank", default=None, dim=True, doc="None: a plain q_proj"),
        P("kv_lora_rank", dim=True),
        P("qk_nope_head_dim", dim=True),
        P("qk_rope_head_dim", dim=True),
        P("v_head_dim", dim=True),
        P("bias", "bool", False, aliases=("attention_bias",)),
    ),
    weights=_mla_weights,
    shape=_mla_shape,
    macs=_mla_macs,
    role="attention",
    aliases=("MLA", "DeepseekV3Attention", "DeepseekV2Attention", "LatentAttention"),
    doc="DeepSeek-V2/V3 multi-head latent attention: low-rank q (optional) and a shared "
    "compressed kv latent with RMSNorms, weights named as transformers' DeepseekV3Attention.",
    extra={"bad": ex((_MLA_BAD, ((2, 5, 60),))), "reference": "hf_mla"},
    examples=ex(
        (
            {
                "hidden_size": 64,
                "num_heads": 4,
                "q_lora_rank": 24,
                "kv_lora_rank": 16,
                "qk_nope_head_dim": 8,
                "qk_rope_head_dim": 4,
                "v_head_dim": 8,
            },
            ((2, 5, 64),),
        ),
        (
            {
                "hidden_size": 32,
                "num_heads": 2,
                "q_lora_rank": None,
                "kv_lora_rank": 8,
                "qk_nope_head_dim": 6,
                "qk_rope_head_dim": 2,
                "v_head_dim": 4,
                "bias": True,
            },
            ((1, 3, 32),),
        ),
    ),
)


# ---------------------------------------------------------------- nanoGPT causal self-attention
def _csa_weights(p):
    c = p["n_embd"]
    return {**linear_w("c_attn", 3 * c, c, p["bias"]), **linear_w("c_proj", c, c, p["bias"])}


def _csa_shape(p, shapes):
    x = shapes[0]
    expect_rank("CausalSelfAttention", x, (3,))
    expect_dim("CausalSelfAttention", x, -1, p["n_embd"], "n_embd")
    if p["n_embd"] % p["n_head"]:
        raise ShapeError(f"CausalSelfAttention n_embd={p['n_embd']} % n_head={p['n_head']} != 0")
    return tuple(x)


def _csa_macs(p, shapes, out):
    hd = p["n_embd"] // p["n_head"]
    return matmul_macs(_csa_weights(p), rows(shapes[0])) + _sdpa_cost(
        shapes[0], p["n_head"], hd, hd
    )


CSA = LayerSpec(
    name="CausalSelfAttention",
    family="attention",
    params=(
        P("n_embd", dim=True, aliases=("hidden_size", "embed_dim", "d_model")),
        P("n_head", dim=True, aliases=("num_heads", "num_attention_heads", "n_heads")),
        P("bias", "bool", True),
        P("dropout", "float", 0.0, aliases=("attn_pdrop",)),
    ),
    weights=_csa_weights,
    shape=_csa_shape,
    macs=_csa_macs,
    role="attention",
    aliases=("FusedQKVAttention", "GPT2Attention"),
    doc="nanoGPT attention: one fused c_attn Linear(n_embd, 3*n_embd) and c_proj.",
    extra={
        "bad": ex(({"n_embd": 32, "n_head": 4}, ((2, 6, 30),))),
        "reference": "nanogpt_attention",
    },
    examples=ex(
        ({"n_embd": 32, "n_head": 4}, ((2, 6, 32),)),
        ({"n_embd": 48, "n_head": 3, "bias": False}, ((1, 4, 48),)),
    ),
)


# ---------------------------------------------------------------- cross attention (diffusers)
def _ca_resolved(p):
    ctx = p["context_dim"] if p["context_dim"] is not None else p["query_dim"]
    return ctx, p["heads"] * p["dim_head"]


def _ca_weights(p):
    ctx, inner = _ca_resolved(p)
    q = p["query_dim"]
    return {
        **linear_w("to_q", inner, q, p["qkv_bias"]),
        **linear_w("to_k", inner, ctx, p["qkv_bias"]),
        **linear_w("to_v", inner, ctx, p["qkv_bias"]),
        **linear_w("to_out.0", q, inner, p["out_bias"]),
    }


def _ca_shape(p, shapes):
    x = shapes[0]
    ctx_dim, _ = _ca_resolved(p)
    c = shapes[1] if len(shapes) > 1 else x
    expect_rank("CrossAttention", x, (3,))
    expect_rank("CrossAttention", c, (3,))
    expect_dim("CrossAttention", x, -1, p["query_dim"], "query_dim")
    expect_dim("CrossAttention", c, -1, ctx_dim, "context_dim")
    if known(x[0], c[0]) and x[0] != c[0]:
        raise ShapeError(f"CrossAttention batch of query {fmt(x)} and context {fmt(c)} differ")
    return tuple(x)


def _ca_macs(p, shapes, out):
    x = shapes[0]
    c = shapes[1] if len(shapes) > 1 else x
    w = _ca_weights(p)
    _, inner = _ca_resolved(p)
    q_side = {k: v for k, v in w.items() if k.startswith(("to_q", "to_out"))}
    kv_side = {k: v for k, v in w.items() if k.startswith(("to_k", "to_v"))}
    proj = matmul_macs(q_side, rows(x)) + matmul_macs(kv_side, rows(c))
    scores = x[0] * x[1] * c[1] * inner * 2 if known(x[0], x[1], c[1]) else 0
    return proj + scores


CROSS = LayerSpec(
    name="CrossAttention",
    family="attention",
    params=(
        P("query_dim", dim=True),
        P("context_dim", default=None, dim=True, aliases=("cross_attention_dim", "kv_dim")),
        P("heads", default=8, dim=True, aliases=("num_heads",)),
        P("dim_head", default=64, dim=True, aliases=("head_dim",)),
        P("qkv_bias", "bool", False, aliases=("bias",)),
        P("out_bias", "bool", True),
    ),
    weights=_ca_weights,
    shape=_ca_shape,
    macs=_ca_macs,
    role="attention",
    n_inputs=1,
    aliases=("diffusers.Attention", "CrossAttn"),
    doc="Attention of x (B, T, query_dim) over a context (B, S, context_dim) with to_q/to_k/to_v/"
    "to_out.0 (diffusers naming); without a context it is self-attention.",
    extra={
        "bad": ex(
            (
                {"query_dim": 32, "context_dim": 16, "heads": 4, "dim_head": 8},
                ((2, 5, 32), (2, 7, 12)),
            )
        ),
        "reference": "cross_attention",
    },
    examples=ex(
        ({"query_dim": 32, "context_dim": 16, "heads": 4, "dim_head": 8}, ((2, 5, 32), (2, 7, 16))),
        ({"query_dim": 24, "heads": 2, "dim_head": 6, "qkv_bias": True}, ((1, 3, 24),)),
    ),
)


# ---------------------------------------------------------------- functional SDPA
def _cpu_flash_may_run(p, q, k, v) -> bool:
    """Whether torch's CPU flash kernel may take the call: then a key/value length mismatch runs.

    torch 2.x picks that kernel (``use_flash_attention_cpp``) for 4-D query, key and value of
    one head size, equal batch and head axes and no dropout; it reads the value by the key's
    length and never compares the two (measured: key (1, 4, 8, 8) with value (1, 4, 4, 8) or
    (1, 4, 12, 8) returns (1, 4, 8, 8)). Every other call goes to the math kernel, whose second
    product raises. Where a condition is not known statically the kernel may run: no verdict."""
    if not len(q) == len(k) == len(v) == 4:
        return False
    drop = p.get("dropout_p", 0.0)
    if isinstance(drop, int | float) and not isinstance(drop, bool) and drop > 0:
        return False
    for i in (0, 1, 3):
        if known(q[i], k[i], v[i]) and not q[i] == k[i] == v[i]:
            return False
    return True


def _sdpa_shape(p, shapes):
    if len(shapes) < 3:
        raise ShapeError(f"ScaledDotProductAttention takes query, key, value; got {len(shapes)}")
    q, k, v = shapes[:3]
    for name, s in (("query", q), ("key", k), ("value", v)):
        if len(s) < 2:
            raise ShapeError(f"ScaledDotProductAttention {name} must be >= 2-D, got {fmt(s)}")
    if known(q[-1], k[-1]) and q[-1] != k[-1]:
        raise ShapeError(
            f"ScaledDotProductAttention query {fmt(q)} and key {fmt(k)} differ in the last dim"
        )
    if known(k[-2], v[-2]) and k[-2] != v[-2] and not _cpu_flash_may_run(p, q, k, v):
        raise ShapeError(
            f"ScaledDotProductAttention key {fmt(k)} and value {fmt(v)} lengths differ"
        )
    gqa = p.get("enable_gqa", False)
    if gqa is None:  # enable_gqa not statically known: the head axes' rule is unknown
        return (*q[:-1], v[-1])
    lead_q, lead_k = q[:-2], k[:-2]
    if gqa:
        # torch's grouped-query rule (math kernel, CPU and meta): axis -3 is the heads axis of
        # all three (an IndexError below 3-D); the key's and value's head counts must each
        # divide the query's, then both are repeated up to it and only the axes before -3
        # broadcast
        for name, s in (("query", q), ("key", k), ("value", v)):
            if len(s) < 3:
                raise ShapeError(
                    f"ScaledDotProductAttention with enable_gqa needs a heads axis (-3): "
                    f"{name} {fmt(s)} is {len(s)}-D"
                )
        for name, s in (("key", k), ("value", v)):
            if known(q[-3], s[-3]) and (s[-3] == 0 or q[-3] % s[-3]):
                raise ShapeError(
                    f"ScaledDotProductAttention with enable_gqa: the {name}'s {s[-3]} heads "
                    f"({fmt(s)}) do not divide the query's {q[-3]} ({fmt(q)})"
                )
        lead_q, lead_k = q[:-3], k[:-3]
    for a, b in zip(reversed(lead_q), reversed(lead_k)):  # batch and head axes broadcast
        if known(a, b) and a != b and 1 not in (a, b):
            raise ShapeError(
                f"ScaledDotProductAttention query {fmt(q)} and key {fmt(k)}: leading axes "
                "do not broadcast"
            )
    return (*q[:-1], v[-1])


def _sdpa_macs(p, shapes, out):
    q, k, v = shapes[:3]
    lead = q[:-2]
    if not known(*lead, q[-2], k[-2], q[-1], v[-1]):
        return 0
    n = 1
    for d in lead:
        n *= d
    return n * q[-2] * k[-2] * (q[-1] + v[-1])


SDPA = LayerSpec(
    name="ScaledDotProductAttention",
    family="attention",
    params=(
        P("is_causal", "bool", False),
        P("dropout_p", "float", 0.0),
        P(
            "enable_gqa",
            "bool",
            False,
            doc="grouped-query heads (axis -3); None: given but not statically known",
        ),
    ),
    shape=_sdpa_shape,
    macs=_sdpa_macs,
    role="attention",
    n_inputs=3,
    aliases=(
        "F.scaled_dot_product_attention",
        "torch.nn.functional.scaled_dot_product_attention",
        "scaled_dot_product_attention",
        "sdpa",
    ),
    doc="softmax(q k^T / sqrt(d)) v over (..., L, E), (..., S, E), (..., S, Ev) -> (..., L, Ev).",
    extra={"reference": "sdpa"},
    examples=ex(
        ({}, ((2, 4, 5, 8), (2, 4, 7, 8), (2, 4, 7, 6))),
        ({"is_causal": True}, ((1, 2, 3, 4), (1, 2, 3, 4), (1, 2, 3, 4))),
    ),
)

LAYERS = [ATTENTION, MLA, CSA, CROSS, SDPA]

LAYERS = checked(LAYERS)
