"""A small dense decoder with multi-head latent attention (low-rank queries and a compressed,
shared KV latent with a decoupled RoPE part). Sizes come from a dict of named presets merged
with caller overrides: ``MiniCPM3(**{"preset": "tiny", "layers": 4})``."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

PRESETS = {
    "tiny": dict(
        vocab=640,
        dim=64,
        layers=2,
        heads=4,
        ffn=160,
        q_rank=48,
        kv_rank=32,
        nope=16,
        rope=8,
        v_dim=16,
    ),
    "small": dict(
        vocab=73448,
        dim=2560,
        layers=62,
        heads=40,
        ffn=6400,
        q_rank=768,
        kv_rank=256,
        nope=64,
        rope=32,
        v_dim=64,
    ),
}
DEFAULT_OVERRIDES = dict(eps=1e-5, theta=10000.0, scale_emb=1.0, scale_depth=1.0)


class LatentAttention(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p = p
        qk = p["nope"] + p["rope"]
        self.q_down = nn.Linear(p["dim"], p["q_rank"], bias=False)
        self.q_norm = nn.RMSNorm(p["q_rank"], eps=p["eps"])
        self.q_up = nn.Linear(p["q_rank"], p["heads"] * qk, bias=False)
        self.kv_down = nn.Linear(p["dim"], p["kv_rank"] + p["rope"], bias=False)
        self.kv_norm = nn.RMSNorm(p["kv_rank"], eps=p["eps"])
        self.kv_up = nn.Linear(p["kv_rank"], p["heads"] * (p["nope"] + p["v_dim"]), bias=False)
        self.out = nn.Linear(p["heads"] * p["v_dim"], p["dim"], bias=False)

    def forward(self, x):
        p = self.p
        b, t, _ = x.shape
        h, nope, rope = p["heads"], p["nope"], p["rope"]
        q = self.q_up(self.q_norm(self.q_down(x))).view(b, t, h, nope + rope).transpose(1, 2)
        q_nope, q_pe = q.split([nope, rope], -1)
        ckv, k_pe = self.kv_down(x).split([p["kv_rank"], rope], -1)
        kv = self.kv_up(self.kv_norm(ckv)).view(b, t, h, nope + p["v_dim"]).transpose(1, 2)
        k_nope, v = kv.split([nope, p["v_dim"]], -1)
        inv = p["theta"] ** (-torch.arange(0, rope, 2).float() / rope)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)

        def rot(z):
            return (
                z * a.cos() + torch.cat((-z[..., rope // 2 :], z[..., : rope // 2]), -1) * a.sin()
            )

        q_pe, k_pe = rot(q_pe), rot(k_pe.unsqueeze(1))
        q = torch.cat((q_nope, q_pe), -1)
        k = torch.cat((k_nope, k_pe.expand(-1, h, -1, -1)), -1)
        y = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, scale=1 / math.sqrt(nope + rope)
        )
        return self.out(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p = p
        self.ln_1 = nn.RMSNorm(p["dim"], eps=p["eps"])
        self.attn = LatentAttention(p)
        self.ln_2 = nn.RMSNorm(p["dim"], eps=p["eps"])
        self.w_gate = nn.Linear(p["dim"], p["ffn"], bias=False)
        self.w_up = nn.Linear(p["dim"], p["ffn"], bias=False)
        self.w_down = nn.Linear(p["ffn"], p["dim"], bias=False)

    def forward(self, x):
        r = self.p["scale_depth"] / math.sqrt(self.p["layers"])
        x = x + r * self.attn(self.ln_1(x))
        h = self.ln_2(x)
        return x + r * self.w_down(F.silu(self.w_gate(h)) * self.w_up(h))


class MiniCPM3(nn.Module):
    def __init__(self, preset: str = "tiny", **overrides):
        super().__init__()
        p = {**PRESETS[preset], **DEFAULT_OVERRIDES, **overrides}
        self.p = p
        self.embed = nn.Embedding(p["vocab"], p["dim"])
        self.layers = nn.ModuleList(Layer(p) for _ in range(p["layers"]))
        self.norm = nn.RMSNorm(p["dim"], eps=p["eps"])

    def forward(self, ids):
        x = self.embed(ids) * self.p["scale_emb"]
        for layer in self.layers:
            x = layer(x)
        # tied output projection, scaled the muP way
        return F.linear(self.norm(x) / (self.p["dim"] / 256), self.embed.weight)
