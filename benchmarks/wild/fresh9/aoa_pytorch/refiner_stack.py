# AoA refiner over detector features (as in the AoANet encoder), config from a dict
from aoa_pytorch import AttentionOnAttention
from torch import nn

cfg = {"dim": 512, "dim_head": 64, "heads": 8, "dropout": 0.1, "aoa_dropout": 0.1}


class Refiner(nn.Module):
    def __init__(self, in_dim=2048, n_layers=3, **attn):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(in_dim, attn["dim"]), nn.ReLU(), nn.Dropout(0.1))
        self.blocks = nn.ModuleList([AttentionOnAttention(**attn) for _ in range(n_layers)])
        self.norms = nn.ModuleList([nn.LayerNorm(attn["dim"]) for _ in range(n_layers)])

    def forward(self, feats):
        x = self.proj(feats)
        for blk, ln in zip(self.blocks, self.norms):
            x = ln(x + blk(x))
        return x


model = Refiner(in_dim=2048, n_layers=3, **cfg)
