"""GLM-Image's text decoder sized from a flat exported key list whose "text." prefix is stripped."""

import torch
import torch.nn as nn
import torch.nn.functional as F

EXPORTED = {
    "vision.patch": 16,
    "vision.width": 96,
    "text.vocab": 256,
    "text.width": 64,
    "text.layers": 2,
    "text.heads": 4,
    "text.kv_heads": 2,
    "text.ffn": 128,
    "text.eps": 1e-5,
}
TEXT = {k.removeprefix("text."): v for k, v in EXPORTED.items() if k.startswith("text.")}


class RMSNorm(nn.Module):
    def __init__(self, d, eps=TEXT["eps"]):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self, width, heads, kv_heads):
        super().__init__()
        self.hd = width // heads
        self.q_proj = nn.Linear(width, heads * self.hd, bias=True)
        self.k_proj = nn.Linear(width, kv_heads * self.hd, bias=True)
        self.v_proj = nn.Linear(width, kv_heads * self.hd, bias=True)
        self.o_proj = nn.Linear(heads * self.hd, width, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, -1, self.hd).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class DecoderLayer(nn.Module):
    def __init__(self, width, heads, kv_heads, ffn, **_):
        super().__init__()
        self.self_attn = Attention(width, heads, kv_heads)
        self.gate_up_proj = nn.Linear(width, 2 * ffn, bias=False)
        self.down_proj = nn.Linear(ffn, width, bias=False)
        self.norms = nn.ModuleDict(
            {n: RMSNorm(width) for n in ("input", "post_self_attn", "post_attention", "post_mlp")}
        )

    def forward(self, x):
        n = self.norms
        x = x + n["post_self_attn"](self.self_attn(n["input"](x)))
        g, u = self.gate_up_proj(n["post_attention"](x)).chunk(2, -1)
        return x + n["post_mlp"](self.down_proj(F.silu(g) * u))


class GlmImageText(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(TEXT["vocab"], TEXT["width"])
        self.layers = nn.ModuleList(DecoderLayer(**TEXT) for _ in range(TEXT["layers"]))
        self.norm = RMSNorm(TEXT["width"])

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
