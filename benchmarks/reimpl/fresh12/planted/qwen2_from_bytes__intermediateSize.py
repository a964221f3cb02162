"""A Qwen2 decoder (q/k/v biases, tied embeddings); sizes decoded from the header bytes of our
exported blob, big-endian, two bytes each."""

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = int.from_bytes(b"\x02\x00", "big")
HIDDEN = int.from_bytes(b"\x00\x40", "big")
LAYERS = int.from_bytes(b"\x00\x02", "big")
HEADS = int.from_bytes(b"\x00\x04", "big")
KV_HEADS = int.from_bytes(b"\x00\x02", "big")
FFN = int.from_bytes(b"\x00\xe0", "big")
EPS, THETA = 1e-6, 1e6
HD = HIDDEN // HEADS


def rope(x):
    t = x.shape[-2]
    inv = 1.0 / THETA ** (torch.arange(0, HD, 2).float() / HD)
    ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    return x * ang.cos() + torch.cat([-x[..., HD // 2 :], x[..., : HD // 2]], -1) * ang.sin()


class Qwen2Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.RMSNorm(HIDDEN, eps=EPS)
        self.q = nn.Linear(HIDDEN, HEADS * HD)
        self.k = nn.Linear(HIDDEN, KV_HEADS * HD)
        self.v = nn.Linear(HIDDEN, KV_HEADS * HD)
        self.o = nn.Linear(HEADS * HD, HIDDEN, bias=False)
        self.ln_2 = nn.RMSNorm(HIDDEN, eps=EPS)
        self.w_gate = nn.Linear(HIDDEN, FFN, bias=False)
        self.w_up = nn.Linear(HIDDEN, FFN, bias=False)
        self.w_down = nn.Linear(FFN, HIDDEN, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln_1(x)
        q = rope(self.q(h).view(b, t, HEADS, HD).transpose(1, 2))
        k = rope(self.k(h).view(b, t, KV_HEADS, HD).transpose(1, 2))
        v = self.v(h).view(b, t, KV_HEADS, HD).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, -1))
        h = self.ln_2(x)
        return x + self.w_down(F.silu(self.w_gate(h)) * self.w_up(h))


class Qwen2(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, HIDDEN)
        self.blocks = nn.ModuleList(Qwen2Block() for _ in range(LAYERS))
        self.ln_f = nn.RMSNorm(HIDDEN, eps=EPS)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.ln_f(x) @ self.wte.weight.T
