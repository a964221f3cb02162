"""A Sarvam-MLA port from JAX: the parameters are declared as a nested tree of shapes (as
``jax.eval_shape`` would print it) and materialised into nested ModuleDicts / ParameterDicts;
multi-head latent attention, the first layer dense, then routed + shared experts.
Forward: attention and routing as in DeepSeek-V3 without RoPE on the rope slice (count-proved)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

D, H, VOCAB, DEPTH = 64, 4, 256, 2
Q_RANK, KV_RANK, NOPE, ROPE, V_DIM = 32, 32, 16, 8, 16
FFN, EXPERT_FFN, EXPERTS, TOP_K, DENSE_LAYERS = 128, 32, 4, 2, 1


def attn_tree():
    return {
        "q_a_proj": {"weight": (Q_RANK, D)},
        "q_a_layernorm": {"weight": (Q_RANK,)},
        "q_b_proj": {"weight": (H * (NOPE + ROPE), Q_RANK)},
        "kv_a_proj_with_mqa": {"weight": (KV_RANK + ROPE, D)},
        "kv_a_layernorm": {"weight": (KV_RANK,)},
        "kv_b_proj": {"weight": (H * (NOPE + V_DIM), KV_RANK)},
        "o_proj": {"weight": (D, H * V_DIM)},
    }


def mlp_tree(f):
    return {
        "gate_proj": {"weight": (f, D)},
        "up_proj": {"weight": (f, D)},
        "down_proj": {"weight": (D, f)},
    }


def layer_tree(i):
    mlp = (
        mlp_tree(FFN)
        if i < DENSE_LAYERS
        else {
            "gate": {"weight": (EXPERTS, D)},
            "experts": {
                "gate_up_proj": (EXPERTS, 2 * EXPERT_FFN, D),
                "down_proj": (EXPERTS, D, EXPERT_FFN),
            },
            "shared_experts": mlp_tree(EXPERT_FFN),
        }
    )
    return {
        "self_attn": attn_tree(),
        "mlp": mlp,
        "input_layernorm": {"weight": (D,)},
        "post_attention_layernorm": {"weight": (D,)},
    }


PARAM_TREE = {
    "embed_tokens": {"weight": (VOCAB, D)},
    "layers": {str(i): layer_tree(i) for i in range(DEPTH)},
    "norm": {"weight": (D,)},
}


def materialise(tree):
    if all(isinstance(v, tuple) for v in tree.values()):
        return nn.ParameterDict({k: nn.Parameter(torch.randn(v) * 0.02) for k, v in tree.items()})
    return nn.ModuleDict({k: materialise(v) for k, v in tree.items()})


def rms(x, w, eps=1e-5):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)


def mla(p, x):
    B, T, _ = x.shape
    q = F.linear(
        rms(F.linear(x, p["q_a_proj"]["weight"]), p["q_a_layernorm"]["weight"]),
        p["q_b_proj"]["weight"],
    )
    q = q.view(B, T, H, NOPE + ROPE).transpose(1, 2)
    ckv = F.linear(x, p["kv_a_proj_with_mqa"]["weight"])
    c, k_rope = ckv.split([KV_RANK, ROPE], -1)
    kv = (
        F.linear(rms(c, p["kv_a_layernorm"]["weight"]), p["kv_b_proj"]["weight"])
        .view(B, T, H, NOPE + V_DIM)
        .transpose(1, 2)
    )
    k_nope, v = kv.split([NOPE, V_DIM], -1)
    k = torch.cat([k_nope, k_rope[:, None].expand(B, H, T, ROPE)], -1)
    o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return F.linear(o.transpose(1, 2).reshape(B, T, -1), p["o_proj"]["weight"])


def swiglu(p, x):
    return F.linear(
        F.silu(F.linear(x, p["gate_proj"]["weight"])) * F.linear(x, p["up_proj"]["weight"]),
        p["down_proj"]["weight"],
    )


def moe(p, x):
    w, idx = F.linear(x, p["gate"]["weight"]).sigmoid().topk(TOP_K, -1)
    w = w / w.sum(-1, keepdim=True)
    out = swiglu(p["shared_experts"], x)
    for s in range(TOP_K):
        g, u = torch.einsum("btd,btfd->btf", x, p["experts"]["gate_up_proj"][idx[..., s]]).chunk(
            2, -1
        )
        out = out + w[..., s, None] * torch.einsum(
            "btf,btdf->btd", F.silu(g) * u, p["experts"]["down_proj"][idx[..., s]]
        )
    return out


class SarvamMLA(nn.Module):
    def __init__(self):
        super().__init__()
        self.params = materialise(PARAM_TREE)

    def forward(self, ids):
        p = self.params
        x = F.embedding(ids, p["embed_tokens"]["weight"])
        for i in range(DEPTH):
            lp = p["layers"][str(i)]
            x = x + mla(lp["self_attn"], rms(x, lp["input_layernorm"]["weight"]))
            h = rms(x, lp["post_attention_layernorm"]["weight"])
            x = x + (swiglu(lp["mlp"], h) if i < DENSE_LAYERS else moe(lp["mlp"], h))
        return rms(x, p["norm"]["weight"])
