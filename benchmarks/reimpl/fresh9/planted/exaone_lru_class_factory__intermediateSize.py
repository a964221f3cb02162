"""EXAONE (tiny) whose block class is made by a cached class factory: ``block_class(width,
heads, kv_heads, ffn)`` returns one ``nn.Module`` subclass per size, so equal sizes share a
class. The output head is tied to the embedding."""

from functools import lru_cache

import torch.nn.functional as F
from torch import nn

VOCAB = 512
WIDTH = 64
DEPTH = 2


@lru_cache(maxsize=8)
def block_class(width, heads, kv_heads, ffn, eps=1e-5):
    head_dim = width // heads

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln_1 = nn.RMSNorm(width, eps=eps)
            self.q = nn.Linear(width, heads * head_dim, bias=False)
            self.k = nn.Linear(width, kv_heads * head_dim, bias=False)
            self.v = nn.Linear(width, kv_heads * head_dim, bias=False)
            self.out = nn.Linear(heads * head_dim, width, bias=False)
            self.ln_2 = nn.RMSNorm(width, eps=eps)
            self.c_fc_0 = nn.Linear(width, ffn, bias=False)
            self.c_fc_1 = nn.Linear(width, ffn, bias=False)
            self.c_proj = nn.Linear(ffn, width, bias=False)

        def forward(self, x):
            b, t, _ = x.shape
            h = self.ln_1(x)
            q = self.q(h).view(b, t, heads, head_dim).transpose(1, 2)
            k = self.k(h).view(b, t, kv_heads, head_dim).transpose(1, 2)
            v = self.v(h).view(b, t, kv_heads, head_dim).transpose(1, 2)
            k = k.repeat_interleave(heads // kv_heads, 1)
            v = v.repeat_interleave(heads // kv_heads, 1)
            a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.out(a.transpose(1, 2).reshape(b, t, -1))
            h = self.ln_2(x)
            return x + self.c_proj(F.silu(self.c_fc_0(h)) * self.c_fc_1(h))

    Block.__name__ = f"Block_{width}_{heads}_{kv_heads}_{ffn}"
    return Block


class ExaoneForCausalLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, WIDTH)
        Block = block_class(WIDTH, heads=4, kv_heads=1, ffn=224)
        self.h = nn.ModuleList([Block() for _ in range(DEPTH)])
        self.ln_f = nn.RMSNorm(WIDTH, eps=1e-5)

    @property
    def lm_head_weight(self):
        return self.wte.weight

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.h:
            x = blk(x)
        return F.linear(self.ln_f(x), self.lm_head_weight)
