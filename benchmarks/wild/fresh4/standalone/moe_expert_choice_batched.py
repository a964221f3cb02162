"""Expert-choice MoE (experts pick tokens) with experts stored as batched weight tensors."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class ExpertChoiceMoE(nn.Module):
    def __init__(self, dim, num_experts=8, hidden_mult=2, capacity_factor=2.0):
        super().__init__()
        hidden = dim * hidden_mult
        self.router = nn.Linear(dim, num_experts, bias=False)
        self.w1 = nn.Parameter(torch.empty(num_experts, dim, hidden))
        self.w2 = nn.Parameter(torch.empty(num_experts, hidden, dim))
        self.b1 = nn.Parameter(torch.zeros(num_experts, 1, hidden))
        nn.init.kaiming_uniform_(self.w1)
        nn.init.kaiming_uniform_(self.w2)
        self.capacity_factor = capacity_factor
        self.num_experts = num_experts

    def forward(self, x):
        b, n, d = x.shape
        tokens = x.reshape(-1, d)
        scores = F.softmax(self.router(tokens), dim=-1).t()
        k = int(tokens.shape[0] * self.capacity_factor / self.num_experts)
        gates, idx = scores.topk(k, dim=-1)
        xin = tokens[idx]
        h = F.gelu(torch.bmm(xin, self.w1) + self.b1)
        y = torch.bmm(h, self.w2) * gates.unsqueeze(-1)
        out = torch.zeros_like(tokens).index_add_(0, idx.flatten(), y.reshape(-1, d))
        return out.view(b, n, d)


class Block(nn.Module):
    def __init__(self, dim, heads, moe):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True, bias=False)
        self.ln2 = nn.LayerNorm(dim)
        self.ffn = (
            ExpertChoiceMoE(dim)
            if moe
            else nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        )

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ffn(self.ln2(x))


class Encoder(nn.Module):
    def __init__(self, vocab=8192, dim=256, depth=6, heads=4, moe_every=2):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Parameter(torch.zeros(1, 512, dim))
        self.blocks = nn.ModuleList(
            Block(dim, heads, moe=(i % moe_every == moe_every - 1)) for i in range(depth)
        )
        self.norm = nn.LayerNorm(dim)

    def forward(self, ids):
        x = self.tok(ids) + self.pos[:, : ids.shape[1]]
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x)


model = Encoder(vocab=8192, dim=256, depth=6, heads=4, moe_every=2)
