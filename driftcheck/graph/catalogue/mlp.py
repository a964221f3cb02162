"""Feed-forward layers: gated (SwiGLU/GeGLU) and plain MLPs, and the mixture-of-experts parts.

MACs: tokens * sum of every projection's in*out. For MoE layers only the routed top_k experts
(plus shared experts) run per token, so experts cost top_k/num_experts of their weights.
"""

from __future__ import annotations

from math import prod

from driftcheck.graph.catalogue._helpers import (
    ACT,
    INTER,
    checked,
    ex,
    hidden,
    last_dim,
    linear_w,
    rows,
)
from driftcheck.graph.catalogue.spec import CatalogueError, LayerSpec, P, expect_dim


def _inter(default=...):
    kw = {} if default is ... else {"default": default}
    return P("intermediate_size", dim=True, aliases=INTER, **kw)


def _matmul(w, tokens):
    return tokens * sum(prod(s) for s in w.values() if len(s) >= 2)


# ---------------------------------------------------------------- GatedMLP
def _gated_weights(p, prefix=""):
    h, i, b = p["hidden_size"], p["intermediate_size"], p["bias"]
    return {
        **linear_w(prefix + "gate_proj", i, h, b),
        **linear_w(prefix + "up_proj", i, h, b),
        **linear_w(prefix + "down_proj", h, i, b),
    }


GATED = LayerSpec(
    name="GatedMLP",
    family="mlp",
    params=(
        hidden(),
        _inter(),
        P("bias", "bool", False, aliases=("mlp_bias", "use_bias")),
        P("activation", "str", "silu", aliases=ACT),
    ),
    weights=_gated_weights,
    shape=last_dim("GatedMLP", "hidden_size"),
    macs=lambda p, s, o: _matmul(_gated_weights(p), rows(s[0])),
    role="mlp",
    aliases=("SwiGLU", "GeGLU", "LlamaMLP", "MistralMLP", "Qwen2MLP", "GLUMLP", "GatedFeedForward"),
    doc="down_proj(act(gate_proj(x)) * up_proj(x)): the gated MLP of Llama-family decoders.",
    extra={
        "bad": ex(({"hidden_size": 32, "intermediate_size": 88}, ((2, 5, 30),))),
        "reference": "hf_gated_mlp",
    },
    examples=ex(
        ({"hidden_size": 32, "intermediate_size": 88}, ((2, 5, 32),)),
        (
            {"hidden_size": 16, "intermediate_size": 40, "bias": True, "activation": "gelu"},
            ((3, 16),),
        ),
    ),
)


# ---------------------------------------------------------------- MLP
def _mlp_weights(p):
    h, i, b = p["hidden_size"], p["intermediate_size"], p["bias"]
    return {**linear_w("fc1", i, h, b), **linear_w("fc2", h, i, b)}


MLP = LayerSpec(
    name="MLP",
    family="mlp",
    params=(
        hidden(),
        _inter(),
        P("bias", "bool", True, aliases=("use_bias",)),
        P("activation", "str", "gelu", aliases=ACT),
    ),
    weights=_mlp_weights,
    shape=last_dim("MLP", "hidden_size"),
    macs=lambda p, s, o: _matmul(_mlp_weights(p), rows(s[0])),
    role="mlp",
    aliases=("FeedForward", "FFN", "Mlp", "CLIPMLP", "PositionwiseFeedForward"),
    doc="fc2(act(fc1(x))): the two-linear MLP of ViT/CLIP/BERT-style blocks.",
    extra={
        "bad": ex(({"hidden_size": 32, "intermediate_size": 64}, ((2, 5, 30),))),
        "reference": "mlp",
    },
    examples=ex(
        ({"hidden_size": 32, "intermediate_size": 128}, ((2, 5, 32),)),
        (
            {"hidden_size": 24, "intermediate_size": 48, "bias": False, "activation": "relu"},
            ((4, 24),),
        ),
    ),
)


