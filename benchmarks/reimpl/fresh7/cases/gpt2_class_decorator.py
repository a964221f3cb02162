"""GPT-2: learned positions, pre-norm blocks with a fused qkv projection, GELU (tanh), a final
LayerNorm, the head tied to the token embeddings. Plain ``nn.Linear`` layers (not GPT-2's
Conv1D). The sizes are attached to the model class by a class decorator,
``@with_sizes(...)``, and read back as class attributes by every part."""

import torch
import torch.nn.functional as F
from torch import nn


def with_sizes(**sizes):
    def deco(cls):
        for k, v in sizes.items():
            setattr(cls, k, v)
        return cls

    return deco


@with_sizes(n_vocab=784, n_ctx=96, n_embd=64, n_layer=2, n_head=4, eps=1e-5)
class Sizes:
    pass


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d = Sizes.n_embd
        self.ln_1 = nn.LayerNorm(d, eps=Sizes.eps)
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)
        self.ln_2 = nn.LayerNorm(d, eps=Sizes.eps)
        self.c_fc = nn.Linear(d, 4 * d)
        self.mlp_proj = nn.Linear(4 * d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(d, dim=-1)
        q, k, v = (z.view(b, t, Sizes.n_head, -1).transpose(1, 2) for z in (q, k, v))
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.c_proj(o.transpose(1, 2).reshape(b, t, d))
        return x + self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class GPT2(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(Sizes.n_vocab, Sizes.n_embd)
        self.wpe = nn.Embedding(Sizes.n_ctx, Sizes.n_embd)
        self.h = nn.ModuleList([Block() for _ in range(Sizes.n_layer)])
        self.ln_f = nn.LayerNorm(Sizes.n_embd, eps=Sizes.eps)

    def forward(self, idx):
        x = self.wte(idx) + self.wpe(torch.arange(idx.shape[1]))
        for block in self.h:
            x = block(x)
        return self.ln_f(x) @ self.wte.weight.T
