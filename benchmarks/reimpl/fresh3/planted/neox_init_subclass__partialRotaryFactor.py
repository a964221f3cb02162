"""GPT-NeoX (Pythia): the sizes are class keywords consumed by ``__init_subclass__``
(``class PythiaTiny(NeoXBase, layers=2, ...)``), the fused query_key_value laid out head by
head ([heads, 3 * head_dim]), rotary on a quarter of each head, the parallel residual
(``x + attn(ln1(x)) + mlp(ln2(x))``), and an untied ``embed_out``."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class NeoXLayer(nn.Module):
    def __init__(self, d, heads, ffn, rot_pct, base, eps):
        super().__init__()
        self.heads, self.hd = heads, d // heads
        self.rot = int(self.hd * rot_pct)
        self.base = base
        self.ln1 = nn.LayerNorm(d, eps=eps)
        self.ln2 = nn.LayerNorm(d, eps=eps)
        self.query_key_value = nn.Linear(d, 3 * d)
        self.dense = nn.Linear(d, d)
        self.fc_in = nn.Linear(d, ffn)
        self.fc_out = nn.Linear(ffn, d)

    def attn(self, x):
        b, t, d = x.shape
        qkv = self.query_key_value(x).view(b, t, self.heads, 3 * self.hd).transpose(1, 2)
        q, k, v = qkv.chunk(3, dim=-1)
        r = self.rot
        inv = 1.0 / self.base ** (torch.arange(0, r, 2).float() / r)
        f = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)

        def rope(z):
            zr = z[..., :r]
            zr = zr * f.cos() + torch.cat([-zr[..., r // 2 :], zr[..., : r // 2]], -1) * f.sin()
            return torch.cat([zr, z[..., r:]], -1)

        y = F.scaled_dot_product_attention(rope(q), rope(k), v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, d))

    def forward(self, x):
        return x + self.attn(self.ln1(x)) + self.fc_out(F.gelu(self.fc_in(self.ln2(x))))


class NeoXBase(nn.Module):
    spec: dict = {}

    def __init_subclass__(cls, **spec):
        super().__init_subclass__()
        cls.spec = {**NeoXBase.spec, **spec}

    def __init__(self):
        super().__init__()
        s = self.spec
        self.embed_in = nn.Embedding(s["vocab"], s["width"])
        self.layers = nn.ModuleList(
            NeoXLayer(s["width"], s["heads"], s["ffn"], s["rotary_pct"], s["rope_base"], s["eps"])
            for _ in range(s["layers"])
        )
        self.final_layer_norm = nn.LayerNorm(s["width"], eps=s["eps"])
        self.embed_out = nn.Linear(s["width"], s["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))


class PythiaTiny(
    NeoXBase,
    vocab=640,
    width=64,
    layers=2,
    heads=4,
    ffn=256,
    rotary_pct=0.5,
    rope_base=10000.0,
    eps=1e-5,
    ctx=256,
):
    pass
