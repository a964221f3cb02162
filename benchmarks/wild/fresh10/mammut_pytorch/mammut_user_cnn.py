from mammut_pytorch import MaMMUT
from torch import nn


class ConvTokens(nn.Module):
    """A small conv image encoder that returns a grid of image tokens (b, n, d)."""

    def __init__(self, dim=256):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 64, 4, stride=4),
            nn.GELU(),
            nn.Conv2d(64, dim, 2, stride=2),
        )

    def forward(self, x):
        return self.net(x).flatten(2).transpose(1, 2)


model = MaMMUT(
    dim=256,
    num_tokens=10000,
    depth=4,
    cross_attend_every=2,
    image_dim=256,
    num_img_queries=64,
    dim_head=32,
    heads=8,
    img_encoder=ConvTokens(256),
    caption_loss_weight=1.0,
    contrastive_loss_weight=1.0,
)
