# einops-based patch merging (Swin style): 4C -> 2C linear after a rearrange
import torch.nn as nn
from einops import rearrange
from einops.layers.torch import Rearrange


class PatchMerge(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.norm = nn.LayerNorm(4 * c)
        self.reduce = nn.Linear(4 * c, 2 * c, bias=False)

    def forward(self, x):
        x = rearrange(x, "b (h p1) (w p2) c -> b h w (p1 p2 c)", p1=2, p2=2)
        return self.reduce(self.norm(x))


dim = 48
model = nn.Sequential(
    nn.Conv2d(3, dim, 4, 4),
    Rearrange("b c h w -> b h w c"),
    PatchMerge(dim),
    PatchMerge(2 * dim),
    PatchMerge(4 * dim),
)
