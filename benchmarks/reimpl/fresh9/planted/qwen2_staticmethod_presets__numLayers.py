"""Qwen2 (tiny, tied head): named sizes are static methods of a ``Presets`` namespace class and
the model picks one by name with ``getattr(Presets, name)()``."""

import torch.nn.functional as F
from torch import nn


class Presets:
    @staticmethod
    def debug():
        return dict(vocab=512, d=64, layers=2, heads=4, kv=4, ffn=128, eps=1e-6)

    @staticmethod
    def tiny():
        return dict(vocab=768, d=96, layers=3, heads=6, kv=2, ffn=240, eps=1e-6)


PRESET = "tiny"


class Attention(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p, hd = p, p["d"] // p["heads"]
        self.qkv = nn.ModuleDict(
            {
                "q": nn.Linear(p["d"], p["heads"] * hd),
                "k": nn.Linear(p["d"], p["kv"] * hd),
                "v": nn.Linear(p["d"], p["kv"] * hd),
            }
        )
        self.proj = nn.Linear(p["heads"] * hd, p["d"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.qkv["q"](x).view(b, t, self.p["heads"], -1).transpose(1, 2)
        k = self.qkv["k"](x).view(b, t, self.p["kv"], -1).transpose(1, 2)
        v = self.qkv["v"](x).view(b, t, self.p["kv"], -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.proj(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.n1 = nn.RMSNorm(p["d"], eps=p["eps"])
        self.attn = Attention(p)
        self.n2 = nn.RMSNorm(p["d"], eps=p["eps"])
        self.fc_gate = nn.Linear(p["d"], p["ffn"], bias=False)
        self.fc_up = nn.Linear(p["d"], p["ffn"], bias=False)
        self.fc_down = nn.Linear(p["ffn"], p["d"], bias=False)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        h = self.n2(x)
        return x + self.fc_down(F.silu(self.fc_gate(h)) * self.fc_up(h))


class Qwen2Tied(nn.Module):
    def __init__(self, preset=PRESET):
        super().__init__()
        p = getattr(Presets, preset)()
        self.emb = nn.Embedding(p["vocab"], p["d"])
        self.blocks = nn.ModuleList(Block(p) for _ in range(p["layers"]))
        self.norm = nn.RMSNorm(p["d"], eps=p["eps"])

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x) @ self.emb.weight.T
