"""dots.llm1 re-implementation: per-head q/k RMS norms, a dense first block, then
sigmoid-routed experts picked group-wise (group score = sum of its best two) with a
shared expert. The settings are a TOML table, as our trainer writes them."""

import tomllib
import torch
import torch.nn.functional as F
from torch import nn

SETTINGS = tomllib.loads(
    """
[model]
vocab_size = 592
hidden = 64
dense_inner = 240
n_blocks = 3
dense_blocks = 1
rms_eps = 1e-6

[model.attention]
heads = 4
kv_heads = 2
rope_theta = 10000.0

[model.moe]
routed = 8
groups = 2
groups_kept = 1
per_token = 2
shared = 1
inner = 24
scale = 2.5
"""
)
M = SETTINGS["model"]
ATT = M["attention"]
MOE = M["moe"]


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * (x * (x.pow(2).mean(-1, keepdim=True) + M["rms_eps"]).rsqrt())


def neox_rope(x, cos, sin):
    a, b = x.chunk(2, -1)
    return x * cos + torch.cat([-b, a], -1) * sin


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.h, self.kv = ATT["heads"], ATT["kv_heads"]
        self.d = M["hidden"] // self.h
        self.q_proj = nn.Linear(M["hidden"], self.h * self.d, bias=False)
        self.k_proj = nn.Linear(M["hidden"], self.kv * self.d, bias=False)
        self.v_proj = nn.Linear(M["hidden"], self.kv * self.d, bias=False)
        self.o_proj = nn.Linear(self.h * self.d, M["hidden"], bias=False)
        self.q_norm = RMSNorm(self.d)
        self.k_norm = RMSNorm(self.d)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, self.h, self.d)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, self.kv, self.d)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.d).transpose(1, 2)
        q, k = neox_rope(q, cos, sin), neox_rope(k, cos, sin)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class DenseMLP(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.gate_proj = nn.Linear(M["hidden"], inner, bias=False)
        self.up_proj = nn.Linear(M["hidden"], inner, bias=False)
        self.down_proj = nn.Linear(inner, M["hidden"], bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class GroupedMoE(nn.Module):
    def __init__(self):
        super().__init__()
        E, F_, H = MOE["routed"], MOE["inner"], M["hidden"]
        self.router = nn.Parameter(torch.zeros(E, H))
        self.register_buffer("bias", torch.zeros(E))
        self.w_in = nn.Parameter(torch.empty(E, 2 * F_, H).normal_(std=0.02))
        self.w_out = nn.Parameter(torch.empty(E, H, F_).normal_(std=0.02))
        self.shared = DenseMLP(F_ * MOE["shared"])

    def forward(self, x):
        E, G = MOE["routed"], MOE["groups"]
        flat = x.reshape(-1, x.shape[-1])
        s = (flat @ self.router.T).sigmoid()
        biased = s + self.bias
        grp = biased.view(-1, G, E // G).topk(2, -1).values.sum(-1)
        keep = torch.zeros_like(grp).scatter(1, grp.topk(MOE["groups_kept"], -1).indices, 1.0)
        keep = keep.repeat_interleave(E // G, dim=1).bool()
        idx = biased.masked_fill(~keep, float("-inf")).topk(MOE["per_token"], -1).indices
        w = s.gather(1, idx)
        w = w / (w.sum(-1, keepdim=True) + 1e-20) * MOE["scale"]
        mix = torch.zeros_like(s).scatter(1, idx, w)
        g, u = torch.einsum("th,efh->tef", flat, self.w_in).chunk(2, -1)
        y = torch.einsum("tef,ehf->teh", F.silu(g) * u, self.w_out)
        y = torch.einsum("teh,te->th", y, mix).view_as(x)
        return y + self.shared(x)


class Block(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.ln1 = RMSNorm(M["hidden"])
        self.attn = Attention()
        self.ln2 = RMSNorm(M["hidden"])
        self.mlp = DenseMLP(M["dense_inner"]) if i < M["dense_blocks"] else GroupedMoE()

    def forward(self, x, cos, sin):
        x = x + self.attn(self.ln1(x), cos, sin)
        return x + self.mlp(self.ln2(x))


class DotsLLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embed = nn.Embedding(M["vocab_size"], M["hidden"])
        self.blocks = nn.ModuleList([Block(i) for i in range(M["n_blocks"])])
        self.ln_f = RMSNorm(M["hidden"])
        self.out = nn.Linear(M["hidden"], M["vocab_size"], bias=False)

    def forward(self, ids):
        d = M["hidden"] // ATT["heads"]
        inv = 1.0 / ATT["rope_theta"] ** (torch.arange(0, d, 2).float() / d)
        f = torch.arange(ids.shape[1]).float().outer(inv)
        f = torch.cat([f, f], -1)
        cos, sin = f.cos(), f.sin()
        x = self.tok_embed(ids)
        for blk in self.blocks:
            x = blk(x, cos, sin)
        return self.out(self.ln_f(x))
