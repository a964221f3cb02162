"""OLMoE whose size function still takes the keyword names of an older release: each old name
is mapped to the new one with a ``warnings.warn`` (a ``DeprecationWarning``), unknown names
raise; OLMoE-1B-7B's sizes are the defaults and an old launch script calls it with a mix of
old and new names. The simple dense-dispatch MoE users write first (every expert runs on every
token, then the top-k softmax weights, not renormalised, pick and mix), expert weights as
stacked 3-D Parameters, q/k RMSNorms over the full projection width."""

import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

RENAMED = {
    "d_model": "dim",
    "n_layers": "layers",
    "n_heads": "heads",
    "num_experts": "experts",
    "ffn_dim": "expert_dim",
}


def model_config(
    dim=2048,
    layers=16,
    heads=16,
    experts=64,
    top_k=8,
    expert_dim=1024,
    vocab=50304,
    eps=1e-5,
    theta=10000.0,
    **legacy,
):
    hp = dict(
        dim=dim,
        layers=layers,
        heads=heads,
        experts=experts,
        top_k=top_k,
        expert_dim=expert_dim,
        vocab=vocab,
        eps=eps,
        theta=theta,
    )
    for old, value in legacy.items():
        if old not in RENAMED:
            raise TypeError(f"model_config() got an unexpected keyword argument {old!r}")
        warnings.warn(f"{old!r} is deprecated, use {RENAMED[old]!r}", DeprecationWarning, 2)
        hp[RENAMED[old]] = value
    return hp


# an old launch script, still on the 0.x names
with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    HP = model_config(
        d_model=64,
        n_layers=2,
        heads=4,
        num_experts=6,
        top_k=2,
        ffn_dim=96,
        vocab=800,
    )


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + HP["eps"])


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        d = HP["dim"]
        self.q_proj = nn.Linear(d, d, bias=False)
        self.k_proj = nn.Linear(d, d, bias=False)
        self.v_proj = nn.Linear(d, d, bias=False)
        self.o_proj = nn.Linear(d, d, bias=False)
        self.q_norm = RMSNorm(d)
        self.k_norm = RMSNorm(d)

    def forward(self, x, cos, sin):
        b, t, d = x.shape
        h = HP["heads"]
        q = self.q_norm(self.q_proj(x)).view(b, t, h, d // h).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).view(b, t, h, d // h).transpose(1, 2)
        v = self.v_proj(x).view(b, t, h, d // h).transpose(1, 2)
        rh = lambda z: torch.cat((-z[..., d // h // 2 :], z[..., : d // h // 2]), -1)  # noqa: E731
        q, k = q * cos + rh(q) * sin, k * cos + rh(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, d))


class DenseMoE(nn.Module):
    def __init__(self):
        super().__init__()
        e, d, f = HP["experts"], HP["dim"], HP["expert_dim"]
        self.router = nn.Linear(d, e, bias=False)
        self.w_gate = nn.Parameter(torch.randn(e, f, d) * 0.02)
        self.w_up = nn.Parameter(torch.randn(e, f, d) * 0.02)
        self.w_down = nn.Parameter(torch.randn(e, d, f) * 0.02)

    def forward(self, x):
        probs = self.router(x).softmax(-1)
        top_w, top_i = probs.topk(HP["top_k"], dim=-1)
        weights = torch.zeros_like(probs).scatter(-1, top_i, top_w)
        g = torch.einsum("btd,efd->btef", x, self.w_gate)
        u = torch.einsum("btd,efd->btef", x, self.w_up)
        out = torch.einsum("btef,edf->bted", F.silu(g) * u, self.w_down)
        return torch.einsum("bted,bte->btd", out, weights)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_norm = RMSNorm(HP["dim"])
        self.attn = Attention()
        self.moe_norm = RMSNorm(HP["dim"])
        self.moe = DenseMoE()

    def forward(self, x, cos, sin):
        x = x + self.attn(self.attn_norm(x), cos, sin)
        return x + self.moe(self.moe_norm(x))


class OLMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(HP["vocab"], HP["dim"])
        self.layers = nn.ModuleList(Layer() for _ in range(HP["layers"]))
        self.norm = RMSNorm(HP["dim"])
        self.head = nn.Linear(HP["dim"], HP["vocab"], bias=False)

    def forward(self, ids):
        hd = HP["dim"] // HP["heads"]
        inv = HP["theta"] ** (-torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        cos, sin = torch.cat((f, f), -1).cos(), torch.cat((f, f), -1).sin()
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.head(self.norm(x))
