"""StableLM whose depth is never written down: it is the length of the per-layer stochastic
depth schedule. LayerNorms with bias, a quarter of each head rotated, no projection biases."""

import torch
import torch.nn.functional as F
from torch import nn

DROP_PATH = (0.0, 0.05)
WIDTH, HEADS, KV_HEADS = 64, 4, 4
FFN = 160
VOCAB = 448
ROTARY_PCT = 0.25
LN_EPS = 1e-5
BASE = 10000.0


def partial_rope(x):
    t, hd = x.shape[-2:]
    r = int(hd * ROTARY_PCT)
    rot, keep = x[..., :r], x[..., r:]
    f = torch.outer(torch.arange(t).float(), BASE ** (-torch.arange(0, r, 2).float() / r))
    f = f.repeat(1, 2)
    a, b = rot.chunk(2, -1)
    return torch.cat((rot * f.cos() + torch.cat((-b, a), -1) * f.sin(), keep), -1)


class Decoder(nn.Module):
    def __init__(self, drop):
        super().__init__()
        self.drop, hd = drop, WIDTH // HEADS
        self.input_layernorm = nn.LayerNorm(WIDTH, eps=LN_EPS)
        self.q_proj = nn.Linear(WIDTH, HEADS * hd, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV_HEADS * hd, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV_HEADS * hd, bias=False)
        self.o_proj = nn.Linear(HEADS * hd, WIDTH, bias=False)
        self.post_attention_layernorm = nn.LayerNorm(WIDTH, eps=LN_EPS)
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd = WIDTH // HEADS
        h = self.input_layernorm(x)
        q = partial_rope(self.q_proj(h).view(b, t, HEADS, hd).transpose(1, 2))
        k = partial_rope(self.k_proj(h).view(b, t, KV_HEADS, hd).transpose(1, 2))
        v = self.v_proj(h).view(b, t, KV_HEADS, hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class StableLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Decoder(p) for p in DROP_PATH)
        self.norm = nn.LayerNorm(WIDTH, eps=LN_EPS)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
