# an MLP-Mixer with einops Rearrange / Reduce layers; the patch count comes from image and patch sizes
import torch.nn as nn
from einops.layers.torch import Rearrange, Reduce

image, patch, dim, depth, classes = 64, 8, 96, 3, 10
n = (image // patch) ** 2


def mixer_block():
    return nn.Sequential(
        nn.LayerNorm(dim),
        Rearrange("b n d -> b d n"),
        nn.Linear(n, n * 2),
        nn.GELU(),
        nn.Linear(n * 2, n),
        Rearrange("b d n -> b n d"),
        nn.LayerNorm(dim),
        nn.Linear(dim, dim * 4),
        nn.GELU(),
        nn.Linear(dim * 4, dim),
    )


model = nn.Sequential(
    Rearrange("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=patch, p2=patch),
    nn.Linear(patch * patch * 3, dim),
    *[mixer_block() for _ in range(depth)],
    nn.LayerNorm(dim),
    Reduce("b n d -> b d", "mean"),
    nn.Linear(dim, classes),
)
