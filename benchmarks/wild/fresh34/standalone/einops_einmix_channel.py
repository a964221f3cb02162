import torch.nn as nn
from einops.layers.torch import EinMix, Rearrange, Reduce


class MixerBlock(nn.Module):
    def __init__(self, n_tokens, dim, expansion=2):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        # token mixing: a weight over t -> t2 shared across channels
        self.token_mix = EinMix(
            "b t c -> b t2 c",
            weight_shape="t t2",
            bias_shape="t2 c",
            t=n_tokens,
            t2=n_tokens,
            c=dim,
        )
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mix = nn.Sequential(
            EinMix("b t c -> b t h", weight_shape="c h", bias_shape="h", c=dim, h=dim * expansion),
            nn.GELU(),
            EinMix("b t h -> b t c", weight_shape="h c", c=dim, h=dim * expansion),
        )


def build(image=32, patch=8, dim=48, depth=2, n_classes=10):
    n_tokens = (image // patch) ** 2
    return nn.Sequential(
        Rearrange("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=patch, p2=patch),
        nn.Linear(patch * patch * 3, dim),
        *[MixerBlock(n_tokens, dim) for _ in range(depth)],
        Reduce("b t c -> b c", "mean"),
        nn.Linear(dim, n_classes),
    )


model = build(image=32, patch=8, dim=24, depth=3, n_classes=5)