# ---------------------------------------------------------------- MoE router
def _router_weights(p):
    w = {"weight": (p["num_experts"], p["hidden_size"])}
    if p["bias"]:
        w["bias"] = (p["num_experts"],)
    return w


def _router_shape(p, shapes):
    x = shapes[0]
    expect_dim("MoERouter", x, -1, p["hidden_size"], "hidden_size")
    return (*x[:-1], p["num_experts"])


_EXPERTS = ("num_local_experts", "n_routed_experts", "moe_num_experts", "num_experts_total")
_TOPK = ("num_experts_per_tok", "moe_top_k")

ROUTER = LayerSpec(
    name="MoERouter",
    family="mlp",
    params=(
        hidden(),
        P("num_experts", dim=True, aliases=_EXPERTS),
        P("top_k", default=2, aliases=_TOPK),
        P("bias", "bool", False, aliases=("router_bias",)),
    ),
    weights=_router_weights,
    shape=_router_shape,
    macs=lambda p, s, o: rows(s[0]) * p["hidden_size"] * p["num_experts"],
    role="router",
    aliases=("TopKRouter", "MixtralTopKRouter", "MoEGate", "Router"),
    doc="Router logits (..., hidden) -> (..., num_experts); picks top_k experts per token.",
    extra={
        "bad": ex(({"hidden_size": 32, "num_experts": 8}, ((6, 30),))),
        "reference": "moe_router",
    },
    examples=ex(
        ({"hidden_size": 32, "num_experts": 8}, ((6, 32),)),
        ({"hidden_size": 16, "num_experts": 4, "top_k": 1, "bias": True}, ((2, 3, 16),)),
    ),
)


# ---------------------------------------------------------------- MoE experts
def _experts_weights(p, prefix=""):
    e, h, i, b = p["num_experts"], p["hidden_size"], p["intermediate_size"], p["bias"]
    if p["layout"] == "per_expert":
        one = dict(p, bias=b)
        w = {}
        for k in range(e):
            if p["gated"]:
                w.update(_gated_weights(one, f"{prefix}{k}."))
            else:
                w.update(linear_w(f"{prefix}{k}.up_proj", i, h, b))
                w.update(linear_w(f"{prefix}{k}.down_proj", h, i, b))
        return w
    up = "gate_up_proj" if p["gated"] else "up_proj"
    up_rows = 2 * i if p["gated"] else i
    w = {prefix + up: (e, up_rows, h)}
    if b:
        w[prefix + up + "_bias"] = (e, up_rows)
    w[prefix + "down_proj"] = (e, h, i)
    if b:
        w[prefix + "down_proj_bias"] = (e, h)
    return w


def _check_layout(p, name="MoEExperts"):
    if p["layout"] not in ("fused", "per_expert"):
        raise CatalogueError(f"{name}.layout must be 'fused' or 'per_expert', got {p['layout']!r}")


def _experts_w(p):
    _check_layout(p)
    return _experts_weights(p)


def _active_macs(p):
    """MACs per token of the top_k active experts."""
    per_expert = (3 if p["gated"] else 2) * p["hidden_size"] * p["intermediate_size"]
    return p["top_k"] * per_expert


