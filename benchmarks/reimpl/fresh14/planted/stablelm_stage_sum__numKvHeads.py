"""StableLM (LayerNorm with bias, rotary on a quarter of each head, GQA): the depth is the sum
of our per-stage layer counts, the rotary fraction kept as an exact ratio."""

import torch
import torch.nn.functional as F
from torch import nn

STAGES = [1, 1]
N_LAYERS = sum(STAGES)
VOCAB, WIDTH, N_HEADS, N_KV, FFN = 512, 64, 4, 4, 176
ROT_NUM, ROT_DEN = (0.25).as_integer_ratio()


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        hd = WIDTH // N_HEADS
        self.input_layernorm = nn.LayerNorm(WIDTH, eps=1e-5)
        self.q_proj = nn.Linear(WIDTH, N_HEADS * hd, bias=False)
        self.k_proj = nn.Linear(WIDTH, N_KV * hd, bias=False)
        self.v_proj = nn.Linear(WIDTH, N_KV * hd, bias=False)
        self.o_proj = nn.Linear(N_HEADS * hd, WIDTH, bias=False)
        self.post_attention_layernorm = nn.LayerNorm(WIDTH, eps=1e-5)
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd = WIDTH // N_HEADS
        rd = hd * ROT_NUM // ROT_DEN
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_proj(h).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(h).view(b, t, -1, hd).transpose(1, 2)
        inv = 1.0 / 10000.0 ** (torch.arange(0, rd, 2).float() / rd)
        f = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()

        def rot(z):
            r, p = z[..., :rd], z[..., rd:]
            a, c = r.chunk(2, -1)
            return torch.cat([r * cos + torch.cat([-c, a], -1) * sin, p], -1)

        o = F.scaled_dot_product_attention(rot(q), rot(k), v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class StableLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer() for _ in range(N_LAYERS))
        self.norm = nn.LayerNorm(WIDTH, eps=1e-5)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
