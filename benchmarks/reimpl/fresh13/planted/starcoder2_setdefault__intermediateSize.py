"""StarCoder2 (LayerNorm with bias, biased projections, GELU MLP, sliding window, tied head);
the launch options fill missing sizes with dict.setdefault."""

import torch
import torch.nn.functional as F
from torch import nn

OPTS = {"width": 96, "layers": 2}
OPTS.setdefault("vocab", 512)
OPTS.setdefault("heads", 6)
OPTS.setdefault("kv_heads", 2)
OPTS.setdefault("mlp", 256)
OPTS.setdefault("window", 64)


class SC2Layer(nn.Module):
    def __init__(self, o):
        super().__init__()
        d, h, kv = o["width"], o["heads"], o["kv_heads"]
        self.h, self.kv, self.hd, self.window = h, kv, d // h, o["window"]
        self.ln1, self.ln2 = nn.LayerNorm(d, eps=1e-5), nn.LayerNorm(d, eps=1e-5)
        self.q = nn.Linear(d, h * self.hd)
        self.k = nn.Linear(d, kv * self.hd)
        self.v = nn.Linear(d, kv * self.hd)
        self.o = nn.Linear(h * self.hd, d)
        self.c_fc, self.c_proj = nn.Linear(d, o["mlp"]), nn.Linear(o["mlp"], d)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln1(x)
        q = self.q(h).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k(h).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v(h).view(b, t, self.kv, self.hd).transpose(1, 2)
        i = torch.arange(t)
        ok = (i[:, None] >= i[None]) & (i[:, None] - i[None] < self.window)
        a = F.scaled_dot_product_attention(q, k, v, attn_mask=ok, enable_gqa=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, -1))
        return x + self.c_proj(F.gelu(self.c_fc(self.ln2(x)), approximate="tanh"))


class StarCoder2(nn.Module):
    def __init__(self, o=OPTS):
        super().__init__()
        self.embed_tokens = nn.Embedding(o["vocab"], o["width"])
        self.layers = nn.ModuleList(SC2Layer(o) for _ in range(o["layers"]))
        self.norm = nn.LayerNorm(o["width"], eps=1e-5)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.embed_tokens.weight.T
