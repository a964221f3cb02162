import torch.nn as nn
from PEER_pytorch import PEER


class Block(nn.Module):
    def __init__(self, dim, heads, num_experts):
        super().__init__()
        self.attn_norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ff = PEER(
            dim=dim,
            heads=heads,
            num_experts=num_experts,
            num_experts_per_head=8,
            dim_key=64,
            pre_rmsnorm=True,
        )

    def forward(self, x):
        h = self.attn_norm(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(x)


model = nn.Sequential(*[Block(256, 4, 64 * 64) for _ in range(2)])
