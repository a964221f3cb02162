"""nomic-embed-text style encoder: post-LayerNorm BERT blocks with rotary positions (no
position table), a fused Wqkv, and a SwiGLU MLP whose up and gate halves share one matrix.
The sizes are the keyword defaults of the model's constructor."""

import torch
from torch import nn
from torch.nn import functional as F


def rotary(x, base):
    d = x.shape[-1]
    inv = 1.0 / base ** (torch.arange(0, d, 2, dtype=torch.float32) / d)
    f = torch.arange(x.shape[-2], dtype=torch.float32)[:, None] * inv[None]
    f = torch.cat([f, f], -1)
    lo, hi = x[..., : d // 2], x[..., d // 2 :]
    return x * f.cos() + torch.cat([-hi, lo], -1) * f.sin()


class NomicLayer(nn.Module):
    def __init__(self, width, n_heads, mlp_width, ln_eps, base):
        super().__init__()
        self.n_heads, self.base = n_heads, base
        self.Wqkv = nn.Linear(width, 3 * width, bias=False)
        self.out_proj = nn.Linear(width, width, bias=False)
        self.norm1 = nn.LayerNorm(width, eps=ln_eps)
        self.fc_in = nn.Linear(width, 2 * mlp_width, bias=False)
        self.fc_out = nn.Linear(mlp_width, width, bias=False)
        self.norm2 = nn.LayerNorm(width, eps=ln_eps)

    def forward(self, x):
        b, t, w = x.shape
        qkv = self.Wqkv(x).view(b, t, 3, self.n_heads, w // self.n_heads).permute(2, 0, 3, 1, 4)
        q, k, v = rotary(qkv[0], self.base), rotary(qkv[1], self.base), qkv[2]
        ctx = F.scaled_dot_product_attention(q, k, v)
        x = self.norm1(x + self.out_proj(ctx.transpose(1, 2).reshape(b, t, w)))
        up, gate = self.fc_in(x).chunk(2, dim=-1)
        return self.norm2(x + self.fc_out(up * F.silu(gate)))


class NomicEncoder(nn.Module):
    def __init__(
        self,
        *,
        vocab=656,
        width=64,
        n_layers=2,
        n_heads=4,
        mlp_width=128,
        type_vocab=2,
        ln_eps=0.1,
        rotary_base=1000.0,
    ):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, width)
        self.token_type_embeddings = nn.Embedding(type_vocab, width)
        self.emb_ln = nn.LayerNorm(width, eps=ln_eps)
        self.layers = nn.ModuleList(
            NomicLayer(width, n_heads, mlp_width, ln_eps, rotary_base) for _ in range(n_layers)
        )

    def forward(self, input_ids):
        types = torch.zeros_like(input_ids)
        x = self.emb_ln(self.word_embeddings(input_ids) + self.token_type_embeddings(types))
        for layer in self.layers:
            x = layer(x)
        return x
