from mammut_pytorch import MaMMUT
from torch import nn


def patch_encoder(dim=128, patch=8, channels=3):
    # a ViT-like patchifier + two transformer layers, returning (b, n, dim) tokens
    layer = nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True)
    return nn.Sequential(
        nn.Conv2d(channels, dim, patch, stride=patch),
        nn.Flatten(2),
        Transpose(),
        nn.TransformerEncoder(layer, 2),
    )


class Transpose(nn.Module):
    def forward(self, x):
        return x.transpose(1, 2)


encoder = patch_encoder()
for p in encoder.parameters():
    p.requires_grad_(False)

model = MaMMUT(
    dim=128,
    num_tokens=3000,
    depth=3,
    cross_attend_every=1,
    image_dim=128,
    num_img_queries=49,
    heads=4,
    dim_head=32,
    img_encoder=encoder,
)
