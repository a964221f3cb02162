"""Command R7B (Cohere2) style decoder: parallel attention + MLP off one bias-free LayerNorm,
interleaved rotary on the local (sliding) layers only, every 4th layer global without
positions, tied and scaled logits. Settings: the run's overrides chained over the card's."""

from collections import ChainMap

import torch
import torch.nn as nn
import torch.nn.functional as F

CARD = {
    "vocab": 256000,
    "d": 4096,
    "ff": 14336,
    "layers": 32,
    "heads": 32,
    "kv_heads": 8,
    "window": 4096,
    "period": 4,
    "rope_theta": 50000.0,
    "ln_eps": 1e-5,
    "logit_scale": 0.25,
}
RUN = {
    "vocab": 752,
    "d": 64,
    "ff": 192,
    "layers": 4,
    "heads": 4,
    "kv_heads": 4,
    "window": 8,
}
C = ChainMap(RUN, CARD)


class LN(nn.Module):
    """LayerNorm with a scale only."""

    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * F.layer_norm(x, x.shape[-1:], eps=C["ln_eps"])


def interleaved_rope(x, freqs):
    c = freqs.cos().repeat_interleave(2, -1)
    s = freqs.sin().repeat_interleave(2, -1)
    rot = torch.stack((-x[..., 1::2], x[..., 0::2]), -1).flatten(-2)
    return x * c + rot * s


class ParallelBlock(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.is_local = (i + 1) % C["period"] != 0
        self.hd = C["d"] // C["heads"]
        self.ln = LN(C["d"])
        self.wq = nn.Linear(C["d"], C["heads"] * self.hd, bias=False)
        self.wk = nn.Linear(C["d"], C["kv_heads"] * self.hd, bias=False)
        self.wv = nn.Linear(C["d"], C["kv_heads"] * self.hd, bias=False)
        self.wo = nn.Linear(C["heads"] * self.hd, C["d"], bias=False)
        self.w_gate = nn.Linear(C["d"], C["ff"], bias=False)
        self.w_up = nn.Linear(C["d"], C["ff"], bias=False)
        self.w_down = nn.Linear(C["ff"], C["d"], bias=False)

    def forward(self, x, freqs):
        B, T, _ = x.shape
        h = self.ln(x)
        q = self.wq(h).view(B, T, C["heads"], self.hd).transpose(1, 2)
        k = self.wk(h).view(B, T, C["kv_heads"], self.hd).transpose(1, 2)
        v = self.wv(h).view(B, T, C["kv_heads"], self.hd).transpose(1, 2)
        idx = torch.arange(T)
        mask = idx[:, None] >= idx[None, :]
        if self.is_local:
            q, k = interleaved_rope(q, freqs), interleaved_rope(k, freqs)
            mask = mask & (idx[:, None] - idx[None, :] < C["window"])
        a = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        a = self.wo(a.transpose(1, 2).reshape(B, T, -1))
        m = self.w_down(F.silu(self.w_gate(h)) * self.w_up(h))
        return x + a + m


class CommandR7B(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(C["vocab"], C["d"])
        self.blocks = nn.ModuleList([ParallelBlock(i) for i in range(C["layers"])])
        self.ln_out = LN(C["d"])

    def forward(self, tokens):
        hd = C["d"] // C["heads"]
        inv = 1.0 / C["rope_theta"] ** (torch.arange(0, hd, 2).float() / hd)
        freqs = torch.arange(tokens.shape[1]).float()[:, None] * inv
        x = self.embed(tokens)
        for b in self.blocks:
            x = b(x, freqs)
        return (self.ln_out(x) @ self.embed.weight.T) * C["logit_scale"]
