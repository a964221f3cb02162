"""Mistral with a fused k|v projection per layer; the args come from a model card dict through a
classmethod that renames the card's keys."""

import torch
import torch.nn.functional as F
from torch import nn

CARD = {"vocab_size": 512, "hidden": 64, "n_layers": 3, "n_heads": 4, "n_kv": 2, "ffn": 256}
ROPE_THETA, WINDOW = 10000.0, 4096


class Args:
    def __init__(self, vocab, dim, depth, heads, kv, ffn):
        self.vocab, self.dim, self.depth = vocab, dim, depth
        self.heads, self.kv, self.ffn = heads, kv, ffn

    @classmethod
    def from_card(cls, card):
        return cls(
            vocab=card["vocab_size"],
            dim=card["hidden"],
            depth=card["n_layers"],
            heads=card["n_heads"],
            kv=card["n_kv"],
            ffn=card["ffn"],
        )


ARGS = Args.from_card(CARD)


def rotate(x, cos, sin):
    x1, x2 = x.chunk(2, -1)
    return x * cos + torch.cat([-x2, x1], -1) * sin


class Layer(nn.Module):
    def __init__(self, a: Args):
        super().__init__()
        hd = a.dim // a.heads
        self.a, self.hd = a, hd
        self.norm_a, self.norm_f = nn.RMSNorm(a.dim, eps=1e-5), nn.RMSNorm(a.dim, eps=1e-5)
        self.wq = nn.Linear(a.dim, a.heads * hd, bias=False)
        self.wkv = nn.Linear(a.dim, 2 * a.kv * hd, bias=False)
        self.wo = nn.Linear(a.heads * hd, a.dim, bias=False)
        self.ffn = nn.ModuleDict(
            {
                "gate": nn.Linear(a.dim, a.ffn, bias=False),
                "up": nn.Linear(a.dim, a.ffn, bias=False),
                "down": nn.Linear(a.ffn, a.dim, bias=False),
            }
        )

    def forward(self, x, cos, sin, mask):
        a, (b, t, _) = self.a, x.shape
        h = self.norm_a(x)
        q = self.wq(h).view(b, t, a.heads, self.hd).transpose(1, 2)
        k, v = self.wkv(h).view(b, t, 2, a.kv, self.hd).permute(2, 0, 3, 1, 4)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        x = x + self.wo(o.transpose(1, 2).reshape(b, t, -1))
        h = self.norm_f(x)
        return x + self.ffn["down"](F.silu(self.ffn["gate"](h)) * self.ffn["up"](h))


class MistralLM(nn.Module):
    def __init__(self, a: Args = ARGS):
        super().__init__()
        self.tokens = nn.Embedding(a.vocab, a.dim)
        self.layers = nn.ModuleList(Layer(a) for _ in range(a.depth))
        self.final_norm = nn.RMSNorm(a.dim, eps=1e-5)
        self.head = nn.Linear(a.dim, a.vocab, bias=False)

    def forward(self, ids):
        x, t = self.tokens(ids), ids.shape[1]
        hd = self.layers[0].hd
        inv = 1.0 / ROPE_THETA ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
        pos = torch.arange(t)
        gap = pos[:, None] - pos[None]
        mask = (gap >= 0) & (gap < WINDOW)  # causal, within the sliding window
        for layer in self.layers:
            x = layer(x, cos, sin, mask)
        return self.head(self.final_norm(x))
