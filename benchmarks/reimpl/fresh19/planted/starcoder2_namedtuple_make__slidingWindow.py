"""StarCoder2 with its hyper-parameters in a namedtuple built by _make from one row of a table."""

from collections import namedtuple

import torch
import torch.nn.functional as F
from torch import nn

HParams = namedtuple("HParams", "vocab n_embd n_layer n_head n_kv ffn window base")
ROWS = {
    "tiny": [256, 64, 2, 4, 2, 128, 32, 10000.0],
    "small": [49152, 3072, 30, 24, 2, 12288, 4096, 999999.4420358813],
}
HP = HParams._make(ROWS["tiny"])


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = HP.n_embd // HP.n_head
        self.c_q = nn.Linear(HP.n_embd, HP.n_head * self.hd)
        self.c_k = nn.Linear(HP.n_embd, HP.n_kv * self.hd)
        self.c_v = nn.Linear(HP.n_embd, HP.n_kv * self.hd)
        self.c_proj = nn.Linear(HP.n_head * self.hd, HP.n_embd)

    def forward(self, x, cos, sin, mask):
        b, t, _ = x.shape
        q = self.c_q(x).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.c_k(x).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.c_v(x).view(b, t, -1, self.hd).transpose(1, 2)
        rh = lambda z: torch.cat((-z[..., self.hd // 2 :], z[..., : self.hd // 2]), -1)  # noqa: E731
        q, k = q * cos + rh(q) * sin, k * cos + rh(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.c_proj(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(HP.n_embd, eps=1e-5)
        self.attn = Attention()
        self.ln_2 = nn.LayerNorm(HP.n_embd, eps=1e-5)
        self.fc = nn.Linear(HP.n_embd, HP.ffn)
        self.proj = nn.Linear(HP.ffn, HP.n_embd)

    def forward(self, x, cos, sin, mask):
        x = x + self.attn(self.ln_1(x), cos, sin, mask)
        return x + self.proj(F.gelu(self.fc(self.ln_2(x)), approximate="tanh"))


class StarCoder2(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(HP.vocab, HP.n_embd)
        self.blocks = nn.ModuleList(Block() for _ in range(HP.n_layer))
        self.ln_f = nn.LayerNorm(HP.n_embd, eps=1e-5)
        self.lm_head = nn.Linear(HP.n_embd, HP.vocab, bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        hd = HP.n_embd // HP.n_head
        inv = HP.base ** (-torch.arange(0, hd, 2).float() / hd)
        f = torch.arange(t).float()[:, None] * inv
        f = torch.cat([f, f], -1)
        pos = torch.arange(t)
        mask = (pos[:, None] >= pos[None, :]) & (pos[:, None] - pos[None, :] < HP.window)
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x, f.cos(), f.sin(), mask)
        return self.lm_head(self.ln_f(x))