EXPERTS = LayerSpec(
    name="MoEExperts",
    family="mlp",
    params=(
        P("num_experts", dim=True, aliases=_EXPERTS),
        hidden(),
        _inter(),
        P("gated", "bool", True),
        P("bias", "bool", False),
        P("top_k", default=2, aliases=_TOPK),
        P("layout", "str", "fused", doc="'fused' 3-D tensors (transformers 5) or 'per_expert'"),
        P("activation", "str", "silu", aliases=ACT),
    ),
    weights=_experts_w,
    shape=last_dim("MoEExperts", "hidden_size"),
    macs=lambda p, s, o: rows(s[0]) * _active_macs(p),
    role="experts",
    aliases=("Experts", "MixtralExperts", "Qwen2MoeExperts", "ExpertsMLP"),
    doc="num_experts gated (or plain) MLPs, stored as fused 3-D tensors gate_up_proj "
    "(E, 2I, H) / down_proj (E, H, I) or as a ModuleList of per-expert MLPs; both count alike.",
    extra={
        "bad": ex(({"num_experts": 4, "hidden_size": 16, "intermediate_size": 24}, ((6, 15),))),
        "reference": "moe_experts",
    },
    examples=ex(
        ({"num_experts": 4, "hidden_size": 16, "intermediate_size": 24}, ((6, 16),)),
        (
            {
                "num_experts": 3,
                "hidden_size": 8,
                "intermediate_size": 12,
                "layout": "per_expert",
                "bias": True,
            },
            ((5, 8),),
        ),
        (
            {"num_experts": 2, "hidden_size": 8, "intermediate_size": 4, "gated": False},
            ((2, 3, 8),),
        ),
    ),
)


# ---------------------------------------------------------------- Sparse MoE (router + experts)
def _moe_weights(p):
    _check_layout(p, "SparseMoE")
    w = _router_weights(dict(p, bias=p["router_bias"]))
    w = {f"gate.{k}": v for k, v in w.items()}
    w.update(_experts_weights(dict(p, bias=False), "experts."))
    if p["shared_intermediate_size"]:
        shared = dict(p, intermediate_size=p["shared_intermediate_size"], bias=False)
        w.update(_gated_weights(shared, "shared_expert."))
        if p["shared_expert_gate"]:
            w["shared_expert_gate.weight"] = (1, p["hidden_size"])
    return w


def _moe_macs(p, s, o):
    t = rows(s[0])
    shared = 3 * p["hidden_size"] * (p["shared_intermediate_size"] or 0)
    if p["shared_intermediate_size"] and p["shared_expert_gate"]:
        shared += p["hidden_size"]
    return t * (p["hidden_size"] * p["num_experts"] + _active_macs(p) + shared)


MOE = LayerSpec(
    name="SparseMoE",
    family="mlp",
    params=(
        hidden(),
        P("num_experts", dim=True, aliases=_EXPERTS),
        _inter(),
        P("top_k", default=2, aliases=_TOPK),
        P(
            "shared_intermediate_size",
            default=0,
            dim=True,
            aliases=("shared_expert_intermediate_size",),
        ),
        P("shared_expert_gate", "bool", False),
        P("router_bias", "bool", False),
        P("gated", "bool", True),
        P("layout", "str", "fused"),
        P("activation", "str", "silu", aliases=ACT),
    ),
    weights=_moe_weights,
    shape=last_dim("SparseMoE", "hidden_size"),
    macs=_moe_macs,
    role="mlp",
    aliases=("MoE", "SparseMoeBlock", "MixtralSparseMoeBlock", "Qwen2MoeSparseMoeBlock"),
    doc="Router `gate` + `experts` (+ optional gated `shared_expert` and `shared_expert_gate`), "
    "named as transformers' MixtralSparseMoeBlock / Qwen2MoeSparseMoeBlock.",
    extra={
        "bad": ex(({"hidden_size": 16, "num_experts": 4, "intermediate_size": 24}, ((2, 3, 15),))),
        "reference": "hf_sparse_moe",
    },
    examples=ex(
        ({"hidden_size": 16, "num_experts": 4, "intermediate_size": 24, "top_k": 2}, ((2, 3, 16),)),
        (
            {
                "hidden_size": 16,
                "num_experts": 6,
                "intermediate_size": 8,
                "top_k": 2,
                "shared_intermediate_size": 32,
                "shared_expert_gate": True,
            },
            ((1, 4, 16),),
        ),
    ),
)

LAYERS = [GATED, MLP, ROUTER, EXPERTS, MOE]

LAYERS = checked(LAYERS)
