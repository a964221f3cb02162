"""Kimi-Linear-like hybrid, hand-rolled: every layer's weights sit in one nn.ParameterDict (matrices
applied with F.linear). Layer 0 is delta-attention with a low-rank forget gate and output gate;
layer 1 is latent (MLA) attention followed by routed experts plus one shared expert."""

import torch
import torch.nn.functional as F
from torch import nn

H = {
    "vocab": 256,
    "d": 64,
    "heads": 4,
    "lin_head_dim": 16,
    "gate_rank": 16,
    "conv": 4,
    "kv_rank": 32,
    "nope": 16,
    "rope": 8,
    "v_dim": 16,
    "ffn": 128,
    "experts": 4,
    "top_k": 2,
    "expert_ffn": 32,
}
PATTERN = ["linear/dense", "mla/moe"]


def P(*shape, std=0.02):
    return nn.Parameter(torch.randn(*shape) * std)


def rms(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


def linear_attn_params(p):
    d, n, hd, r = H["d"], H["heads"], H["lin_head_dim"], H["gate_rank"]
    p.update(
        {
            "wq": P(n * hd, d),
            "wk": P(n * hd, d),
            "wv": P(n * hd, d),
            "conv": P(3 * n * hd, 1, H["conv"]),
            "dt_bias": P(n * hd),
            "A_log": P(1, 1, n, 1),
            "f_a": P(r, d),
            "f_b": P(n * hd, r),
            "beta": P(n, d),
            "g_a": P(r, d),
            "g_b": P(n * hd, r),
            "o_norm": P(hd),
            "wo": P(d, n * hd),
        }
    )


def mla_params(p):
    d, n = H["d"], H["heads"]
    p.update(
        {
            "wq": P(n * (H["nope"] + H["rope"]), d),
            "wkv_a": P(H["kv_rank"] + H["rope"], d),
            "kv_norm": P(H["kv_rank"]),
            "wkv_b": P(n * (H["nope"] + H["v_dim"]), H["kv_rank"]),
            "wo": P(d, n * H["v_dim"]),
        }
    )


def dense_params(p, hidden, pre=""):
    p.update(
        {
            pre + "w_gate": P(hidden, H["d"]),
            pre + "w_up": P(hidden, H["d"]),
            pre + "w_down": P(H["d"], hidden),
        }
    )


def moe_params(p):
    e, f = H["experts"], H["expert_ffn"]
    p.update(
        {
            "router": P(e, H["d"]),
            "experts_gate_up": P(e, 2 * f, H["d"]),
            "experts_down": P(e, H["d"], f),
        }
    )
    dense_params(p, f, "shared_")


def linear_attn(p, x):
    b, t, _ = x.shape
    n = H["heads"]
    qkv = torch.cat([F.linear(x, p[k]) for k in ("wq", "wk", "wv")], -1).transpose(1, 2)
    qkv = F.silu(F.conv1d(F.pad(qkv, (H["conv"] - 1, 0)), p["conv"], groups=qkv.shape[1]))
    q, k, v = qkv.transpose(1, 2).chunk(3, -1)
    decay = torch.sigmoid(F.linear(F.linear(x, p["f_a"]), p["f_b"]) + p["dt_bias"])
    state = torch.cumsum(decay * k * v, 1) * q
    o = rms(state.view(b, t, n, -1), p["o_norm"]).view(b, t, -1)
    gate = torch.sigmoid(F.linear(F.linear(x, p["g_a"]), p["g_b"]))
    return F.linear(
        o * gate * torch.sigmoid(F.linear(x, p["beta"])).repeat_interleave(H["lin_head_dim"], -1),
        p["wo"],
    )


def mla(p, x):
    b, t, _ = x.shape
    n = H["heads"]
    q = F.linear(x, p["wq"]).view(b, t, n, -1).transpose(1, 2)
    lat, k_rope = F.linear(x, p["wkv_a"]).split([H["kv_rank"], H["rope"]], -1)
    kv = F.linear(rms(lat, p["kv_norm"]), p["wkv_b"]).view(b, t, n, -1).transpose(1, 2)
    k_nope, v = kv.split([H["nope"], H["v_dim"]], -1)
    k = torch.cat([k_nope, k_rope[:, None].expand(-1, n, -1, -1)], -1)
    o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return F.linear(o.transpose(1, 2).reshape(b, t, -1), p["wo"])


def dense(p, x, pre=""):
    return F.linear(
        F.silu(F.linear(x, p[pre + "w_gate"])) * F.linear(x, p[pre + "w_up"]), p[pre + "w_down"]
    )


def moe(p, x):
    w, idx = torch.sigmoid(F.linear(x, p["router"])).topk(H["top_k"], -1)
    out = dense(p, x, "shared_")
    for e in range(H["experts"]):
        g, u = F.linear(x, p["experts_gate_up"][e]).chunk(2, -1)
        out = out + (w * (idx == e)).sum(-1, keepdim=True) * F.linear(
            F.silu(g) * u, p["experts_down"][e]
        )
    return out


MIXERS = {"linear": (linear_attn_params, linear_attn), "mla": (mla_params, mla)}
FFNS = {"dense": (lambda p: dense_params(p, H["ffn"]), dense), "moe": (moe_params, moe)}


class KimiLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(H["vocab"], H["d"])
        self.layers = nn.ModuleList()
        for spec in PATTERN:
            mixer, ffn = spec.split("/")
            p = nn.ParameterDict(
                {
                    "norm1": nn.Parameter(torch.ones(H["d"])),
                    "norm2": nn.Parameter(torch.ones(H["d"])),
                }
            )
            MIXERS[mixer][0](p)
            FFNS[ffn][0](p)
            self.layers.append(p)
        self.norm = nn.Parameter(torch.ones(H["d"]))

    def forward(self, ids):
        x = self.embed(ids)
        for spec, p in zip(PATTERN, self.layers):
            mixer, ffn = spec.split("/")
            x = x + MIXERS[mixer][1](p, rms(x, p["norm1"]))
            x = x + FFNS[ffn][1](p, rms(x, p["norm2"]))
        return rms(x, self.norm)
