import torch
import torch.nn as nn
import torch.nn.functional as F
from PoPE_pytorch import PoPE


class Attention(nn.Module):
    def __init__(self, dim, heads, dim_head):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * heads * dim_head, bias=False)
        self.out = nn.Linear(heads * dim_head, dim, bias=False)

    def forward(self, x, pope):
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        pos = pope(n)
        q, k = PoPE.apply_pope_to_qk(pos, q, k)
        return self.out(F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).flatten(2))


class GPT(nn.Module):
    def __init__(self, vocab=512, dim=128, depth=4, heads=4, dim_head=32):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pope = PoPE(dim_head, heads=heads)
        self.layers = nn.ModuleList(
            nn.ModuleList([nn.LayerNorm(dim), Attention(dim, heads, dim_head), nn.LayerNorm(dim),
                           nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))])
            for _ in range(depth)
        )
        self.norm = nn.LayerNorm(dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, x):
        x = self.tok(x)
        for n1, attn, n2, ff in self.layers:
            x = x + attn(n1(x), self.pope)
            x = x + ff(n2(x))
        return self.lm_head(self.norm(x))


model = GPT(vocab=300, dim=96, depth=3, heads=3, dim_head=32)
